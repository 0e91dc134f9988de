import { describe, expect, it } from 'vitest'
import { esrdSegment, scoreEsrd, scoreEsrdCompact, type EsrdInput } from './esrd.ts'
import { choosePartCModel, esrdStatus } from './model-choice.ts'

const base: EsrdInput = {
  sex: 'F',
  age: 72,
  orec: '0',
  dual: 'NA',
  lti: false,
  newEnrollee: false,
  graftMonths: null,
}

const factors = (input: EsrdInput, dx: string[]): Record<string, number> =>
  Object.fromEntries(scoreEsrd(input, dx).terms.map((t) => [t.variable, t.coefficient]))

// Expected values: risk_adjustment_model 0.7.0 (MedicareModelESRDv24, year 2026), run offline.
describe('ESRD V24 PY2026', () => {
  it('scores dialysis with the V24 hierarchy and interactions', () => {
    const input = base
    const s = scoreEsrd(input, ['E1165', 'I5022', 'J449'])
    expect(s.segment).toBe('DIAL')
    expect(s.rawScore).toBe(0.832)
    expect(factors(input, ['E1165', 'I5022', 'J449'])).toEqual({
      F70_74: 0.624,
      HCC18: 0.084,
      HCC85: 0.063,
      HCC111: 0.058,
      DIABETES_CHF: 0,
      CHF_gCopdCF: 0.003,
    })
    // Dialysis normalisation 1.062, then the 5.9% MA coding adjustment.
    expect(s.normalizationFactor).toBe(1.062)
    expect(s.normalizedScore).toBe(0.783)
    expect(s.paymentScore).toBe(0.737)
  })

  it('adds institutional, dual and under-65 terms on dialysis', () => {
    const input = { ...base, sex: 'M' as const, age: 58, orec: '1', dual: '01', lti: true }
    const dx = ['A419', 'L89154', 'I5022', 'F200']
    expect(scoreEsrdCompact(input, dx)).toEqual({
      segment: 'DIAL',
      rawThousandths: 1135,
      hccs: [2, 57, 85, 157],
    })
    expect(factors(input, dx)).toMatchObject({ LTI_NonAged: 0.098, PBDual_Male_NonAged: 0, NONAGED_HCC85: 0 })
  })

  it('adds the institutional graft duration, partial-dual and LTI scores to a functioning graft', () => {
    const input = { ...base, orec: '2', dual: '03', lti: true, graftMonths: 20 }
    const s = scoreEsrd(input, ['E1165', 'C3490'])
    expect(s.segment).toBe('GRAFT_INST')
    expect(s.rawScore).toBe(4.353)
    expect(s.terms.slice(-3)).toEqual([
      expect.objectContaining({ variable: 'FGI_GE65_DUR10PL_ND_PBD', coefficient: 0.905 }),
      expect.objectContaining({ variable: 'FGI_PBD_GE65_flag', coefficient: 0.162 }),
      expect.objectContaining({ variable: 'LTI_GE65', coefficient: 0.955 }),
    ])
    expect(s.normalizationFactor).toBe(1.104)
  })

  it('adds the community graft duration score by age and dual status', () => {
    const input = { ...base, sex: 'M' as const, age: 70, orec: '2', dual: '02', graftMonths: 6 }
    expect(scoreEsrdCompact(input, ['E1165', 'I5022', 'J449'])).toEqual({
      segment: 'GRAFT_COMM_FBD_GE65',
      rawThousandths: 4398,
      hccs: [18, 85, 111],
    })
  })

  it('scores new enrollees on demographics only; graft ones divided by the actuarial adjustment', () => {
    const dial = scoreEsrd({ ...base, sex: 'M', age: 50, orec: '1', newEnrollee: true }, ['E119'])
    expect([dial.segment, dial.rawScore, dial.hccs]).toEqual(['NE_DIAL_ND_PBD_ORIGDIS', 0.851, []])
    const graft = scoreEsrd(
      { ...base, age: 67, orec: '1', dual: '08', newEnrollee: true, graftMonths: 5 },
      [],
    )
    // (NEF67 1.585 + GE65_DUR4_9_FBD 2.605) / 0.905 = 4.6298...
    expect([graft.segment, graft.rawScore, graft.actuarialAdjustment]).toEqual([
      'NE_GRAFT_FBD_ORIGDIS',
      4.63,
      0.905,
    ])
    // Age 64 with OREC 0 uses the 65 cell and the aged duration score; 10+ months divide by 0.698.
    expect(
      scoreEsrdCompact({ ...base, sex: 'M', age: 64, dual: '02', newEnrollee: true, graftMonths: 12 }, []),
    ).toEqual({
      segment: 'NE_GRAFT_FBD_NORIGDIS',
      rawThousandths: 3510,
      hccs: [],
    })
  })

  it('scores the three transplant months flat, whatever the diagnoses', () => {
    expect(scoreEsrdCompact({ ...base, graftMonths: 1 }, ['I5022'])).toEqual({
      segment: 'TRANSPLANT_1M',
      rawThousandths: 5985,
      hccs: [],
    })
    expect(scoreEsrdCompact({ ...base, graftMonths: 0 }, []).segment).toBe('TRANSPLANT_1M')
    expect(scoreEsrdCompact({ ...base, graftMonths: 3 }, []).rawThousandths).toBe(941)
    expect(esrdSegment({ ...base, graftMonths: 4 })).toBe('GRAFT_COMM_ND_PBD_GE65')
  })

  it('applies the age/sex edits: hemophilia in a female, COPD and dysthymia in children', () => {
    const child = { ...base, age: 10, orec: '3' }
    const s = scoreEsrd(child, ['D66', 'J449', 'F3481'])
    expect(s.rawScore).toBe(0.831)
    expect(s.hccs.map((h) => h.variable)).toEqual(['HCC48', 'HCC59', 'HCC112'])
    expect(s.editedDiagnoses).toEqual(['D66', 'J449', 'F3481'])
    const adult = scoreEsrd({ ...child, sex: 'M', age: 30 }, ['D66', 'J449', 'F3481'])
    expect(adult.rawScore).toBe(1.117)
    expect(adult.hccs.map((h) => h.variable)).toEqual(['HCC46', 'HCC111'])
    expect(adult.unmappedDiagnoses).toEqual(['F3481'])
  })
})

describe('choosing the Part C model from Medicare ESRD status', () => {
  it('uses the ESRD model when ms_cd or esrd_ind says ESRD', () => {
    expect(choosePartCModel({ msCode: '31' }).model).toBe('ESRD-V24')
    expect(choosePartCModel({ msCode: '11' }).model).toBe('ESRD-V24')
    expect(choosePartCModel({ esrdIndicator: 'Y' }).model).toBe('ESRD-V24')
    expect(choosePartCModel({ msCode: '10', esrdIndicator: 'Y' }).model).toBe('ESRD-V24')
  })

  it('uses CMS-HCC otherwise, and says when the status is missing', () => {
    expect(choosePartCModel({ msCode: '20', esrdIndicator: '0' })).toMatchObject({
      model: 'CMS-HCC',
      esrd: false,
    })
    const unknown = choosePartCModel({})
    expect(unknown).toMatchObject({ model: 'CMS-HCC', esrd: null })
    expect(unknown.reason).toContain('not in the data')
    expect(esrdStatus({ msCode: ' 21 ' })).toBe(true)
    expect(esrdStatus({ msCode: '99', esrdIndicator: '' })).toBeNull()
  })
})
