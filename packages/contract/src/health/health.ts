// The API's health checks: liveness with a database round trip, and readiness once start-up work is done.
import { errorDetailSchema } from '../shared/errors.ts'
import { healthSchema, readinessSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

/** Public, for load balancers and start-up checks. */
export const HEALTH_ENDPOINTS = {
  liveness: defineEndpoint({
    method: 'GET',
    path: '/api/health/',
    access: 'PUBLIC',
    answers: { 200: healthSchema },
  }),
  /** 503 with a Retry-After while start-up work (the demo data pull) still holds the database busy. */
  readiness: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready/',
    access: 'PUBLIC',
    answers: { 200: readinessSchema, 503: errorDetailSchema },
  }),
}
