import { describe, expect, it } from 'vitest'
import { makeClaim, riskScore } from '../testing/fixtures.ts'
import { dualStatusOf, medicareVisits } from './medicare-status.ts'

const line = (hcpcs: string, serviceStart: string | null = null) => ({
  sequence: 1,
  hcpcs,
  code_set: hcpcs.startsWith('G') ? ('HCPCS' as const) : ('CPT' as const),
  description: null,
  modifiers: [],
  service_start: serviceStart,
  service_end: null,
  quantity: '1',
  place_of_service: '11',
  provider_npi: null,
  submitted_cents: null,
  allowed_cents: null,
  medicare_paid_cents: null,
})

describe('dualStatusOf', () => {
  it('reads the dual status from the community segment', () => {
    expect(dualStatusOf(riskScore({ segment: 'CNA' })).label).toBe('Not dual-eligible')
    expect(dualStatusOf(riskScore({ segment: 'CFD' })).label).toBe(
      'Full-benefit dual (Medicare and Medicaid)',
    )
    expect(dualStatusOf(riskScore({ segment: 'CPA' })).label).toBe(
      'Partial-benefit dual (Medicare Savings Program)',
    )
    expect(dualStatusOf(riskScore({ segment: 'CPA' })).source).toBe('risk model segment CPA')
  })

  it('tells Medicaid from non-Medicaid new enrollees, and says when the segment does not tell', () => {
    expect(dualStatusOf(riskScore({ segment: 'NE_MCAID_NORIGDIS' })).label).toBe('Medicaid (dual-eligible)')
    expect(dualStatusOf(riskScore({ segment: 'SNPNE_NMCAID_ORIGDIS' })).label).toBe('Not dual-eligible')
    expect(dualStatusOf(riskScore({ segment: 'INS', segment_label: 'Long-term institutional' })).label).toBe(
      'Not shown by the risk model segment',
    )
  })

  it('says unknown when the dual code was defaulted or there is no score', () => {
    const defaulted = riskScore({
      segment: 'CNA',
      defaulted: [{ input: 'dual', reason: 'dual status unknown: scored as non-dual' }],
    })
    expect(dualStatusOf(defaulted).label).toBe('Unknown (scored as not dual-eligible)')
    expect(dualStatusOf(null).label).toBe('Unknown')
  })
})

describe('medicareVisits', () => {
  it('finds the newest carrier or outpatient visit and the newest wellness visit line', () => {
    const claims = [
      makeClaim(1, {
        service_date: '2026-03-04',
        date: '2026-03-04',
        claim_id: 'c-old',
        lines: [line('G0438', '2025-03-04')],
      }),
      makeClaim(2, {
        service_date: '2026-06-10',
        date: '2026-06-10',
        claim_id: 'c-awv',
        lines: [line('99213'), line('G0439', '2026-06-10')],
      }),
      // As CMS sent it: a CPT code with no provider name, only the billing NPI.
      makeClaim(3, {
        service_date: '2026-09-09',
        date: '2026-09-09',
        claim_id: '-10000001200005',
        service: '99283',
        procedure: '99283',
        service_description: 'Emergency department visit',
        provider: '1948832088',
        provider_npi: '1948832088',
      }),
      makeClaim(4, {
        claim_type: 'INPATIENT',
        service_date: '2026-11-01',
        date: '2026-11-01',
        claim_id: 'c-inpatient',
      }),
      makeClaim(5, { service_date: null, date: null, claim_id: 'c-undated' }),
    ]
    const { last, wellness } = medicareVisits(claims)
    expect(last).toEqual({
      date: '2026-09-09',
      provider: 'NPI 1948832088',
      claimId: '-10000001200005',
      recordId: makeClaim(3).record_id,
      what: 'Emergency department visit (CPT 99283)',
    })
    expect(wellness).toEqual({
      date: '2026-06-10',
      provider: 'Sunrise Family Medicine',
      claimId: 'c-awv',
      recordId: makeClaim(2).record_id,
      what: 'Annual wellness visit, subsequent (HCPCS G0439)',
    })
  })

  it('names the visit by its code set alone when no public words exist, and by the claim kind without a code', () => {
    const noWords = makeClaim(1, { service: '80053', procedure: '80053', service_description: null })
    expect(medicareVisits([noWords]).last?.what).toBe('CPT 80053')
    const noCode = makeClaim(1, { claim_type: 'OUTPATIENT', service: null, procedure: null })
    expect(medicareVisits([noCode]).last?.what).toBe('Hospital outpatient claim')
  })

  it('reads the spec’s alternative date field and answers nothing for no visits', () => {
    expect(medicareVisits([makeClaim(1, { service_date: null, date: '2026-02-02' })]).last?.date).toBe(
      '2026-02-02',
    )
    expect(medicareVisits([])).toEqual({ last: null, wellness: null })
  })
})
