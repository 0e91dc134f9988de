import { describe, expect, it } from 'vitest'
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatFullDate,
  formatLongDate,
  formatReadableDate,
} from './format.ts'

describe('format', () => {
  it('writes integer cents as US dollars, and a dash for an unknown amount', () => {
    expect(formatCents(123456)).toBe('$1,234.56')
    expect(formatCents(0)).toBe('$0.00')
    expect(formatCents(null)).toBe('—')
  })

  it('reads date-only values as calendar days, so no time zone moves them', () => {
    expect(formatDate('2026-09-09T23:00:00Z')).toBe('2026-09-09')
    expect(formatLongDate('2026-09-09')).toBe('Sep 9, 2026')
    expect(formatReadableDate('2026-01-01')).toBe('Jan 1, 2026')
    expect(formatLongDate(null)).toBe('—')
    expect(formatLongDate('soon')).toBe('—')
  })

  it('writes moments with date and time, or what stands for none', () => {
    expect(formatDateTime('2026-03-02T15:15:00Z')).toMatch(/^Mar 2, 2026, \d{1,2}:15\s[AP]M$/)
    expect(formatDateTime(null)).toBe('—')
    expect(formatDateTime(null, 'Never')).toBe('Never')
  })

  it('writes a full date, or a dash when missing or unreadable', () => {
    expect(formatFullDate('2026-03-02T12:00:00Z')).toBe('March 2, 2026')
    expect(formatFullDate('not a date')).toBe('—')
    expect(formatFullDate(undefined)).toBe('—')
  })
})
