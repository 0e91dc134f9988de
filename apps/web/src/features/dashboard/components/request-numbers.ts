// The numbers that matter per role: requests by status, awaiting an answer for over 48 hours,
// approvals expiring within 30 days, and patients whose data has arrived.
import {
  isDisplayExpired,
  requestGroup,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { AUTHORIZATION } from '@blueconsent/contract/shared'

const HOUR_MS = 3_600_000
export const AWAITING_ALERT_HOURS = 48

export type RequestNumbers = {
  awaiting: number
  approved: number
  /** Approved, but the Medicare record did not match the patient: its data waits for an administrator. */
  heldForReview: number
  rejected: number
  expired: number
  revoked: number
  awaitingOver48h: number
  expiringWithin30Days: number
  patientsWithData: number
}

const isHeldForReview = (request: AuthorizationRequest): boolean =>
  request.identity_review === 'pending' || request.ingestion.status === 'held_for_review'

export function requestNumbers(
  requests: readonly AuthorizationRequest[],
  now: number = Date.now(),
): RequestNumbers {
  const numbers: RequestNumbers = {
    awaiting: 0,
    approved: 0,
    heldForReview: 0,
    rejected: 0,
    expired: 0,
    revoked: 0,
    awaitingOver48h: 0,
    expiringWithin30Days: 0,
    patientsWithData: 0,
  }
  const patients = new Set<string>()
  for (const request of requests) {
    const group = requestGroup(request, now)
    if (group === 'pending') {
      numbers.awaiting += 1
      if (now - Date.parse(request.created_at) > AWAITING_ALERT_HOURS * HOUR_MS) numbers.awaitingOver48h += 1
    } else if (group === 'approved' && isHeldForReview(request)) {
      numbers.heldForReview += 1
    } else if (group === 'approved') {
      numbers.approved += 1
      const left = request.expires_at ? Date.parse(request.expires_at) - now : Infinity
      if (left < AUTHORIZATION.renewalWindowDays * 24 * HOUR_MS) numbers.expiringWithin30Days += 1
      if (request.patient_id && request.ingestion.status === 'completed') patients.add(request.patient_id)
    } else if (isDisplayExpired(request, now) || request.status === 'expired') numbers.expired += 1
    else if (request.status === 'denied') numbers.rejected += 1
    else if (request.status === 'revoked') numbers.revoked += 1
  }
  numbers.patientsWithData = patients.size
  return numbers
}
