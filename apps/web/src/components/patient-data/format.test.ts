import { describe, expect, it } from 'vitest'
import { formatReadableDate, providerLabel } from './format.ts'

describe('providerLabel', () => {
  it('reads a provider by name, else labels the bare NPI as an NPI', () => {
    expect(providerLabel('Sunrise Family Medicine', '1234567893')).toBe('Sunrise Family Medicine')
    // The API falls back to the NPI when Medicare gave no name: it must not read as a name.
    expect(providerLabel('1948832088', '1948832088')).toBe('NPI 1948832088')
    expect(providerLabel(null, '1948832088')).toBe('NPI 1948832088')
    expect(providerLabel(null, null)).toBeNull()
  })
})

describe('formatReadableDate', () => {
  it('reads a date-only value on its own day whatever the time zone', () => {
    expect(formatReadableDate('2026-09-09')).toBe('Sep 9, 2026')
  })
  it('reads a timestamp in UTC and a missing date as a dash', () => {
    expect(formatReadableDate('2026-01-31T23:30:00Z')).toBe('Jan 31, 2026')
    expect(formatReadableDate(null)).toBe('—')
  })
})
