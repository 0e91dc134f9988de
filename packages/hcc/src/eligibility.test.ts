import { describe, expect, it } from 'vitest'
import { eligibleDiagnoses, isEligibleHcpcs, normalizeBillType } from './eligibility.ts'
import type { RiskAdjustmentClaim } from './types.ts'

let seq = 0
function claim(
  over: Partial<RiskAdjustmentClaim> & { hcpcs?: string[]; modifiers?: string[] },
): RiskAdjustmentClaim {
  const { hcpcs = ['99214'], modifiers = [], ...rest } = over
  return {
    id: `c${++seq}`,
    claimType: 'CARRIER',
    typeOfBill: null,
    billablePeriod: { start: '2025-05-01', end: '2025-05-01' },
    diagnoses: [{ code: 'E119', system: 'icd10', roles: ['principal'] }],
    lines: hcpcs.map((h) => ({ hcpcs: h, modifiers, serviceStart: '2025-05-01', serviceEnd: '2025-05-01' })),
    ...rest,
  }
}

const kept = (c: RiskAdjustmentClaim, paymentYear: 2024 | 2025 | 2026 = 2026): boolean =>
  eligibleDiagnoses([c], { paymentYear }).claimsKept.length === 1

describe('eligibleDiagnoses', () => {
  it('keeps professional claims with an eligible E/M line and drops lab-only ones', () => {
    expect(kept(claim({}))).toBe(true)
    expect(kept(claim({ hcpcs: ['80053'] }))).toBe(false)
    expect(kept(claim({ hcpcs: ['80053', '99213'] }))).toBe(true)
  })

  it('drops audio-only telehealth lines (modifier 93 or FQ)', () => {
    expect(kept(claim({ modifiers: ['93'] }))).toBe(false)
    expect(kept(claim({ modifiers: ['fq'] }))).toBe(false)
    expect(kept(claim({ modifiers: ['95'] }))).toBe(true)
  })

  it('keeps every diagnosis on inpatient bill types 11X and 41X, with or without lines', () => {
    expect(kept(claim({ claimType: 'INPATIENT', typeOfBill: '0111', hcpcs: [] }))).toBe(true)
    expect(kept(claim({ claimType: 'INPATIENT', typeOfBill: '411', hcpcs: [] }))).toBe(true)
  })

  it('needs an eligible line on outpatient bill types', () => {
    expect(kept(claim({ claimType: 'OUTPATIENT', typeOfBill: '131', hcpcs: ['71046'] }))).toBe(false)
    expect(kept(claim({ claimType: 'OUTPATIENT', typeOfBill: '131', hcpcs: ['71046', '99284'] }))).toBe(true)
    expect(kept(claim({ claimType: 'OUTPATIENT', typeOfBill: '771', hcpcs: ['99214'] }))).toBe(true)
  })

  it('excludes DME, SNF, home health, hospice, Part D and non-eligible bill types', () => {
    const claims = [
      claim({ claimType: 'DME' }),
      claim({ claimType: 'SNF', typeOfBill: '211' }),
      claim({ claimType: 'HHA', typeOfBill: '321' }),
      claim({ claimType: 'HOSPICE', typeOfBill: '811' }),
      claim({ claimType: 'PDE' }),
      claim({ claimType: 'OUTPATIENT', typeOfBill: '331' }),
      claim({ claimType: 'OUTPATIENT', typeOfBill: '721' }),
    ]
    const r = eligibleDiagnoses(claims, { paymentYear: 2026 })
    expect(r.claimsKept).toEqual([])
    expect(r.claimsExcluded.map((x) => x.reason)).toEqual([
      'DME claim',
      'skilled nursing facility claim',
      'home health claim',
      'hospice claim',
      'Part D event (no diagnoses)',
      'home health bill type (33X)',
      'bill type 72X is not risk-adjustment eligible',
    ])
  })

  it('assigns claims to the data-collection year by through date', () => {
    const spanning = claim({
      billablePeriod: { start: '2024-12-28', end: '2025-01-03' },
      claimType: 'INPATIENT',
      typeOfBill: '111',
    })
    expect(kept(spanning, 2026)).toBe(true)
    expect(kept(spanning, 2025)).toBe(false)
    expect(eligibleDiagnoses([spanning], { collectionYear: 2025 }).collectionYear).toBe(2025)
  })

  it('uses only ICD-10 codes, normalises them and merges sources', () => {
    const a = claim({
      diagnoses: [
        { code: 'e11.9', system: 'icd10', roles: [] },
        { code: '25000', system: 'icd9', roles: [] },
      ],
    })
    const b = claim({ diagnoses: [{ code: 'E119', system: 'icd10', roles: [] }] })
    const r = eligibleDiagnoses([a, b], { paymentYear: 2026 })
    expect(r.diagnoses).toEqual([
      {
        code: 'E119',
        edit: null,
        sources: [
          { claimId: a.id, claimType: 'CARRIER', from: '2025-05-01', through: '2025-05-01' },
          { claimId: b.id, claimType: 'CARRIER', from: '2025-05-01', through: '2025-05-01' },
        ],
      },
    ])
  })

  it('drops cancelled claims when the mapper passes a status', () => {
    const c = { ...claim({}), status: 'cancelled' }
    expect(eligibleDiagnoses([c], { paymentYear: 2026 }).claimsExcluded[0]?.reason).toBe('cancelled claim')
  })
})

describe('helpers', () => {
  it('normalises bill types', () => {
    expect(normalizeBillType('0111')).toBe('11')
    expect(normalizeBillType('13X')).toBe('13')
    expect(normalizeBillType('')).toBeNull()
    expect(normalizeBillType(null)).toBeNull()
  })

  it('uses the list of the service year', () => {
    expect(isEligibleHcpcs('99214', 2025)).toBe(true)
    expect(isEligibleHcpcs('80053', 2025)).toBe(false)
    expect(isEligibleHcpcs('99214', 2019)).toBe(true)
  })
})
