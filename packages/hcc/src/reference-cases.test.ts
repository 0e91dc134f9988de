import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  eligibleDiagnoses,
  paymentFromRaw,
  scoreBeneficiary,
  scoreFromClaims,
  scorePaymentYear,
} from './index.ts'
import type { BeneficiaryInput, ModelVersion, PaymentYear, RiskAdjustmentClaim } from './index.ts'

interface ExpectedModel {
  segment_used: string
  payment_hccs: string[]
  dropped_by_hierarchy: string[]
  hcc_from_dx: Record<string, string[]>
  relative_factors: Record<string, number>
  raw_score: number
}

interface PaymentExample {
  v24_normalized?: number
  v28_normalized: number
  blended?: number
  payment_score: number
}

interface ReferenceCase {
  id: string
  input: {
    sex: 'F' | 'M'
    dob: string
    orec: string
    dual: string
    lti: boolean
    new_enrollee: boolean
    dx: string[]
  }
  derived: { age_as_of_feb1_2026: number }
  expected: Record<ModelVersion, ExpectedModel>
  payment_examples: Record<'PY2024' | 'PY2025' | 'PY2026', PaymentExample>
}

interface FhirCoding {
  system: string
  code: string
}

interface FhirEob {
  id: string
  billablePeriod: { start: string; end: string }
  type: { coding: FhirCoding[] }
  facility?: { extension: Array<{ url: string; valueCoding: FhirCoding }> }
  diagnosis: Array<{ diagnosisCodeableConcept: { coding: FhirCoding[] } }>
  item: Array<{ productOrService: { coding: FhirCoding[] }; servicedPeriod?: { start: string; end: string } }>
}

interface EobCase {
  demographics: { age: number; sex: 'F' | 'M'; dual_elgbl_cd: string; orec: string }
  eob_resources: FhirEob[]
  expected: Record<string, { filtered: { score_raw: number; hccs: string[]; claims_kept: string[] } }>
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/reference-cases.json', import.meta.url), 'utf8'),
) as {
  cases: ReferenceCase[]
  eob_filter_case: EobCase
}

function toInput(c: ReferenceCase): BeneficiaryInput {
  const i = c.input
  return {
    sex: i.sex,
    birthDate: i.dob,
    orec: i.orec,
    dual: i.dual,
    lti: i.lti,
    newEnrollee: i.new_enrollee,
    diagnoses: i.dx,
  }
}

const thousandths = (v: number): number => Math.round(v * 1000)

describe('reference cases (risk_adjustment_model / hccinfhir / hccpy agree)', () => {
  it('has all 11 cases', () => {
    expect(fixture.cases).toHaveLength(11)
  })

  for (const c of fixture.cases) {
    for (const model of ['V24', 'V28'] as const) {
      it(`${c.id} ${model}`, () => {
        const e = c.expected[model]
        const r = scoreBeneficiary(toInput(c), { model, paymentYear: 2026 })
        expect(r.age).toBe(c.derived.age_as_of_feb1_2026)
        expect(r.segment).toBe(e.segment_used)
        expect(r.hccs.map((h) => h.hcc)).toEqual(e.payment_hccs)
        expect(r.droppedByHierarchy.map((d) => d.hcc).sort()).toEqual([...e.dropped_by_hierarchy].sort())
        expect(Object.fromEntries(r.terms.map((t) => [t.variable, t.coefficient]))).toEqual(
          e.relative_factors,
        )
        expect(r.rawScore).toBe(e.raw_score)
        for (const h of r.hccs)
          expect(h.diagnoses.map((d) => d.code).sort()).toEqual([...(e.hcc_from_dx[h.hcc] ?? [])].sort())
        // The sum of the listed terms is the raw score, exactly.
        expect(r.terms.reduce((s, t) => s + thousandths(t.coefficient), 0)).toBe(thousandths(e.raw_score))
      })
    }

    it(`${c.id} payment-year examples`, () => {
      const raw = { V24: thousandths(c.expected.V24.raw_score), V28: thousandths(c.expected.V28.raw_score) }
      for (const py of [2024, 2025, 2026] as const) {
        const ex = c.payment_examples[`PY${py}`]
        const got = paymentFromRaw(py, raw)
        expect(got.normalized.V28).toBe(thousandths(ex.v28_normalized))
        if (ex.v24_normalized !== undefined) expect(got.normalized.V24).toBe(thousandths(ex.v24_normalized))
        if (ex.blended !== undefined) expect(got.blended).toBe(thousandths(ex.blended))
        expect(got.payment).toBe(thousandths(ex.payment_score))
      }
      expect(scorePaymentYear(toInput(c), { paymentYear: 2026 }).paymentScore).toBe(
        c.payment_examples.PY2026.payment_score,
      )
    })
  }
})

function coding(list: FhirCoding[], suffix: string): string | null {
  return list.find((x) => x.system.endsWith(suffix))?.code ?? null
}

const CLAIM_TYPES: Record<string, RiskAdjustmentClaim['claimType']> = {
  '40': 'OUTPATIENT',
  '60': 'INPATIENT',
  '71': 'CARRIER',
  '72': 'CARRIER',
  '81': 'DME',
  '82': 'DME',
}

/** Minimal Blue Button EOB -> claim mapping, enough for the fixture (the real mapper lives in packages/bluebutton). */
function toClaim(eob: FhirEob): RiskAdjustmentClaim {
  const claimType = CLAIM_TYPES[coding(eob.type.coding, 'nch_clm_type_cd') ?? ''] ?? 'CARRIER'
  const facility = eob.facility?.extension.find((x) => x.url.endsWith('clm_fac_type_cd'))?.valueCoding.code
  const classification = coding(eob.type.coding, 'clm_srvc_clsfctn_type_cd')
  return {
    id: eob.id,
    claimType,
    typeOfBill: facility && classification ? `${facility}${classification}1` : null,
    billablePeriod: eob.billablePeriod,
    diagnoses: eob.diagnosis.map((d) => ({
      code: d.diagnosisCodeableConcept.coding[0]?.code ?? '',
      system: 'icd10' as const,
      roles: [],
    })),
    lines: eob.item.map((i) => ({
      hcpcs: i.productOrService.coding[0]?.code ?? null,
      modifiers: [],
      serviceStart: i.servicedPeriod?.start ?? null,
      serviceEnd: i.servicedPeriod?.end ?? null,
    })),
  }
}

describe('EOB filter case', () => {
  const eob = fixture.eob_filter_case
  const claims = eob.eob_resources.map(toClaim)
  const person = {
    sex: eob.demographics.sex,
    age: eob.demographics.age,
    orec: eob.demographics.orec,
    dual: eob.demographics.dual_elgbl_cd,
  }

  for (const [name, model] of [
    ['CMS-HCC Model V24', 'V24'],
    ['CMS-HCC Model V28', 'V28'],
  ] as const) {
    it(`keeps the office visit and the inpatient stay only (${model})`, () => {
      const expected = eob.expected[name]?.filtered
      const eligible = eligibleDiagnoses(claims, { paymentYear: 2026 })
      expect(eligible.claimsKept.sort()).toEqual([...(expected?.claims_kept ?? [])].sort())
      const r = scoreBeneficiary(
        { ...person, diagnoses: eligible.diagnoses.map((d) => d.code) },
        { model, paymentYear: 2026 as PaymentYear },
      )
      expect(r.hccs.map((h) => String(h.number))).toEqual(expected?.hccs)
      expect(r.rawScore).toBe(expected?.score_raw)
    })
  }

  it('scoreFromClaims explains each HCC with its claim ids and dates', () => {
    const r = scoreFromClaims(claims, person, { paymentYear: 2026 })
    const v28 = r.models[0]
    expect(v28?.rawScore).toBe(1.43)
    const copd = v28?.hccs.find((h) => h.hcc === 'HCC280')
    expect(copd?.diagnoses).toEqual([
      {
        code: 'J441',
        edit: null,
        sources: [
          { claimId: 'inpatient-11x', claimType: 'INPATIENT', from: '2025-03-10', through: '2025-03-10' },
        ],
      },
    ])
    expect(r.claims?.claimsExcluded.map((x) => x.claimId).sort()).toEqual([
      'carrier-lab-only',
      'dme-hospital-bed',
      'outpatient-13x-xray-only',
    ])
    expect(r.paymentScore).toBe(1.261)
  })
})
