// The patient's consent page (public): GET /api/consent/{token}/, POST .../connect/, POST .../decline/,
// and the confirmation page the Blue Button callback redirects to.
import { z } from 'zod'
import { defineEndpoint } from '../shared/endpoints.ts'
import { roleSchema } from '../shared/access.ts'
import { authorizationStatusSchema, authorizationTypeSchema } from '../authorization-requests/index.ts'

export const CONSENT_LANGUAGES = ['en', 'es'] as const
export const consentLanguageSchema = z.enum(CONSENT_LANGUAGES)
export type ConsentLanguage = z.infer<typeof consentLanguageSchema>

export const CONSENT_DATA_TYPES = ['medications', 'claims', 'risk_score'] as const
export type ConsentDataType = (typeof CONSENT_DATA_TYPES)[number]

/**
 * open: can be answered; answered: used once already; expired: older than 7 days; invalid: unknown;
 * unavailable: the organisation that sent it is not taking answers now (it is deactivated). The page says
 * nothing more than that, and names nobody.
 */
export const consentLinkStateSchema = z.enum(['open', 'answered', 'expired', 'invalid', 'unavailable'])
export type ConsentLinkState = z.infer<typeof consentLinkStateSchema>

export const consentPageSchema = z.object({
  state: consentLinkStateSchema,
  status: authorizationStatusSchema.nullable(),
  language: consentLanguageSchema,
  requester_name: z.string().nullable(),
  requester_role: roleSchema.nullable(),
  requester_role_label: z.string().nullable(),
  organization_name: z.string().nullable(),
  data_types: z.array(z.enum(CONSENT_DATA_TYPES)),
  authorization_type: authorizationTypeSchema.nullable(),
  /** How long the organisation keeps access once the patient connects. */
  access_duration: z.enum(['thirteen_months', 'one_time']).nullable(),
  /** A provider's chosen length in days (null: 13 months, and for agents); the period is phrased from it. */
  duration_days: z.number().int().positive().nullable(),
  /** When the link stops working. */
  expires_at: z.string().nullable(),
})
export type ConsentPage = z.infer<typeof consentPageSchema>

export const consentConnectRequestSchema = z.object({ language: consentLanguageSchema.optional() })
export const consentConnectResponseSchema = z.object({ authorize_url: z.string() })
export const consentDeclineResponseSchema = z.object({ status: z.literal('denied') })

export const CONSENT_RESULTS = ['authorized', 'denied', 'error'] as const
export type ConsentResult = (typeof CONSENT_RESULTS)[number]

export const consentTokenParamsSchema = z.object({ token: z.string().min(16).max(128) })

/** Anyone holding a consent link may call these: the link's token is the guard. */
export const CONSENT_ENDPOINTS = {
  page: defineEndpoint({
    method: 'GET',
    path: '/api/consent/:token/',
    access: 'PUBLIC',
    params: consentTokenParamsSchema,
    answers: { 200: consentPageSchema },
  }),
  /** Answers the Medicare sign-in address the patient's browser goes to next. */
  connect: defineEndpoint({
    method: 'POST',
    path: '/api/consent/:token/connect/',
    access: 'PUBLIC',
    params: consentTokenParamsSchema,
    body: consentConnectRequestSchema.optional(),
    answers: { 200: consentConnectResponseSchema },
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/consent/:token/decline/',
    access: 'PUBLIC',
    params: consentTokenParamsSchema,
    answers: { 200: consentDeclineResponseSchema },
  }),
  /**
   * Where Blue Button sends the patient's browser back (code and state in the query, checked against the
   * stored state); it answers a redirect to the confirmation page, never JSON.
   */
  blueButtonCallback: defineEndpoint({
    method: 'GET',
    path: '/api/bluebutton/callback/',
    access: 'PUBLIC',
  }),
}
