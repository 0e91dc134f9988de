// The authorization-requests feature's public face. The request owns its lifecycle: every change of
// status goes through `transitionRequest` and is published as a domain event (lib/domain-events.ts) that
// messaging, Blue Button grants and ingestion subscribe to, so this feature never imports them.
export { createRequest, revokeRequest, type CreateInput } from './authorization-requests.service.ts'
export { authorizationRequestRoutes } from './authorization-requests.routes.ts'
export { consentUrl, hashConsentToken, issueConsentToken } from './consent-token.ts'
export { patientAccessUrl, readPatientAccessToken } from './access-token.ts'
export { backdateExpiryForDemo, reissueConsentTokenForDemo } from './demo-controls.ts'
export { runLifecycleSweep, type SweepResult } from './lifecycle.ts'
export { startLifecycleWorker } from './lifecycle-worker.ts'
export {
  findRequestedDurationDays,
  findScopedRequest,
  requestFigures,
  requestStatusCounts,
  upcomingExpiries,
  type RequestFigures,
  type RequestStatusCounts,
  type UpcomingExpiry,
} from './request-reads.ts'
export { noteMedicareGrantEnded, requireIdentityReview } from './pull-outcomes.ts'
export { requestFacts } from './request-facts.ts'
export { acceptSmsOptIn, recordSmsOptOut } from './sms-consent.ts'
export {
  PATIENT_STOPPED_SHARING,
  recordRequestEvent,
  transitionRequest,
  type EventActor,
  type RequestOrigin,
  type RequestRow,
  type TransitionInput,
} from './transitions.ts'
