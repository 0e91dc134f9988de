// /api/integrations/: an organisation's third-party apps (its admins and the platform's) and the apps the
// signed-in user authorized (everyone, their own only).
import { INTEGRATION_ENDPOINTS } from '@blueconsent/contract/integrations'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf } from '../../platform/identity/index.ts'
import {
  createIntegrationApp,
  deleteIntegrationApp,
  listAuthorizedApps,
  listIntegrationApps,
  revokeAuthorizedApp,
  rotateIntegrationSecret,
} from './integrations.service.ts'
import { webhookRoutes } from './webhooks.routes.ts'

export async function integrationsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const schema = { tags: ['integrations'], security: [{ bearer: [] }] }
  const docs = (description?: string) => ({ schema: description ? { ...schema, description } : schema })
  const E = INTEGRATION_ENDPOINTS

  serveEndpoint(app, E.apps, docs(), async (request) =>
    listIntegrationApps(ctx, actorOf(request).principal, request.query),
  )
  serveEndpoint(
    app,
    E.registerApp,
    docs('Registers an app; the answer carries its client secret, shown this once.'),
    async (request, reply) =>
      reply.status(201).send(await createIntegrationApp(ctx, actorOf(request), request.body)),
  )
  serveEndpoint(
    app,
    E.rotateAppSecret,
    docs('A new client secret, shown this once; the old one stops working at once.'),
    async (request) => rotateIntegrationSecret(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(
    app,
    E.deleteApp,
    docs('Deletes the app and revokes every grant and token users gave it.'),
    async (request, reply) => {
      await deleteIntegrationApp(ctx, actorOf(request), request.params.id)
      return reply.status(204).send()
    },
  )

  serveEndpoint(app, E.authorizedApps, docs(), async (request) =>
    listAuthorizedApps(ctx, actorOf(request).principal),
  )
  serveEndpoint(
    app,
    E.revokeAuthorizedApp,
    docs('Revokes an app the user authorized: its access and refresh tokens fail on the next request.'),
    async (request, reply) => {
      await revokeAuthorizedApp(ctx, actorOf(request), request.params.id)
      return reply.status(204).send()
    },
  )
  await webhookRoutes(app)
}
