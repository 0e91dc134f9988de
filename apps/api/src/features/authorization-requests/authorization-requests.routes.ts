// Authorization requests and health plans (paths exact, trailing slashes), plus renew,
// identity review, hide and unhide ('Clear My Requests' and its Undo) and the MRN blur check. GET .../{id}/data/ belongs to the ingestion feature.
import {
  authorizationRequestSchema,
  identityDecisionSchema,
  authorizationStatusResponseSchema,
  authorizationStatusSchema,
  createAuthorizationRequestSchema,
  healthPlanListSchema,
  mrnLookupResponseSchema,
  requestAttentionSchema,
  unhideRequestsResponseSchema,
  unhideRequestsSchema,
} from '@blueconsent/contract/authorization-requests'
import {
  ADMIN_ROLES,
  HEALTH_PLAN,
  PROVIDER_ROLES,
  paginated,
  type Permission,
} from '@blueconsent/contract/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
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

const tags = ['authorization-requests']
const BASE = '/api/healthplans/requests/'
const READ: { permissions: Permission[] } = { permissions: ['patients.view'] }
const WRITE: { permissions: Permission[] } = { permissions: ['authorization_requests.create'] }
// Rules narrower than a permission, declared here so the route table says who may call what (the services
// check them again): the MRN check and renewal are for provider roles (agents never search by MRN), the
// identity review decision for organisation admins.
const PROVIDER_READ = { ...READ, roles: PROVIDER_ROLES }
const PROVIDER_WRITE = { ...WRITE, roles: PROVIDER_ROLES }
const ADMIN_READ = { ...READ, roles: ADMIN_ROLES }
// Only a length cap here: the service checks the UUID, so a bad id answers 400
// `{detail: 'Invalid request ID format', code: 'validation_error'}` rather than a schema field error.
const idParams = z.object({ id: z.string().max(64) })
const MAX_PAGE_SIZE = 100

const createBodySchema = z.intersection(
  createAuthorizationRequestSchema,
  z.object({ language: z.enum(['en', 'es']).optional() }),
)

// Unknown parameters (the web adds `_t=`) are ignored.
const listQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  scope: z.enum(['mine', 'organization']).default('mine'),
  status: authorizationStatusSchema.optional(),
  requester: z.string().max(64).optional(),
  /** 'Show hidden': the caller's own requests they cleared from My Requests. */
  hidden: z.enum(['true', 'false']).optional(),
  /** A dashboard figure's set (waiting over 48 hours, ending within 30 days, pull failed, authorized). */
  attention: requestAttentionSchema.optional(),
})

export async function authorizationRequestRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const one = { 200: authorizationRequestSchema }
  // Per app instance (tests build many apps in one process); keys carry the organisation's revision.
  const listAnswers = new AnswerCache()

  routes.get(
    '/api/healthplans/health-plans/',
    { config: { access: READ }, schema: { tags, response: { 200: healthPlanListSchema } } },
    async () => [{ id: HEALTH_PLAN.slug, slug: HEALTH_PLAN.slug, name: HEALTH_PLAN.name }],
  )

  routes.post(
    BASE,
    {
      // An unfinished setup, or an overdue subscription (its data stays readable), asks no new patient yet.
      config: { access: WRITE, requires: ['setup_complete', 'billing_current'] },
      schema: { tags, body: createBodySchema, response: { 201: authorizationRequestSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createRequest(ctx, actorOf(request), request.body)),
  )

  routes.get(
    BASE,
    {
      config: { access: READ },
      // Polled by the web's request pages: an unchanged page is served from memory (lib/answer-cache.ts)
      // and answers 304 to the client that holds it (lib/etag.ts).
      onSend: [fileAnswer, conditionalGet],
      schema: {
        tags,
        querystring: listQuerySchema,
        response: { 200: paginated(authorizationRequestSchema) },
      },
    },
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
      if (query.attention) return listRequests(ctx, principal, query, BASE)
      if (await listAnswers.sendHeld(request, reply, listAnswerKey(principal, query, ctx.clock())))
        return reply
      return listRequests(ctx, principal, query, BASE)
    },
  )

  routes.get(
    `${BASE}lookup/`,
    {
      config: { access: PROVIDER_READ },
      schema: {
        tags,
        querystring: z.looseObject({ mrn: z.string().max(64).default('') }),
        response: { 200: mrnLookupResponseSchema },
      },
    },
    async (request) => lookupMrn(ctx, actorOf(request), request.query.mrn),
  )

  routes.get(
    `${BASE}:id/`,
    { config: { access: READ }, schema: { tags, params: idParams, response: one } },
    async (request) => readRequest(ctx, actorOf(request), request.params.id),
  )

  routes.get(
    `${BASE}:id/status/`,
    {
      config: { access: READ },
      onSend: conditionalGet,
      schema: { tags, params: idParams, response: { 200: authorizationStatusResponseSchema } },
    },
    async (request) => requestStatus(ctx, actorOf(request).principal, request.params.id),
  )

  routes.post(
    `${BASE}:id/revoke/`,
    { config: { access: WRITE }, schema: { tags, params: idParams, response: one } },
    async (request) => revokeRequest(ctx, actorOf(request), request.params.id),
  )

  routes.post(
    `${BASE}:id/resend/`,
    { config: { access: WRITE }, schema: { tags, params: idParams, response: one } },
    async (request) => resendRequest(ctx, actorOf(request), request.params.id),
  )

  routes.post(
    `${BASE}:id/retry-pull/`,
    { config: { access: WRITE }, schema: { tags, params: idParams, response: one } },
    async (request) => retryPull(ctx, actorOf(request), request.params.id),
  )

  routes.post(
    `${BASE}:id/renew/`,
    {
      config: { access: PROVIDER_WRITE },
      schema: { tags, params: idParams, response: { 201: authorizationRequestSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await renewRequest(ctx, actorOf(request), request.params.id)),
  )

  routes.post(
    `${BASE}:id/identity-review/`,
    {
      config: { access: ADMIN_READ },
      schema: {
        tags,
        params: idParams,
        body: identityDecisionSchema,
        response: one,
      },
    },
    async (request) => decideIdentityReview(ctx, actorOf(request), request.params.id, request.body),
  )

  routes.post(
    `${BASE}:id/hide/`,
    { config: { access: READ }, schema: { tags, params: idParams, response: one } },
    async (request) => hideRequest(ctx, actorOf(request), request.params.id),
  )

  routes.post(
    `${BASE}unhide/`,
    {
      config: { access: READ },
      schema: { tags, body: unhideRequestsSchema, response: { 200: unhideRequestsResponseSchema } },
    },
    async (request) => unhideRequests(ctx, actorOf(request), request.body.request_ids),
  )
}
