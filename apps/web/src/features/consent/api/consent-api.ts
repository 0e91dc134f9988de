// The patient's calls (public: no bearer, no refresh; CSRF on the POSTs is handled by the client): the
// consent link, and their own access page.
import type { ConsentLanguage } from '@blueconsent/contract/consent'
import { callEndpoint } from '@/lib/endpoints.ts'

export const fetchConsentLink = (token: string) =>
  callEndpoint('consent.page', { params: { token }, public: true })

export const connectWithMedicare = (token: string, language: ConsentLanguage) =>
  callEndpoint('consent.connect', { params: { token }, body: { language }, public: true })

export const declineConsent = (token: string) =>
  callEndpoint('consent.decline', { params: { token }, public: true })

/** The patient's own access page (the link in the approval's receipt). */
export const fetchPatientAccess = (token: string) =>
  callEndpoint('consent.accessPage', { params: { token }, public: true })

/** 'Stop sharing': ends access now; asking again answers the same ended page. */
export const stopSharing = (token: string) =>
  callEndpoint('consent.stopSharing', { params: { token }, public: true })
