// GET /api/sessions/, POST /api/sessions/sign-out-others/, DELETE /api/sessions/{id}/: the caller's own
// sessions only; another user's session id is not found.
import { detailSchema } from '@blueconsent/contract/shared'
import {
  TWO_FACTOR_MESSAGES,
  activeSessionListSchema,
  signedOutCountSchema,
} from '@blueconsent/contract/two-factor'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated, notFound } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['sessions'], security: [{ bearer: [] }] }

  routes.get(
    '/api/sessions/',
    { config: { access: {} }, schema: { ...schema, response: { 200: activeSessionListSchema } } },
    async (request) => listSessions(ctx, sourceOf(request)),
  )

  routes.post(
    '/api/sessions/sign-out-others/',
    { config: { access: {} }, schema: { ...schema, response: { 200: signedOutCountSchema } } },
    async (request) => ({ signed_out: await revokeOtherSessions(ctx, sourceOf(request)) }),
  )

  routes.delete(
    '/api/sessions/:id/',
    {
      config: { access: {} },
      schema: { ...schema, params: z.object({ id: z.string().max(100) }), response: { 200: detailSchema } },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound()
      await revokeSession(ctx, sourceOf(request), request.params.id)
      return { detail: TWO_FACTOR_MESSAGES.sessionSignedOut }
    },
  )
}
