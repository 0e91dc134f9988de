// Support over HTTP: any signed-in user may write to support; the public contact form may too, without a
// token, under a strict per-client limit (each call sends two emails).
import { SUPPORT_ENDPOINTS } from '@blueconsent/contract/support'
import type { FastifyInstance } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { submitPublicSupportRequest, submitSupportRequest } from './support.service.ts'

const MINUTE_MS = 60_000
/** Per client address: a person rarely writes more than a few times in a quarter of an hour. */
export const PUBLIC_SUPPORT_LIMIT = { max: 5, timeWindow: 15 * MINUTE_MS }
const SIGNED_IN_SUPPORT_LIMIT = { max: 20, timeWindow: 15 * MINUTE_MS }

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app

  serveEndpoint(
    app,
    SUPPORT_ENDPOINTS.submit,
    {
      config: { rateLimit: SIGNED_IN_SUPPORT_LIMIT },
      schema: { tags: ['support'], security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      if (!request.principal) throw notAuthenticated()
      const source = { principal: request.principal, ip: request.ip, httpRequestId: request.id }
      return reply.status(201).send(await submitSupportRequest(ctx, source, request.body))
    },
  )
  serveEndpoint(
    app,
    SUPPORT_ENDPOINTS.submitPublic,
    { config: { rateLimit: PUBLIC_SUPPORT_LIMIT }, schema: { tags: ['support'] } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await submitPublicSupportRequest(ctx, { ip: request.ip, httpRequestId: request.id }, request.body),
        ),
  )
}
