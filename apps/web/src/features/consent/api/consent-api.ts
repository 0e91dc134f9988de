// The patient's calls (public: no bearer, no refresh; CSRF on the POSTs is handled by the client).
import {
  consentConnectResponseSchema,
  consentDeclineResponseSchema,
  consentPageSchema,
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
