import { describe, expect, it } from 'vitest'
import { isWellnessDue, wellnessDueOn } from './wellness.ts'

describe('annual wellness visit due date', () => {
  it('is the first day of the month a year after the last visit (11 full months have passed)', () => {
    expect(wellnessDueOn('2025-01-15')).toBe('2026-01-01')
    expect(wellnessDueOn('2025-01-31')).toBe('2026-01-01')
    expect(wellnessDueOn('2025-12-01')).toBe('2026-12-01')
  })

  it('is due when the date has come, or comes within the horizon, or there was never a visit', () => {
    expect(isWellnessDue('2026-11-01', '2026-11-27', 0)).toBe(true)
    expect(isWellnessDue('2026-11-27', '2026-11-27', 0)).toBe(true)
    expect(isWellnessDue('2026-12-01', '2026-11-27', 0)).toBe(false)
    expect(isWellnessDue('2026-12-01', '2026-11-27', 30)).toBe(true)
    expect(isWellnessDue('2027-01-01', '2026-11-27', 30)).toBe(false)
    expect(isWellnessDue(null, '2026-11-27', 0)).toBe(true)
  })
})
