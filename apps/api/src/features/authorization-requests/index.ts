// The authorization-requests feature's public face. The request owns its lifecycle: every change of
// status goes through `transitionRequest` and is published as a domain event (lib/domain-events.ts) that
// messaging, Blue Button grants and ingestion subscribe to, so this feature never imports them.
export {
  createRequest,
  revokeRequest,
  type CreateInput,
  type StaffActor,
} from './authorization-requests.service.ts'
export { findRequestedDurationDays } from './authorization-requests.repository.ts'
export { authorizationRequestRoutes } from './authorization-requests.routes.ts'
/** The one visibility rule for a request (organisation, agent's own, TIN scope), for features that read one. */
export { findScopedRequest } from './authorization-requests.repository.ts'
export { consentUrl, hashConsentToken, issueConsentToken } from './consent-token.ts'
export { backdateExpiryForDemo, reissueConsentTokenForDemo } from './demo-controls.ts'
export { runLifecycleSweep, type SweepResult } from './lifecycle.ts'
export { startLifecycleWorker } from './lifecycle-worker.ts'
export {
  requestFigures,
  requestStatusCounts,
  upcomingExpiries,
  type RequestFigures,
  type RequestStatusCounts,
  type UpcomingExpiry,
} from './request-figures.repository.ts'
export { noteMedicareGrantEnded, requireIdentityReview } from './pull-outcomes.ts'
export { acceptSmsOptIn, recordSmsOptOut } from './sms-consent.ts'
export {
  recordRequestEvent,
  transitionRequest,
  type Actor,
  type RequestOrigin,
  type RequestRow,
  type TransitionInput,
} from './transitions.ts'
