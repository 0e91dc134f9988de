import { describe, expect, it } from 'vitest'
import { makeClaim } from '../testing/fixtures.ts'
import { NO_FILTERS, filterClaims } from './claims-filter.ts'

const claims = [
  makeClaim(1, {
    service_date: '2026-01-10',
    claim_type: 'CARRIER',
    provider: 'Sunrise Family Medicine',
    medicare_paid_cents: 100,
  }),
  makeClaim(2, {
    service_date: null,
    date: '2026-05-02',
    claim_type: 'INPATIENT',
    provider: 'Mercy Hospital',
    medicare_paid_cents: 900,
    diagnoses: [{ sequence: 1, code: 'I509', system: 'icd10', roles: [] }],
  }),
  makeClaim(3, {
    service_date: '2026-03-15',
    claim_type: 'OUTPATIENT',
    provider: null,
    provider_npi: '1555555555',
    medicare_paid_cents: 300,
  }),
]
const ids = (list: { id: string }[]) => list.map((claim) => claim.id)

describe('filterClaims', () => {
  it('sorts by date (either date field), type, provider and amount paid', () => {
    expect(ids(filterClaims(claims, NO_FILTERS, 'date-desc'))).toEqual(['claim-2', 'claim-3', 'claim-1'])
    expect(ids(filterClaims(claims, NO_FILTERS, 'date-asc'))).toEqual(['claim-1', 'claim-3', 'claim-2'])
    expect(ids(filterClaims(claims, NO_FILTERS, 'type'))).toEqual(['claim-1', 'claim-2', 'claim-3'])
    expect(ids(filterClaims(claims, NO_FILTERS, 'paid-desc'))).toEqual(['claim-2', 'claim-3', 'claim-1'])
  })

  it('filters by date range, type, provider name or NPI, and diagnosis prefix with or without the dot', () => {
    expect(
      ids(filterClaims(claims, { ...NO_FILTERS, from: '2026-02-01', to: '2026-04-30' }, 'date-desc')),
    ).toEqual(['claim-3'])
    expect(ids(filterClaims(claims, { ...NO_FILTERS, type: 'INPATIENT' }, 'date-desc'))).toEqual(['claim-2'])
    expect(ids(filterClaims(claims, { ...NO_FILTERS, provider: 'mercy' }, 'date-desc'))).toEqual(['claim-2'])
    expect(ids(filterClaims(claims, { ...NO_FILTERS, provider: '15555' }, 'date-desc'))).toEqual(['claim-3'])
    expect(ids(filterClaims(claims, { ...NO_FILTERS, diagnosis: 'I50.9' }, 'date-desc'))).toEqual(['claim-2'])
  })
})
