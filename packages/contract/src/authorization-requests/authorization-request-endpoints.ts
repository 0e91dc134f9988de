// The authorization requests' HTTP face: /api/healthplans/requests/… and the health plans, with each call's
// rule of who may make it (the services check scope and the narrower rules again).
import { z } from 'zod'
import { paginated } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { requestDataSchema } from '../patients/patient-data.ts'
import {
  authorizationRequestSchema,
  authorizationStatusResponseSchema,
  authorizationStatusSchema,
  createAuthorizationRequestSchema,
  healthPlanListSchema,
  identityDecisionSchema,
  mrnLookupResponseSchema,
  requestAttentionSchema,
  unhideRequestsResponseSchema,
  unhideRequestsSchema,
} from './authorization-requests.ts'

/** The largest page of the request list. */
export const REQUEST_LIST_MAX_PAGE_SIZE = 100

/** A new request, optionally in the patient's language for the consent message. */
export const createRequestBodySchema = z.intersection(
  createAuthorizationRequestSchema,
  z.object({ language: z.enum(['en', 'es']).optional() }),
)

/** The request list's filters; unknown parameters (the web's `_t=`) are ignored. */
export const requestListQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(REQUEST_LIST_MAX_PAGE_SIZE).default(20),
  scope: z.enum(['mine', 'organization']).default('mine'),
  status: authorizationStatusSchema.optional(),
  requester: z.string().max(64).optional(),
  /** 'Show hidden': the caller's own requests they cleared from My Requests. */
  hidden: z.enum(['true', 'false']).optional(),
  /** A dashboard figure's set (waiting over 48 hours, ending within 30 days, pull failed, authorized). */
  attention: requestAttentionSchema.optional(),
})

export const mrnLookupQuerySchema = z.looseObject({ mrn: z.string().max(64).default('') })

// Only a length cap: the service checks the UUID, so a bad id answers 400 'Invalid request ID format'
// (code validation_error) rather than a schema field error.
const requestParamsSchema = z.object({ id: z.string().max(64) })
const one = { 200: authorizationRequestSchema }

export const AUTHORIZATION_REQUEST_ENDPOINTS = {
  healthPlans: defineEndpoint({
    method: 'GET',
    path: '/api/healthplans/health-plans/',
    access: 'PATIENTS_VIEW',
    answers: { 200: healthPlanListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/',
    access: 'REQUESTS_CREATE',
    body: createRequestBodySchema,
    answers: { 201: authorizationRequestSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/healthplans/requests/',
    access: 'PATIENTS_VIEW',
    query: requestListQuerySchema,
    answers: { 200: paginated(authorizationRequestSchema) },
  }),
  /** The create form's MRN blur check; agents never search by MRN. */
  lookup: defineEndpoint({
    method: 'GET',
    path: '/api/healthplans/requests/lookup/',
    access: 'PROVIDER_PATIENTS_VIEW',
    query: mrnLookupQuerySchema,
    answers: { 200: mrnLookupResponseSchema },
  }),
  read: defineEndpoint({
    method: 'GET',
    path: '/api/healthplans/requests/:id/',
    access: 'PATIENTS_VIEW',
    params: requestParamsSchema,
    answers: one,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/healthplans/requests/:id/status/',
    access: 'PATIENTS_VIEW',
    params: requestParamsSchema,
    answers: { 200: authorizationStatusResponseSchema },
  }),
  /** The pulled Medicare data of an approved request, under the same rule as the request itself. */
  data: defineEndpoint({
    method: 'GET',
    path: '/api/healthplans/requests/:id/data/',
    access: 'PATIENTS_VIEW',
    params: z.object({ id: z.string() }),
    answers: { 200: requestDataSchema },
  }),
  /** Cancels a pending request or revokes an authorized one. */
  revoke: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/:id/revoke/',
    access: 'REQUESTS_CREATE',
    params: requestParamsSchema,
    answers: one,
  }),
  /** Sends the consent link again (a fresh link; the old one stops working). */
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/:id/resend/',
    access: 'REQUESTS_CREATE',
    params: requestParamsSchema,
    answers: one,
  }),
  /** Starts a failed pull of an approved request again. */
  retryPull: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/:id/retry-pull/',
    access: 'REQUESTS_CREATE',
    params: requestParamsSchema,
    answers: one,
  }),
  /** A new request for the same patient: provider roles only. */
  renew: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/:id/renew/',
    access: 'PROVIDER_REQUESTS_CREATE',
    params: requestParamsSchema,
    answers: { 201: authorizationRequestSchema },
  }),
  /** An organisation admin confirms or rejects a Medicare identity that did not match the request. */
  identityReview: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/:id/identity-review/',
    access: 'ADMIN_REQUESTS_VIEW',
    params: requestParamsSchema,
    body: identityDecisionSchema,
    answers: one,
  }),
  /** 'Clear My Requests', one request at a time. */
  hide: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/:id/hide/',
    access: 'PATIENTS_VIEW',
    params: requestParamsSchema,
    answers: one,
  }),
  /** The Undo of 'Clear My Requests', and 'Show again' on hidden requests. */
  unhide: defineEndpoint({
    method: 'POST',
    path: '/api/healthplans/requests/unhide/',
    access: 'PATIENTS_VIEW',
    body: unhideRequestsSchema,
    answers: { 200: unhideRequestsResponseSchema },
  }),
}
