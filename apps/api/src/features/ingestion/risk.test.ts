// The Part C model from Medicare's ESRD status and the ESRD beneficiary's kidney status from the claims: the
// stored score is the ESRD model's exactly as the engine computes it, with the reason on the score.
import type { ClaimRecord, CoverageSummary } from '@blueconsent/bluebutton'
import { scoreEsrd, scoreFromClaims } from '@blueconsent/hcc'
import { describe, expect, it } from 'vitest'
import { computeRiskScore, kidneyStatus, partCModelChoice } from './risk.ts'

const NOW = new Date('2026-11-27T16:00:00Z')

function claim(overrides: Partial<ClaimRecord> & { id: string }): ClaimRecord {
  return {
    claimType: 'CARRIER',
    claimId: null,
    patientId: null,
    nchClaimTypeCode: null,
    typeOfBill: null,
    billablePeriod: { start: '2026-03-04', end: '2026-03-04' },
    admissionPeriod: null,
    drg: null,
    diagnoses: [],
    procedures: [],
    lines: [],
    provider: null,
    careTeam: [],
    amounts: {} as ClaimRecord['amounts'],
    lastUpdated: null,
    ...overrides,
  }
}

const line = (hcpcs: string, date: string): ClaimRecord['lines'][number] =>
  ({
    sequence: 1,
    hcpcs,
    modifiers: [],
    revenueCode: null,
    serviceStart: date,
    serviceEnd: date,
    units: 1,
    placeOfService: null,
    diagnosisSequences: [],
    performingProvider: null,
  }) as unknown as ClaimRecord['lines'][number]

const dx = (code: string): ClaimRecord['diagnoses'][number] =>
  ({
    code,
    system: 'icd10',
    roles: ['principal'],
    sequence: 1,
    display: null,
  }) as ClaimRecord['diagnoses'][number]

const coverage = (overrides: Partial<CoverageSummary>): CoverageSummary => ({
  parts: {} as CoverageSummary['parts'],
  orec: '0',
  crec: '0',
  esrd: null,
  medicareStatusCode: null,
  medicareAdvantageMonths: [],
  partDContracts: [],
  referenceYear: '2026',
  dualStatusByMonth: Array(12).fill(null),
  ...overrides,
})

// An office visit in 2025 coding diabetes with complications and CKD 5: both in the ESRD model.
const visit = claim({
  id: 'carrier-1',
  billablePeriod: { start: '2025-06-02', end: '2025-06-02' },
  diagnoses: [dx('E1122'), dx('N185')],
  lines: [line('99214', '2025-06-02')],
})
const demographics = { sex: 'F' as const, birthDate: '1950-04-02' }

describe('partCModelChoice', () => {
  it('chooses the ESRD model from ms_cd 11/21/31 or esrd_ind, CMS-HCC otherwise, and says why', () => {
    expect(partCModelChoice(coverage({ medicareStatusCode: '21' }))).toMatchObject({
      model: 'ESRD-V24',
      esrd: true,
    })
    expect(partCModelChoice(coverage({ esrd: true }))).toMatchObject({ model: 'ESRD-V24', esrd: true })
    expect(partCModelChoice(coverage({ medicareStatusCode: '10', esrd: false }))).toEqual({
      model: 'CMS-HCC',
      esrd: false,
      reason: 'Medicare records no ESRD status',
    })
    expect(partCModelChoice(null)).toMatchObject({ model: 'CMS-HCC', esrd: null })
    expect(partCModelChoice(null).reason).toContain('ESRD status not in the data')
  })
})

describe('kidneyStatus', () => {
  it('counts the months since the newest dated transplant, the transplant month being 1', () => {
    const transplant = claim({ id: 'carrier-2', lines: [line('50360', '2025-03-10')] })
    expect(kidneyStatus([visit, transplant], NOW)).toEqual({
      graftMonths: 21,
      basis: 'kidney transplant on 2025-03-10: month 21 since the transplant',
    })
    const inpatient = claim({
      id: 'inpatient-1',
      claimType: 'INPATIENT',
      billablePeriod: { start: '2026-10-01', end: '2026-10-09' },
      procedures: [{ sequence: 1, code: '0TY10Z0', system: 'icd10pcs', display: null, date: '2026-10-02' }],
    })
    expect(kidneyStatus([transplant, inpatient], NOW).graftMonths).toBe(2)
    const byDrg = claim({
      id: 'inpatient-2',
      claimType: 'INPATIENT',
      drg: '652',
      billablePeriod: { start: '2026-11-03', end: '2026-11-10' },
    })
    expect(kidneyStatus([byDrg], NOW).graftMonths).toBe(1)
  })

  it('scores a graft of at least the months since transplant status was first coded, never a transplant month', () => {
    const status = (date: string) =>
      claim({ id: `carrier-${date}`, billablePeriod: { start: date, end: date }, diagnoses: [dx('Z94.0')] })
    expect(kidneyStatus([status('2025-12-15'), status('2026-05-01')], NOW)).toEqual({
      graftMonths: 12,
      basis:
        'kidney transplant status (Z94.0) coded since 2025-12-15, transplant date not in the record: scored as a functioning graft of at least 12 months',
    })
    expect(kidneyStatus([status('2026-11-02')], NOW).graftMonths).toBe(4)
  })

  it('is dialysis without a transplant or its status code, and ignores a transplant dated in the future', () => {
    expect(kidneyStatus([visit], NOW)).toEqual({
      graftMonths: null,
      basis: 'no kidney transplant in the record: scored as dialysis',
    })
    const future = claim({ id: 'carrier-3', lines: [line('50365', '2027-01-05')] })
    expect(kidneyStatus([future], NOW).graftMonths).toBeNull()
  })
})

describe('computeRiskScore', () => {
  it('scores an ESRD beneficiary with the ESRD model exactly as the engine does, with the reason', () => {
    const transplant = claim({ id: 'carrier-2', lines: [line('50360', '2025-03-10')] })
    const stored = computeRiskScore(
      [visit, transplant],
      demographics,
      coverage({ medicareStatusCode: '11', esrd: true }),
      NOW,
    )
    const expected = scoreEsrd(
      { sex: 'F', age: 75, orec: '0', dual: 'NA', lti: false, newEnrollee: false, graftMonths: 21 },
      ['E1122', 'N185'],
    )
    expect(stored).toMatchObject({
      model: 'ESRD-V24',
      paymentYear: 2026,
      segment: 'GRAFT_COMM_ND_PBD_GE65',
      score: expected.paymentScore.toFixed(3),
    })
    expect(stored?.result.esrd?.rawScore).toBe(expected.rawScore)
    expect(stored?.result.esrd?.hccs.map((h) => h.variable)).toEqual(expected.hccs.map((h) => h.variable))
    expect(stored?.result.esrd?.hccs.length).toBeGreaterThan(0)
    expect(stored?.result.modelChoice).toEqual({
      model: 'ESRD-V24',
      esrd: true,
      reason:
        'Medicare records ESRD status: scored with the ESRD model; kidney transplant on 2025-03-10: month 21 since the transplant',
    })
  })

  it('scores a dialysis patient in the dialysis segment', () => {
    const stored = computeRiskScore([visit], demographics, coverage({ esrd: true }), NOW)
    expect(stored).toMatchObject({ model: 'ESRD-V24', segment: 'DIAL' })
    expect(stored?.result.modelChoice?.reason).toContain('scored as dialysis')
  })

  it('keeps CMS-HCC, unchanged, when Medicare records no ESRD status or the data carries none', () => {
    const plain = scoreFromClaims(
      [visit],
      { ...demographics, orec: '0', dual: null, esrd: false, maMonths: 0 },
      { paymentYear: 2026 },
    )
    const stored = computeRiskScore([visit], demographics, coverage({ medicareStatusCode: '10' }), NOW)
    expect(stored).toMatchObject({ model: 'V28', score: plain.paymentScore.toFixed(3) })
    expect(stored?.result.esrd).toBeUndefined()
    expect(stored?.result.modelChoice?.model).toBe('CMS-HCC')
    expect(computeRiskScore([visit], demographics, null, NOW)?.result.modelChoice?.esrd).toBeNull()
  })
})
