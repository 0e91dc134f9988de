// The patient's own access page (public, the signed link in the approval's receipt):
// GET /api/consent/access/{token}/ and POST /api/consent/access/{token}/stop/. An unknown, tampered or
// expired link answers 404 and reveals nothing.
import { z } from 'zod'
import { authorizationTypeSchema } from '../authorization-requests/index.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { CONSENT_DATA_TYPES, consentLanguageSchema } from './consent.ts'

/** active: the organisation can still read the data; ended: stopped by the patient or staff, or expired. */
export const patientAccessStateSchema = z.enum(['active', 'ended'])
export type PatientAccessState = z.infer<typeof patientAccessStateSchema>

export const patientAccessPageSchema = z.object({
  state: patientAccessStateSchema,
  language: consentLanguageSchema,
  /** The organisation that asked; never the staff member. */
  organization_name: z.string(),
  authorization_type: authorizationTypeSchema,
  data_types: z.array(z.enum(CONSENT_DATA_TYPES)),
  consented_at: z.string().nullable(),
  /** The newest read of the data by the organisation that asked, if it has read it. */
  last_read_at: z.string().nullable(),
  last_read_by: z.string().nullable(),
  /** When access ends (active) or was due to end. */
  access_ends_at: z.string().nullable(),
  /** When it ended, and how: stopped (revoked, by anyone) or expired. */
  ended_at: z.string().nullable(),
  ended_how: z.enum(['stopped', 'expired']).nullable(),
})
export type PatientAccessPage = z.infer<typeof patientAccessPageSchema>

/** Link tokens: `<id>.<expiry>.<signature>`, a little over 100 characters. */
export const patientAccessTokenSchema = z.string().min(40).max(160)

const patientAccessParamsSchema = z.object({ token: patientAccessTokenSchema })

/** The signed link is the guard: public calls. */
export const PATIENT_ACCESS_ENDPOINTS = {
  accessPage: defineEndpoint({
    method: 'GET',
    path: '/api/consent/access/:token/',
    access: 'PUBLIC',
    params: patientAccessParamsSchema,
    answers: { 200: patientAccessPageSchema },
  }),
  /** 'Stop sharing': ends access now; asking again answers the same ended page. */
  stopSharing: defineEndpoint({
    method: 'POST',
    path: '/api/consent/access/:token/stop/',
    access: 'PUBLIC',
    params: patientAccessParamsSchema,
    answers: { 200: patientAccessPageSchema },
  }),
}
