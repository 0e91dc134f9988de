import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import { describe, expect, it } from 'vitest'
import { requestNumbers } from './request-numbers.ts'

const NOW = Date.parse('2026-11-20T12:00:00Z')
const HOUR = 3_600_000
const at = (offsetHours: number) => new Date(NOW + offsetHours * HOUR).toISOString()
let id = 0

function request(overrides: Partial<AuthorizationRequest>): AuthorizationRequest {
  id += 1
  return {
    request_id: `r${id}`,
    status: 'pending',
    health_plan: { slug: 'medicare', name: 'Medicare Blue Button' },
    patient_id: `p${id}`,
    patient_mrn: null,
    patient_email: 'a@example.com',
    patient_phone: null,
    patient_name: 'A',
    metadata: { patient_name: 'A' },
    authorization_type: 'healthcare_provider',
    contact_method: 'email',
    created_at: at(-1),
    expires_at: null,
    authorized_at: null,
    ended_at: null,
    message: null,
    requester: { id: 'u', name: 'U', role: 'ACO_ADMIN' },
    renewal_of: null,
    identity_review: {
      status: 'none',
      requested_name: 'A',
      requested_birth_date: null,
      medicare_name: null,
      medicare_birth_date: null,
      medicare_id_last4: null,
      differences: [],
      consented_at: null,
      reviewed_by: null,
      reviewed_at: null,
      reason: null,
    },
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

const completed = {
  status: 'completed' as const,
  pages_fetched: 1,
  pages_total: 1,
  last_synced_at: at(-1),
  error: null,
}

describe('requestNumbers', () => {
  it('counts by status, long waits, near expiries and patients with data', () => {
    const numbers = requestNumbers(
      [
        request({ created_at: at(-1) }),
        request({ status: 'consent_pending', created_at: at(-49) }),
        request({ created_at: at(-47) }),
        request({ status: 'authorized', expires_at: at(24 * 10), ingestion: completed, patient_id: 'same' }),
        request({ status: 'authorized', expires_at: at(24 * 300), ingestion: completed, patient_id: 'same' }),
        request({ status: 'authorized', expires_at: at(24 * 300) }),
        request({
          status: 'authorized',
          expires_at: at(24 * 300),
          identity_review: { ...request({}).identity_review, status: 'pending' },
        }),
        request({ status: 'authorized', expires_at: at(-1) }),
        request({ status: 'expired' }),
        request({ status: 'denied' }),
        request({ status: 'revoked' }),
      ],
      NOW,
    )
    expect(numbers).toEqual({
      awaiting: 3,
      approved: 3,
      heldForReview: 1,
      rejected: 1,
      expired: 2,
      revoked: 1,
      awaitingOver48h: 1,
      expiringWithin30Days: 1,
      patientsWithData: 1,
    })
  })
})
