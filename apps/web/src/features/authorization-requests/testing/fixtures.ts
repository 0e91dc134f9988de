// Authorization requests shaped exactly like the API's responses (contract schemas).
import type { AuthorizationRequest, IdentityReview } from '@blueconsent/contract/authorization-requests'
import type { Paginated } from '@blueconsent/contract/shared'

const HOUR = 3_600_000
const DAY = 24 * HOUR
let sequence = 0

export const hoursAgo = (hours: number, now = Date.now()): string =>
  new Date(now - hours * HOUR).toISOString()
export const daysFromNow = (days: number, now = Date.now()): string =>
  new Date(now + days * DAY).toISOString()

export function makeRequest(overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest {
  sequence += 1
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`
  const name = overrides.patient_name ?? `Patient ${sequence}`
  return {
    request_id: id,
    status: 'pending',
    health_plan: { slug: 'medicare', name: 'Medicare Blue Button' },
    patient_id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    patient_mrn: `MRN-${sequence}`,
    patient_email: `patient${sequence}@example.com`,
    patient_phone: null,
    patient_name: name,
    metadata: { patient_name: name },
    authorization_type: 'healthcare_provider',
    contact_method: 'email',
    created_at: hoursAgo(1),
    expires_at: null,
    authorized_at: null,
    ended_at: null,
    message: null,
    requester: { id: '11111111-1111-4111-8111-111111111111', name: 'Dana Reyes', role: 'ACO_ADMIN' },
    renewal_of: null,
    identity_review: identityReview('none', name),
    ingestion: {
      status: 'not_started',
      pages_fetched: 0,
      pages_total: null,
      last_synced_at: null,
      error: null,
    },
    resends_today: 0,
    ...overrides,
  }
}

export const approvedRequest = (overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest =>
  makeRequest({
    status: 'authorized',
    created_at: hoursAgo(24 * 40),
    authorized_at: hoursAgo(24 * 39),
    expires_at: daysFromNow(300),
    ingestion: {
      status: 'completed',
      pages_fetched: 3,
      pages_total: 3,
      last_synced_at: hoursAgo(2),
      error: null,
    },
    ...overrides,
  })

export const page = (results: AuthorizationRequest[]): Paginated<AuthorizationRequest> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
})

export const HEALTH_PLANS = [
  { id: '30000000-0000-4000-8000-000000000001', slug: 'medicare', name: 'Medicare Blue Button' },
]

/** An identity review as the API answers it; `pending` carries the evidence a reviewer sees. */
export function identityReview(
  status: IdentityReview['status'],
  requestedName = 'Mia Mismatch',
): IdentityReview {
  const held = status !== 'none'
  return {
    status,
    requested_name: requestedName,
    requested_birth_date: held ? '1950-04-12' : null,
    medicare_name: held ? 'Rosa Garcia' : null,
    medicare_birth_date: held ? '1948-09-30' : null,
    medicare_id_last4: held ? '7K42' : null,
    differences: held ? ['name', 'birth_date'] : [],
    consented_at: held ? '2026-11-20T15:00:00.000Z' : null,
    reviewed_by:
      status === 'confirmed' || status === 'rejected' ? { id: 'u-admin', name: 'Dana Reyes' } : null,
    reviewed_at: status === 'confirmed' || status === 'rejected' ? '2026-11-21T09:00:00.000Z' : null,
    reason: status === 'confirmed' || status === 'rejected' ? 'Checked by phone.' : null,
  }
}
