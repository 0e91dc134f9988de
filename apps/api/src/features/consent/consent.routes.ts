// The patient's consent API (public; CSRF applies to the POSTs) and Blue Button's callback.
import { CONSENT_ENDPOINTS, PATIENT_ACCESS_ENDPOINTS } from '@blueconsent/contract/consent'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { declineConsent, describeConsentLink, handleCallback, startConnect } from './consent.service.ts'
import { describePatientAccess, stopSharing } from './patient-access.service.ts'

const tags = ['consent']
// Anyone holding a link can call these; a tight per-IP limit makes guessing tokens pointless.
const LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 }
// Stopping is a write a patient makes once or twice; a tighter limit than reading.
const STOP_RATE_LIMIT = { max: 10, timeWindow: 60_000 }

export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const linkRoute = { schema: { tags }, config: { rateLimit: LINK_RATE_LIMIT } }

  serveEndpoint(app, CONSENT_ENDPOINTS.page, linkRoute, async (request) =>
    describeConsentLink(ctx, request.params.token),
  )
  serveEndpoint(app, CONSENT_ENDPOINTS.connect, linkRoute, async (request) => ({
    authorize_url: await startConnect(ctx, request.params.token, request.body?.language),
  }))
  serveEndpoint(app, CONSENT_ENDPOINTS.decline, linkRoute, async (request) => {
    await declineConsent(ctx, request.params.token)
    return { status: 'denied' as const }
  })

  // The patient's own access page, from the link in the approval's receipt.
  serveEndpoint(app, PATIENT_ACCESS_ENDPOINTS.accessPage, linkRoute, async (request) =>
    describePatientAccess(ctx, request.params.token, { ipAddress: request.ip, httpRequestId: request.id }),
  )
  serveEndpoint(
    app,
    PATIENT_ACCESS_ENDPOINTS.stopSharing,
    { schema: { tags }, config: { rateLimit: STOP_RATE_LIMIT } },
    async (request) =>
      stopSharing(ctx, request.params.token, { ipAddress: request.ip, httpRequestId: request.id }),
  )

  // Blue Button redirects the patient's browser here; state (checked against the stored hash) is the guard.
  serveEndpoint(
    app,
    CONSENT_ENDPOINTS.blueButtonCallback,
    { schema: { tags, hide: true }, config: { rateLimit: LINK_RATE_LIMIT } },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '')
      const outcome = await handleCallback(ctx, query, request.log)
      return reply.redirect(`/consent/complete?result=${outcome.result}&lang=${outcome.language}`, 302)
    },
  )
}
