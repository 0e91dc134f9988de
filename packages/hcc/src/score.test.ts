import { describe, expect, it } from 'vitest'
import { HccInputError, scoreBeneficiary, scoreCompact, scorePaymentYear } from './index.ts'
import type { BeneficiaryInput } from './index.ts'

const aged: BeneficiaryInput = {
  sex: 'F',
  age: 72,
  orec: '0',
  dual: 'NA',
  lti: false,
  newEnrollee: false,
  snp: false,
  maMonths: 0,
  diagnoses: [],
}
const v28 = { model: 'V28', paymentYear: 2026 } as const
const v24 = { model: 'V24', paymentYear: 2026 } as const

describe('V28 heart-failure rule (HCC223)', () => {
  it('drops HCC223 when no other heart-failure HCC is present', () => {
    const r = scoreBeneficiary({ ...aged, diagnoses: ['T82512A'] }, v28)
    expect(r.hccs).toEqual([])
    expect(r.droppedByHierarchy).toMatchObject([
      { hcc: 'HCC223', droppedBy: ['V28 rule: HCC223 needs another heart-failure HCC'] },
    ])
    expect(r.rawScore).toBe(0.395)
  })

  it('keeps HCC223 alongside HCC226 and drops HCC226 by hierarchy', () => {
    const r = scoreBeneficiary({ ...aged, diagnoses: ['T82512A', 'I509'] }, v28)
    expect(r.hccs.map((h) => h.hcc)).toEqual(['HCC223'])
    expect(r.hccs[0]?.dropped).toEqual(['HCC226'])
    expect(r.droppedByHierarchy).toMatchObject([
      { hcc: 'HCC226', droppedBy: ['HCC223'], diagnoses: [{ code: 'I509' }] },
    ])
  })
})

describe('age/sex edits', () => {
  it('V28: hemophilia in a female maps to HCC112, in a male to HCC111', () => {
    expect(scoreBeneficiary({ ...aged, diagnoses: ['D66'] }, v28).hccs.map((h) => h.hcc)).toEqual(['HCC112'])
    expect(scoreBeneficiary({ ...aged, sex: 'M', diagnoses: ['D66'] }, v28).hccs.map((h) => h.hcc)).toEqual([
      'HCC111',
    ])
  })

  it('V28: COPD under 18 maps to no CC and is reported as edited', () => {
    const r = scoreBeneficiary({ ...aged, age: 12, orec: '1', diagnoses: ['J44.9'] }, v28)
    expect(r.hccs).toEqual([])
    expect(r.editedDiagnoses).toEqual([
      { code: 'J449', rule: 'V28 edit: COPD/emphysema code under age 18 maps to no CC', cc: null },
    ])
  })

  it('V24: COPD under 18 maps to HCC112 and F34.81 outside 6-18 to nothing', () => {
    expect(
      scoreBeneficiary({ ...aged, age: 12, orec: '1', diagnoses: ['J449'] }, v24).hccs.map((h) => h.hcc),
    ).toEqual(['HCC112'])
    expect(
      scoreBeneficiary({ ...aged, age: 12, orec: '1', diagnoses: ['F3481'] }, v24).hccs.map((h) => h.hcc),
    ).toEqual(['HCC59'])
    expect(scoreBeneficiary({ ...aged, diagnoses: ['F3481'] }, v24).hccs).toEqual([])
    expect(scoreBeneficiary({ ...aged, diagnoses: ['D66'] }, v24).hccs.map((h) => h.hcc)).toEqual(['HCC48'])
  })

  it('V28: breast cancer at 49 pays HCC22, at 50 HCC23', () => {
    const young = scoreBeneficiary({ ...aged, age: 49, orec: '1', diagnoses: ['C50.912'] }, v28)
    expect(young.hccs[0]).toMatchObject({
      hcc: 'HCC22',
      diagnoses: [{ code: 'C50912', edit: 'V28 edit: breast cancer under age 50 maps to CC22' }],
    })
    expect(
      scoreBeneficiary({ ...aged, age: 50, orec: '1', diagnoses: ['C50.912'] }, v28).hccs.map((h) => h.hcc),
    ).toEqual(['HCC23'])
  })
})

describe('segments and demographics', () => {
  it('uses the 65 cell for a new enrollee aged 64 with OREC 0', () => {
    const r = scoreBeneficiary({ ...aged, age: 64, newEnrollee: true }, v28)
    expect(r.segment).toBe('NE_NMCAID_NORIGDIS')
    expect(r.terms[0]).toMatchObject({ variable: 'NEF65', coefficient: 0.532 })
  })

  it('uses SNPNE cells for chronic-condition SNP new enrollees', () => {
    const r = scoreBeneficiary({ ...aged, dual: '02', newEnrollee: true, snp: true }, v28)
    expect(r.segment).toBe('SNPNE_MCAID_NORIGDIS')
    expect(r.terms[0]?.variable).toBe('NEF70_74')
    expect(r.rawScore).toBe(1.634)
  })

  it('does not treat OREC 3 as originally disabled', () => {
    const r = scoreBeneficiary({ ...aged, orec: '3' }, v28)
    expect(r.originallyDisabled).toBe(false)
    expect(r.terms.map((t) => t.variable)).toEqual(['F70_74'])
    expect(r.warnings[0]).toMatch(/ESRD/)
  })

  it('chooses partial and full dual segments from the CMS code lists', () => {
    expect(scoreBeneficiary({ ...aged, dual: '06' }, v28).segment).toBe('CPA')
    expect(scoreBeneficiary({ ...aged, dual: '8' }, v28).segment).toBe('CFA')
    expect(scoreBeneficiary({ ...aged, dual: '09' }, v28).segment).toBe('CNA')
    expect(scoreBeneficiary({ ...aged, age: 40, orec: '1', dual: '04' }, v28).segment).toBe('CFD')
  })

  it('computes age on 1 February of the payment year', () => {
    expect(scoreBeneficiary({ ...aged, age: null, birthDate: '1961-02-01' }, v28).age).toBe(65)
    expect(scoreBeneficiary({ ...aged, age: null, birthDate: '1961-02-02' }, v28).age).toBe(64)
  })

  it('rejects a missing sex or age with HccInputError', () => {
    expect(() => scoreBeneficiary({ ...aged, sex: 'X' as 'F' }, v28)).toThrow(HccInputError)
    expect(() => scoreBeneficiary({ ...aged, age: null, birthDate: 'soon' }, v28)).toThrow(HccInputError)
  })
})

describe('defaults and completeness', () => {
  it('defaults unknown inputs per the brief and says so', () => {
    const r = scorePaymentYear({ sex: 'M', age: 58, diagnoses: ['E119'] }, { paymentYear: 2026 })
    expect(r.beneficiary).toMatchObject({ orec: '1', dual: 'NA', lti: false, newEnrollee: false, snp: false })
    expect(r.defaulted.map((d) => d.input).sort()).toEqual([
      'dual',
      'esrd',
      'lti',
      'maMonths',
      'newEnrollee',
      'orec',
      'snp',
    ])
    expect(r.completeness.status).toBe('unknown')
    expect(r.models[0]?.segment).toBe('CND')
  })

  it('warns that ESRD beneficiaries need another model', () => {
    const r = scorePaymentYear({ ...aged, esrd: true }, { paymentYear: 2026 })
    expect(r.models[0]?.warnings).toEqual([expect.stringMatching(/ESRD models, not covered/)])
    expect(r.defaulted.map((d) => d.input)).not.toContain('esrd')
  })

  it('flags Medicare Advantage months as incomplete', () => {
    const r = scorePaymentYear({ ...aged, maMonths: 4 }, { paymentYear: 2026 })
    expect(r.completeness).toMatchObject({ status: 'incomplete', maMonths: 4 })
    expect(r.defaulted).toEqual([{ input: 'esrd', value: false, reason: expect.any(String) }])
  })
})

describe('payment years', () => {
  it('blends V24 and V28 in PY2025 and reports each component', () => {
    const r = scorePaymentYear({ ...aged, diagnoses: ['E11.9', 'I50.9'] }, { paymentYear: 2025 })
    expect(r.blend.map((b) => [b.model, b.weightPercent, b.normalizationFactor])).toEqual([
      ['V24', 33, 1.153],
      ['V28', 67, 1.045],
    ])
    expect(r.models.map((m) => m.rawScore)).toEqual([0.943, 1.033])
    expect(r.blendedScore).toBe(0.933)
    expect(r.paymentScore).toBe(0.878)
  })

  it('gives no normalised score for V24 in PY2026 (not in the blend)', () => {
    const r = scoreBeneficiary({ ...aged, diagnoses: ['E119'] }, v24)
    expect(r.normalizationFactor).toBeNull()
    expect(r.normalizedScore).toBeNull()
  })

  it('round-trips through JSON unchanged (jsonb storage)', () => {
    const r = scorePaymentYear(
      { ...aged, diagnoses: ['E1122', 'E119', 'N186', 'N184', 'I509', 'XYZ'] },
      { paymentYear: 2024 },
    )
    expect(JSON.parse(JSON.stringify(r))).toEqual(r)
    expect(r.models[1]?.unmappedDiagnoses).toEqual(['XYZ'])
  })
})

describe('compact path', () => {
  it('agrees with the explained path', () => {
    const dx = ['E11.22', 'E11.9', 'N18.6', 'N18.4', 'I50.9']
    const compact = scoreCompact(
      { age: 80, sex: 'F', orec: '0', dual: 'NA', lti: false, newEnrollee: false, snp: false },
      dx,
      v28,
    )
    expect(compact).toEqual({ segment: 'CNA', rawThousandths: 2153, hccs: [37, 226, 326] })
  })
})
