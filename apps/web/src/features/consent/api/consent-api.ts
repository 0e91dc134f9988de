// The patient's calls (public: no bearer, no refresh; CSRF on the POSTs is handled by the client): the
// consent link, and their own access page.
import {
  consentConnectResponseSchema,
  consentDeclineResponseSchema,
  consentPageSchema,
  patientAccessPageSchema,
  type ConsentLanguage,
} from '@blueconsent/contract/consent'
import { apiClient } from '../../../lib/api-client.ts'

const base = (token: string) => `/api/consent/${encodeURIComponent(token)}/`

export const fetchConsentLink = (token: string) =>
  apiClient.get(base(token), { schema: consentPageSchema, public: true })

export const connectWithMedicare = (token: string, language: ConsentLanguage) =>
  apiClient.post(
    `${base(token)}connect/`,
    { language },
    { schema: consentConnectResponseSchema, public: true },
  )

export const declineConsent = (token: string) =>
  apiClient.post(`${base(token)}decline/`, {}, { schema: consentDeclineResponseSchema, public: true })

const accessBase = (token: string) => `/api/consent/access/${encodeURIComponent(token)}/`

/** The patient's own access page (the link in the approval's receipt). */
export const fetchPatientAccess = (token: string) =>
  apiClient.get(accessBase(token), { schema: patientAccessPageSchema, public: true })

/** 'Stop sharing': ends access now; asking again answers the same ended page. */
export const stopSharing = (token: string) =>
  apiClient.post(`${accessBase(token)}stop/`, {}, { schema: patientAccessPageSchema, public: true })
