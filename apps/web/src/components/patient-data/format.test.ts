import { describe, expect, it } from 'vitest'
import { formatNdc, formatReadableDate, medicationLabel, providerLabel } from './format.ts'

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

describe('medicationLabel', () => {
  it('shows one clean name per medication', () => {
    expect(medicationLabel('Atorvastatin Calcium - ATORVASTATIN CALCIUM TRIHYDRATE', '00071015523')).toBe(
      'Atorvastatin Calcium',
    )
    expect(medicationLabel('METFORMIN HYDROCHLORIDE', null)).toBe('Metformin Hydrochloride')
    expect(medicationLabel('Metformin HCl 500 mg', null)).toBe('Metformin HCl 500 mg')
  })
  it('falls back to the NDC, labelled and in its printed form, never a dash', () => {
    expect(medicationLabel(null, '00071015523')).toBe('NDC 00071-0155-23')
    expect(medicationLabel('  ', null)).toBe('Unnamed medication')
    expect(formatNdc('1234')).toBe('1234')
  })
})
