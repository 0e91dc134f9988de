// The caller's sessions: the list, signing out every other one, signing out one. The caller's own sessions
// only; another user's session id is not found.
import { TWO_FACTOR_ENDPOINTS, TWO_FACTOR_MESSAGES } from '@blueconsent/contract/two-factor'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../errors.ts'
import { serveEndpoint } from '../http/endpoints.ts'
import { actorOf } from './principal.ts'
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['sessions'], security: [{ bearer: [] }] } }

  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.sessions, docs, async (request) =>
    listSessions(ctx, actorOf(request)),
  )
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.signOutOtherSessions, docs, async (request) => ({
    signed_out: await revokeOtherSessions(ctx, actorOf(request)),
  }))
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.signOutSession, docs, async (request) => {
    if (!UUID.test(request.params.id)) throw notFound()
    await revokeSession(ctx, actorOf(request), request.params.id)
    return { detail: TWO_FACTOR_MESSAGES.sessionSignedOut }
  })
}
