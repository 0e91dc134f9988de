import type { AuthorizationStatus, AuthorizationType, ContactMethod } from './authorization-requests.ts'

/**
 * What the API's features learn about a request when its lifecycle moves (the in-process domain events):
 * values as they stand at that moment, never the table row, so no subscriber depends on how requests are
 * stored. The contact is in the clear because the messages need it and the publisher has it at hand;
 * events live only in memory inside one transaction and are never logged.
 */
export type RequestFacts = {
  id: string
  organizationId: string
  requesterUserId: string
  patientId: string
  status: AuthorizationStatus
  authorizationType: AuthorizationType
  contactMethod: ContactMethod
  /** The patient's email address or phone number. */
  contact: string
  language: 'en' | 'es'
  /** For SMS requests: whether the patient opted in by replying YES, or texted STOP (null for email). */
  smsConsent: 'awaiting_reply' | 'opted_in' | 'opted_out' | null
  /** When the request ends: the consent link's end while pending, the access period's once authorized. */
  expiresAt: Date | null
  /** When the current consent link stops working (null while an SMS request waits for YES). */
  consentTokenExpiresAt: Date | null
  createdAt: Date
}
