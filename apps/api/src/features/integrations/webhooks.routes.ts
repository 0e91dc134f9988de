// /api/integrations/webhooks/: an organisation's webhook endpoints, for its admins only.
import { WEBHOOK_ENDPOINTS } from '@blueconsent/contract/integrations'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import type { Actor } from '../../platform/identity/index.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from './webhooks.service.ts'

function sourceOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const schema = { tags: ['integrations'], security: [{ bearer: [] }] }
  const docs = (description?: string) => ({ schema: description ? { ...schema, description } : schema })
  const E = WEBHOOK_ENDPOINTS

  serveEndpoint(app, E.webhooks, docs(), async (request) => listWebhookEndpoints(ctx, sourceOf(request)))
  serveEndpoint(
    app,
    E.createWebhook,
    docs('Registers an endpoint; the answer carries its signing secret (whsec_…), shown this once.'),
    async (request, reply) =>
      reply.status(201).send(await createWebhookEndpoint(ctx, sourceOf(request), request.body)),
  )
  serveEndpoint(
    app,
    E.updateWebhook,
    docs('Changes the address or events, or disables or enables the endpoint.'),
    async (request) => updateWebhookEndpoint(ctx, sourceOf(request), request.params.id, request.body),
  )
  serveEndpoint(app, E.deleteWebhook, docs(), async (request, reply) => {
    await deleteWebhookEndpoint(ctx, sourceOf(request), request.params.id)
    return reply.status(204).send()
  })
  serveEndpoint(
    app,
    E.rotateWebhookSecret,
    docs('A new signing secret, shown this once; the previous one also signs for 24 hours.'),
    async (request) => rotateWebhookSecret(ctx, sourceOf(request), request.params.id),
  )
  serveEndpoint(
    app,
    E.sendWebhookTest,
    docs('Queues a webhook.test event for this endpoint.'),
    async (request, reply) =>
      reply.status(202).send(await sendWebhookTest(ctx, sourceOf(request), request.params.id)),
  )
  serveEndpoint(
    app,
    E.webhookDeliveries,
    docs('The endpoint’s latest deliveries, newest first.'),
    async (request) => listWebhookDeliveries(ctx, sourceOf(request), request.params.id),
  )
  serveEndpoint(
    app,
    E.resendWebhookDelivery,
    docs('Sends the delivery again with its original webhook-id.'),
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await resendWebhookDelivery(ctx, sourceOf(request), request.params.id, request.params.deliveryId),
        ),
  )
}
