// The numbers that matter per role: requests by status, awaiting an answer for over 48 hours,
// approvals expiring within 30 days, and patients whose data has arrived.
import { requestBuckets, type AuthorizationRequest } from '@blueconsent/contract/authorization-requests'

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
    const buckets = requestBuckets(request, now)
    for (const bucket of buckets) numbers[bucket] += 1
    if (buckets.includes('approved') && request.patient_id && request.ingestion.status === 'completed')
      patients.add(request.patient_id)
  }
  numbers.patientsWithData = patients.size
  return numbers
}
