// The patient's consent API (public; CSRF applies to the POSTs) and Blue Button's callback.
import {
  consentConnectRequestSchema,
  consentConnectResponseSchema,
  consentDeclineResponseSchema,
  consentPageSchema,
  patientAccessPageSchema,
  patientAccessTokenSchema,
} from '@blueconsent/contract/consent'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { declineConsent, describeConsentLink, handleCallback, startConnect } from './consent.service.ts'
import { describePatientAccess, stopSharing } from './patient-access.service.ts'

const tags = ['consent']
const tokenParams = z.object({ token: z.string().min(16).max(128) })
// Anyone holding a link can call these; a tight per-IP limit makes guessing tokens pointless.
const LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 }
const accessParams = z.object({ token: patientAccessTokenSchema })
// Stopping is a write a patient makes once or twice; a tighter limit than reading.
const STOP_RATE_LIMIT = { max: 10, timeWindow: 60_000 }

export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app

  routes.get(
    '/api/consent/:token/',
    {
      config: { access: 'public', rateLimit: LINK_RATE_LIMIT },
      schema: { tags, params: tokenParams, response: { 200: consentPageSchema } },
    },
    async (request) => describeConsentLink(ctx, request.params.token),
  )

  routes.post(
    '/api/consent/:token/connect/',
    {
      config: { access: 'public', rateLimit: LINK_RATE_LIMIT },
      schema: {
        tags,
        params: tokenParams,
        body: consentConnectRequestSchema.optional(),
        response: { 200: consentConnectResponseSchema },
      },
    },
    async (request) => ({
      authorize_url: await startConnect(ctx, request.params.token, request.body?.language),
    }),
  )

  routes.post(
    '/api/consent/:token/decline/',
    {
      config: { access: 'public', rateLimit: LINK_RATE_LIMIT },
      schema: { tags, params: tokenParams, response: { 200: consentDeclineResponseSchema } },
    },
    async (request) => {
      await declineConsent(ctx, request.params.token)
      return { status: 'denied' as const }
    },
  )

  // The patient's own access page, from the link in the approval's receipt.
  routes.get(
    '/api/consent/access/:token/',
    {
      config: { access: 'public', rateLimit: LINK_RATE_LIMIT },
      schema: { tags, params: accessParams, response: { 200: patientAccessPageSchema } },
    },
    async (request) =>
      describePatientAccess(ctx, request.params.token, { ipAddress: request.ip, httpRequestId: request.id }),
  )

  routes.post(
    '/api/consent/access/:token/stop/',
    {
      config: { access: 'public', rateLimit: STOP_RATE_LIMIT },
      schema: { tags, params: accessParams, response: { 200: patientAccessPageSchema } },
    },
    async (request) =>
      stopSharing(ctx, request.params.token, { ipAddress: request.ip, httpRequestId: request.id }),
  )

  // Blue Button redirects the patient's browser here; state (checked against the stored hash) is the guard.
  routes.get(
    '/api/bluebutton/callback/',
    { config: { access: 'public', rateLimit: LINK_RATE_LIMIT }, schema: { tags, hide: true } },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '')
      const outcome = await handleCallback(ctx, query, request.log)
      return reply.redirect(`/consent/complete?result=${outcome.result}&lang=${outcome.language}`, 302)
    },
  )
}
