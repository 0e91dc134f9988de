import { describe, expect, it } from 'vitest'
import { durationText, percentText, reportQueryOf, statusLabel } from './admin-reports-model.ts'

describe('admin report model', () => {
  it('sends the organisation only when one is picked', () => {
    expect(reportQueryOf({ from: '2026-01-01', to: '2026-01-31', organizationId: '' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(
      reportQueryOf({ from: '2026-01-01', to: '2026-01-31', organizationId: 'abc' }).organization_id,
    ).toBe('abc')
  })

  it('writes rates, durations and statuses as words', () => {
    expect(percentText(0.4567)).toBe('45.7%')
    expect(percentText(1)).toBe('100.0%')
    expect(percentText(null)).toBe('No requests sent')
    expect(durationText(0.5)).toBe('30 minutes')
    expect(durationText(1)).toBe('1 hour')
    expect(durationText(9.2)).toBe('9.2 hours')
    expect(durationText(null)).toBe('No consents yet')
    expect(statusLabel('denied')).toBe('Rejected')
  })
})
