import { describe, expect, it } from 'vitest'
import {
  createAuthorizationRequestSchema,
  requestGroup,
  statusLabel,
  requestTimeText,
} from './authorization-requests.ts'
import { timeRemainingText } from '../durations/durations.ts'

const NOW = Date.parse('2026-11-20T12:00:00Z')
const inMs = (ms: number) => new Date(NOW + ms).toISOString()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('time remaining', () => {
  it('reads days and hours, hours and minutes, minutes, then Expired', () => {
    expect(timeRemainingText(inMs(3 * DAY + 5 * HOUR + 10 * MINUTE), NOW)).toBe('3d 5h remaining')
    expect(timeRemainingText(inMs(5 * HOUR + 7 * MINUTE), NOW)).toBe('5h 7m remaining')
    expect(timeRemainingText(inMs(42 * MINUTE + 30_000), NOW)).toBe('42m remaining')
    expect(timeRemainingText(inMs(-1), NOW)).toBe('Expired')
    expect(timeRemainingText(inMs(0), NOW)).toBe('Expired')
    expect(timeRemainingText(null, NOW)).toBeNull()
  })
})

describe('the time column', () => {
  const request = (
    status: 'pending' | 'authorized' | 'denied' | 'revoked' | 'expired',
    ended: string | null,
  ) => ({
    status,
    expires_at: inMs(6 * DAY),
    ended_at: ended,
  })

  it('gives time remaining only while a request is pending or approved', () => {
    expect(requestTimeText(request('pending', null), NOW)).toBe('6d 0h remaining')
    expect(requestTimeText(request('authorized', null), NOW)).toBe('6d 0h remaining')
  })

  it('says how and when an ended request ended, never time remaining', () => {
    expect(requestTimeText(request('denied', '2026-11-03T15:00:00Z'), NOW)).toBe('Rejected on Nov 3, 2026')
    expect(requestTimeText(request('revoked', '2026-11-05T15:00:00Z'), NOW)).toBe('Revoked on Nov 5, 2026')
    expect(requestTimeText({ status: 'expired', expires_at: inMs(-DAY), ended_at: inMs(-DAY) }, NOW)).toBe(
      'Expired on Nov 19, 2026',
    )
    expect(requestTimeText({ status: 'pending', expires_at: inMs(-2 * DAY), ended_at: null }, NOW)).toBe(
      'Expired on Nov 18, 2026',
    )
    expect(requestTimeText(request('denied', null), NOW)).toBeNull()
  })
})

describe('status label', () => {
  it('uses the spec labels', () => {
    expect(statusLabel({ status: 'consent_pending', expires_at: inMs(DAY) }, NOW)).toBe('Awaiting Consent')
    expect(statusLabel({ status: 'denied', expires_at: null }, NOW)).toBe('Rejected')
    expect(statusLabel({ status: 'authorized', expires_at: inMs(200 * DAY) }, NOW)).toBe('Approved')
  })
  it('counts down the last 30 days of an approval', () => {
    expect(statusLabel({ status: 'authorized', expires_at: inMs(12 * DAY) }, NOW)).toBe('Expires in 12 days')
    // Whole days left, as the time remaining counts them; under a day, the same hours and minutes.
    expect(statusLabel({ status: 'authorized', expires_at: inMs(DAY + 23 * HOUR) }, NOW)).toBe(
      'Expires in 1 day',
    )
    expect(statusLabel({ status: 'authorized', expires_at: inMs(HOUR - MINUTE) }, NOW)).toBe('Expires in 59m')
    expect(statusLabel({ status: 'authorized', expires_at: inMs(10 * HOUR) }, NOW)).toBe('Expires in 10h 0m')
  })
  it('reads Expired once expires_at has passed, whatever the status', () => {
    expect(statusLabel({ status: 'pending', expires_at: inMs(-MINUTE) }, NOW)).toBe('Expired')
  })
})

describe('groups', () => {
  it('puts unexpired pending and consent_pending in pending, authorized in approved, the rest in other', () => {
    expect(requestGroup({ status: 'pending', expires_at: inMs(DAY) }, NOW)).toBe('pending')
    expect(requestGroup({ status: 'consent_pending', expires_at: inMs(DAY) }, NOW)).toBe('pending')
    expect(requestGroup({ status: 'pending', expires_at: inMs(-DAY) }, NOW)).toBe('other')
    expect(requestGroup({ status: 'authorized', expires_at: inMs(DAY) }, NOW)).toBe('approved')
    expect(requestGroup({ status: 'revoked', expires_at: null }, NOW)).toBe('other')
  })
})

describe('create payload', () => {
  const base = {
    health_plan: 'medicare',
    patient_mrn: 'MRN-1',
    contact_method: 'email' as const,
    contact_value: 'pat@example.com',
    authorization_type: 'healthcare_provider' as const,
    metadata: { patient_name: 'Pat Doe' },
  }
  it('accepts an email request', () =>
    expect(createAuthorizationRequestSchema.safeParse(base).success).toBe(true))
  it('checks the contact by its method', () => {
    const badEmail = createAuthorizationRequestSchema.safeParse({ ...base, contact_value: 'nope' })
    expect(badEmail.error?.issues[0]?.message).toBe('Please enter a valid email address')
    const badPhone = createAuthorizationRequestSchema.safeParse({
      ...base,
      contact_method: 'phone',
      contact_value: '12',
    })
    expect(badPhone.error?.issues[0]?.message).toBe(
      'Please enter a valid phone number (e.g., (555) 123-4567)',
    )
    const phone = createAuthorizationRequestSchema.safeParse({
      ...base,
      contact_method: 'phone',
      contact_value: '(555) 123-4567',
    })
    expect(phone.success).toBe(true)
  })
  it('requires the patient name', () => {
    const result = createAuthorizationRequestSchema.safeParse({ ...base, metadata: { patient_name: '  ' } })
    expect(result.error?.issues[0]?.path).toEqual(['metadata', 'patient_name'])
  })
  it('takes an optional, real, past birth date', () => {
    const parse = (patient_birth_date: unknown) =>
      createAuthorizationRequestSchema.safeParse({ ...base, patient_birth_date })
    expect(parse(undefined).success).toBe(true)
    expect(parse(null).success).toBe(true)
    expect(parse('1955-06-06').success).toBe(true)
    for (const bad of ['1955-02-30', '06/06/1955', '1899-12-31', '2999-01-01']) {
      expect(parse(bad).error?.issues[0]?.path).toEqual(['patient_birth_date'])
    }
  })
})
