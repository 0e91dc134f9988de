import { describe, expect, it } from 'vitest'
import { approvedRequest, makeRequest } from '../testing/fixtures.ts'
import {
  inRenewalWindow,
  isShown,
  pageCount,
  pageOf,
  pendingCount,
  visibleRequests,
} from './request-display.ts'

const NOW = Date.parse('2026-11-20T12:00:00Z')
const HOUR = 3_600_000
const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString()

describe('request display rules', () => {
  it('hides pending and other requests after exactly 24 hours, never approved ones', () => {
    const none = new Set<string>()
    expect(isShown(makeRequest({ created_at: at(-24) }), none, NOW)).toBe(true)
    expect(isShown(makeRequest({ created_at: at(-24.01) }), none, NOW)).toBe(false)
    expect(isShown(makeRequest({ status: 'revoked', created_at: at(-25) }), none, NOW)).toBe(false)
    expect(isShown(approvedRequest({ created_at: at(-24 * 90), expires_at: at(24) }), none, NOW)).toBe(true)
    const cleared = approvedRequest({ expires_at: at(24) })
    expect(isShown(cleared, new Set([cleared.request_id]), NOW)).toBe(false)
  })

  it('orders pending, approved, other and newest first within each group', () => {
    const olderPending = makeRequest({ patient_name: 'older', created_at: at(-3) })
    const newerPending = makeRequest({ patient_name: 'newer', created_at: at(-1) })
    const approved = approvedRequest({ patient_name: 'approved', created_at: at(-2), expires_at: at(100) })
    const denied = makeRequest({ patient_name: 'denied', status: 'denied', created_at: at(-0.5) })
    const order = visibleRequests([denied, olderPending, approved, newerPending], new Set(), NOW).map(
      (request) => request.patient_name,
    )
    expect(order).toEqual(['newer', 'older', 'approved', 'denied'])
    expect(pendingCount([denied, olderPending, approved, newerPending], NOW)).toBe(2)
  })

  it('pages by 6', () => {
    const items = Array.from({ length: 13 }, (_, index) => index)
    expect(pageCount(items.length)).toBe(3)
    expect(pageOf(items, 2)).toEqual([12])
    expect(pageCount(0)).toBe(1)
  })

  it('opens the renewal window under 30 days and closes it once expired', () => {
    expect(inRenewalWindow(approvedRequest({ expires_at: at(24 * 29.9) }), NOW)).toBe(true)
    expect(inRenewalWindow(approvedRequest({ expires_at: at(24 * 30) }), NOW)).toBe(false)
    expect(inRenewalWindow(approvedRequest({ expires_at: at(-1) }), NOW)).toBe(false)
    expect(inRenewalWindow(makeRequest({ expires_at: at(24) }), NOW)).toBe(false)
  })
})
