// Authorization requests and health plans (paths exact, trailing slashes), plus renew,
// identity review, hide and unhide ('Clear My Requests' and its Undo) and the MRN blur check. GET .../{id}/data/ belongs to the ingestion feature.
import { AUTHORIZATION_REQUEST_ENDPOINTS } from '@blueconsent/contract/authorization-requests'
import { HEALTH_PLAN } from '@blueconsent/contract/shared'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf } from '../../platform/identity/index.ts'
import { AnswerCache, fileAnswer } from '../../platform/lib/answer-cache.ts'
import { conditionalGet } from '../../platform/lib/etag.ts'
import {
  createRequest,
  decideIdentityReview,
  hideRequest,
  listAnswerKey,
  listRequests,
  lookupMrn,
  readRequest,
  renewRequest,
  requestStatus,
  resendRequest,
  retryPull,
  revokeRequest,
  unhideRequests,
} from './authorization-requests.service.ts'

const E = AUTHORIZATION_REQUEST_ENDPOINTS
const docs = { schema: { tags: ['authorization-requests'] } }

export async function authorizationRequestRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  // Per app instance (tests build many apps in one process); keys carry the organisation's revision.
  const listAnswers = new AnswerCache()

  serveEndpoint(app, E.healthPlans, docs, async () => [
    { id: HEALTH_PLAN.slug, slug: HEALTH_PLAN.slug, name: HEALTH_PLAN.name },
  ])

  serveEndpoint(
    app,
    E.create,
    // An unfinished setup, or an overdue subscription (its data stays readable), asks no new patient yet.
    { ...docs, config: { requires: ['setup_complete', 'billing_current'] } },
    async (request, reply) =>
      reply.status(201).send(await createRequest(ctx, actorOf(request), request.body)),
  )

  serveEndpoint(
    app,
    E.list,
    // Polled by the web's request pages: an unchanged page is served from memory (lib/answer-cache.ts)
    // and answers 304 to the client that holds it (lib/etag.ts).
    { ...docs, onSend: [fileAnswer, conditionalGet] },
    async (request, reply) => {
      const q = request.query
      const { principal } = actorOf(request)
      const query = {
        page: q.page,
        pageSize: q.page_size,
        scope: q.scope,
        status: q.status,
        requester: q.requester,
        hidden: q.hidden === 'true',
        attention: q.attention,
      }
      // A figure's set moves with the clock (48 hours ago, 30 days ahead): never served from the held answers.
      if (query.attention) return listRequests(ctx, principal, query, E.list.path)
      if (await listAnswers.sendHeld(request, reply, listAnswerKey(principal, query, ctx.clock())))
        return reply
      return listRequests(ctx, principal, query, E.list.path)
    },
  )

  serveEndpoint(app, E.lookup, docs, async (request) => lookupMrn(ctx, actorOf(request), request.query.mrn))
  serveEndpoint(app, E.read, docs, async (request) => readRequest(ctx, actorOf(request), request.params.id))
  serveEndpoint(app, E.status, { ...docs, onSend: conditionalGet }, async (request) =>
    requestStatus(ctx, actorOf(request).principal, request.params.id),
  )
  serveEndpoint(app, E.revoke, docs, async (request) =>
    revokeRequest(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.resend, docs, async (request) =>
    resendRequest(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.retryPull, docs, async (request) =>
    retryPull(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.renew, docs, async (request, reply) =>
    reply.status(201).send(await renewRequest(ctx, actorOf(request), request.params.id)),
  )
  serveEndpoint(app, E.identityReview, docs, async (request) =>
    decideIdentityReview(ctx, actorOf(request), request.params.id, request.body),
  )
  serveEndpoint(app, E.hide, docs, async (request) => hideRequest(ctx, actorOf(request), request.params.id))
  serveEndpoint(app, E.unhide, docs, async (request) =>
    unhideRequests(ctx, actorOf(request), request.body.request_ids),
  )
}
