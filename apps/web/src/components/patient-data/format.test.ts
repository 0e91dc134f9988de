import { describe, expect, it } from 'vitest'
import {
  diagnosisText,
  dottedIcd10,
  drugLabel,
  drugNamesByNdc,
  formatLongDate,
  formatNdc,
  formatReadableDate,
  providerLabel,
  serviceText,
} from './format.ts'

describe('providerLabel', () => {
  it('reads a provider by name, else labels the bare NPI as an NPI', () => {
    expect(providerLabel('Sunrise Family Medicine', '1234567893')).toBe('Sunrise Family Medicine')
    // The API falls back to the NPI when Medicare gave no name: it must not read as a name.
    expect(providerLabel('1948832088', '1948832088')).toBe('NPI 1948832088')
    expect(providerLabel(null, '1948832088')).toBe('NPI 1948832088')
    expect(providerLabel(null, null)).toBeNull()
  })
})

describe('formatLongDate', () => {
  it('writes the calendar day in words, whatever the time zone', () => {
    expect(formatLongDate('2026-09-09')).toBe('Sep 9, 2026')
    expect(formatLongDate('2026-01-01T23:30:00Z')).toBe('Jan 1, 2026')
    expect(formatLongDate(null)).toBe('—')
  })
})

describe('codes in words', () => {
  it('puts CDC’s words before a dotted ICD-10 code, and shows the code alone without them', () => {
    const diagnosis = { sequence: 1, code: 'M1711', system: 'icd10', roles: [] }
    expect(
      diagnosisText({ ...diagnosis, description: 'Unilateral primary osteoarthritis, right knee' }),
    ).toBe('Unilateral primary osteoarthritis, right knee (M17.11)')
    expect(diagnosisText(diagnosis)).toBe('M17.11')
    expect(diagnosisText({ ...diagnosis, code: '71536', system: 'icd9' })).toBe('71536')
    expect(dottedIcd10('I10')).toBe('I10')
  })

  it('always names a service code’s code set, with public words when there are any', () => {
    expect(serviceText('99283', 'CPT', 'Emergency department visit')).toBe(
      'Emergency department visit (CPT 99283)',
    )
    expect(serviceText('99283', 'CPT', null)).toBe('CPT 99283')
    expect(serviceText('J1745', 'HCPCS', 'Injection, infliximab, excludes biosimilar, 10 mg')).toBe(
      'Injection, infliximab, excludes biosimilar, 10 mg (HCPCS J1745)',
    )
    expect(serviceText('J1745', 'HCPCS', undefined)).toBe('HCPCS J1745')
    expect(serviceText('99283', undefined, undefined)).toBe('99283')
    expect(serviceText(null, 'CPT', null)).toBeNull()
  })
})

describe('drugLabel', () => {
  it('names a fill by the claim’s drug name, else by its labelled NDC, never a blank', () => {
    expect(
      drugLabel({ name: 'Atorvastatin Calcium', drug_name: 'Atorvastatin Calcium', ndc: '00071015523' }),
    ).toBe('Atorvastatin Calcium')
    expect(drugLabel({ name: null, drug_name: null, ndc: '00071015523' })).toBe('NDC 00071-0155-23')
    expect(drugLabel({ name: null, drug_name: null, ndc: null })).toBe('Drug not named on the claim')
    expect(formatNdc('0007101552')).toBe('0007101552')
  })

  it('borrows the name another fill of the same NDC carries before falling back to the NDC', () => {
    const fills = [
      { name: null, drug_name: null, ndc: '59762154003' },
      { name: 'Sertraline', drug_name: 'Sertraline', ndc: '59762154003' },
      { name: null, drug_name: null, ndc: '00071015523' },
    ]
    const names = drugNamesByNdc(fills)
    expect(fills.map((fill) => drugLabel(fill, names))).toEqual([
      'Sertraline',
      'Sertraline',
      'NDC 00071-0155-23',
    ])
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
