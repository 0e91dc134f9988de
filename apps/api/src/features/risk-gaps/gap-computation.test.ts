import { ESRD_NORMALIZATION, scoreEsrd } from '@blueconsent/hcc'
import { describe, expect, it } from 'vitest'
import {
  WITHHELD_CLAIMS_CAVEAT,
  computePatientGaps,
  valuationYear,
  type GapClaim,
  type GapFill,
} from './gap-computation.ts'
import { SUSPECT_RULES, rulesForDrug } from './suspect-rules.ts'

const NOW = new Date('2026-11-15T12:00:00Z')
const demographics = { sex: 'F' as const, birthDate: '1950-03-10', orec: '0', dual: 'NA', esrd: false }

let claimSeq = 0
/** An office visit (an eligible E/M code) on `date` with the given diagnoses. */
function visit(date: string, codes: string[], provider = 'Dr Rivera'): GapClaim {
  claimSeq += 1
  return {
    id: `claim-${claimSeq}`,
    claimType: 'CARRIER',
    typeOfBill: null,
    billablePeriod: { start: date, end: date },
    diagnoses: codes.map((code) => ({ code, system: 'icd10' as const, roles: [] })),
    lines: [{ hcpcs: '99214', modifiers: [], serviceStart: date, serviceEnd: date }],
    providerName: provider,
    providerNpi: provider === 'Dr Rivera' ? '1234567893' : '1999999992',
  }
}

let fillSeq = 0
function fill(date: string, drugName: string | null): GapFill {
  fillSeq += 1
  return {
    id: `fill-${fillSeq}`,
    drugName,
    ndc: '00000000000',
    fillDate: date,
    daysSupply: 30,
    prescriberName: 'Dr Chen',
    prescriberNpi: '1111111112',
  }
}

const compute = (claims: GapClaim[], fills: GapFill[] = []) =>
  computePatientGaps({ claims, fills, demographics, now: NOW })

describe('recapture gaps', () => {
  it('lists an HCC documented last year and not this year, with its last claim and provider', () => {
    const claims = [
      visit('2025-02-01', ['I509'], 'Dr Old'),
      visit('2025-09-20', ['I509', 'E119']),
      visit('2026-03-01', ['E119']),
    ]
    const { gaps } = compute(claims)
    expect(gaps).toHaveLength(1)
    const [gap] = gaps
    expect(gap).toMatchObject({
      type: 'recapture',
      hcc: 'HCC226',
      model: 'V28',
      lastDate: '2025-09-20',
      providerName: 'Dr Rivera',
      providerNpi: '1234567893',
      trumpedBy: null,
    })
    expect(gap?.claims.map((c) => c.date)).toEqual(['2025-09-20', '2025-02-01'])
    // HCC226 (0.360 in the community non-dual aged segment, plus the count terms) over V28's 1.067.
    expect(gap?.value).toBeGreaterThan(0.3)
    expect(gap?.rxHcc).toBe('RXHCC186')
  })

  it('is not a gap once this year documents the HCC', () => {
    const claims = [visit('2025-05-01', ['I509']), visit('2026-05-01', ['I5022'])]
    expect(compute(claims).gaps).toEqual([])
  })

  it('is worth nothing when a more severe HCC of its hierarchy is documented this year', () => {
    // Last year diabetes without complication (HCC38); this year with a chronic complication (HCC37).
    const claims = [visit('2025-05-01', ['E119']), visit('2026-05-01', ['E1122', 'N183'])]
    const [gap] = compute(claims).gaps
    expect(gap).toMatchObject({ hcc: 'HCC38', value: 0, trumpedBy: 'HCC37' })
  })

  it('ignores claims older than last year and claims that are not risk-adjustment eligible', () => {
    const lab: GapClaim = {
      ...visit('2025-06-01', ['J449']),
      lines: [{ hcpcs: '80053', modifiers: [], serviceStart: '2025-06-01', serviceEnd: '2025-06-01' }],
    }
    const claims = [visit('2024-06-01', ['I509']), lab]
    expect(compute(claims).gaps).toEqual([])
  })
})

describe('a patient Medicare records with ESRD', () => {
  const claims = [visit('2025-09-20', ['I509', 'E119']), visit('2026-03-01', ['E119'])]
  const esrdPatient = { ...demographics, orec: '2', esrd: true }

  it('has each gap priced by the ESRD model: its category, and the change of its normalised dialysis score', () => {
    const [gap] = computePatientGaps({ claims, fills: [], demographics: esrdPatient, now: NOW }).gaps
    const input = {
      sex: 'F' as const,
      age: 76,
      orec: '2',
      dual: 'NA',
      lti: false,
      newEnrollee: false,
      graftMonths: null,
    }
    const expected =
      (scoreEsrd(input, ['E119', 'I509']).rawScore - scoreEsrd(input, ['E119']).rawScore) /
      (ESRD_NORMALIZATION.dialysis / 1000)
    expect(gap).toMatchObject({ type: 'recapture', model: 'ESRD-V24', hcc: 'HCC85' })
    expect(gap?.value).toBeCloseTo(expected, 3)
    expect(gap?.value).toBeGreaterThan(0)
    // The same record without ESRD status is valued with the year's CMS-HCC model, at another value.
    const [partC] = compute(claims).gaps
    expect(partC).toMatchObject({ model: 'V28', hcc: 'HCC226' })
    expect(partC?.value).not.toBeCloseTo(gap?.value ?? 0, 3)
  })
})

describe('suspect gaps', () => {
  it('suspects diabetes from insulin with no diabetes code, with the fills and a high confidence', () => {
    const fills = [
      fill('2026-01-10', 'Lantus (Insulin Glargine)'),
      fill('2026-02-10', 'Lantus (Insulin Glargine)'),
    ]
    const [gap] = compute([visit('2026-01-05', ['I10'])], fills).gaps
    expect(gap).toMatchObject({
      type: 'suspect',
      condition: 'Diabetes mellitus',
      hcc: 'HCC38',
      confidence: 'high',
      suggestedCode: 'E119',
      lastDate: '2026-02-10',
      providerName: 'Dr Chen',
    })
    expect(gap?.fills.map((f) => f.fill_date)).toEqual(['2026-02-10', '2026-01-10'])
    expect(gap?.rule?.sources.length).toBeGreaterThan(0)
    expect(gap?.value).toBeGreaterThan(0)
  })

  it('raises nothing when any claim carries a supporting diagnosis, whatever its year', () => {
    const fills = [fill('2026-01-10', 'Eliquis (Apixaban)')]
    expect(compute([visit('2024-03-01', ['I4820'])], fills).gaps).toEqual([])
    expect(compute([visit('2026-03-01', ['I82401'])], fills).gaps).toEqual([])
  })

  it('merges the drugs of one condition into one gap at the highest confidence', () => {
    const fills = [fill('2026-01-10', 'Metformin Hydrochloride'), fill('2026-03-10', 'Glipizide')]
    const gaps = compute([], fills).gaps.filter((g) => g.type === 'suspect')
    expect(gaps).toHaveLength(1)
    expect(gaps[0]).toMatchObject({ confidence: 'high', rule: { id: 'oral-antidiabetic-diabetes' } })
    expect(gaps[0]?.fills).toHaveLength(2)
  })

  it('covers donepezil, inhaled long-acting bronchodilators and anticoagulants', () => {
    const fills = [
      fill('2026-01-10', 'Donepezil Hydrochloride'),
      fill('2026-01-10', 'Spiriva (Tiotropium Bromide)'),
      fill('2026-01-10', 'Xarelto (Rivaroxaban)'),
    ]
    const conditions = compute([], fills)
      .gaps.map((g) => g.condition)
      .sort()
    expect(conditions).toEqual([
      'Atrial fibrillation or venous thromboembolism',
      'Chronic obstructive pulmonary disease',
      'Dementia',
    ])
  })

  it('a suspect trumped by a documented HCC is worth nothing', () => {
    // Cystic fibrosis (HCC277) is documented this year; a LAMA implies COPD (HCC280), which HCC277 trumps.
    const fills = [fill('2026-01-10', 'Spiriva (Tiotropium Bromide)')]
    const [gap] = compute([visit('2026-02-01', ['E840'])], fills).gaps
    expect(gap).toMatchObject({ type: 'suspect', hcc: 'HCC280', value: 0, trumpedBy: 'HCC277' })
  })

  it('sorts gaps by value, highest first', () => {
    const fills = [fill('2026-01-10', 'Biktarvy (Bictegravir, Emtricitabine, and Tenofovir Alafenamide)')]
    const gaps = compute([visit('2025-04-01', ['E119'])], fills).gaps
    expect(gaps.map((g) => g.value)).toEqual([...gaps.map((g) => g.value)].sort((a, b) => b - a))
    expect(gaps.find((g) => g.condition === 'HIV infection')?.rxValue).toBeGreaterThan(5)
  })
})

describe('drug rules', () => {
  it('match ingredients as whole words and never a fill without a name', () => {
    expect(rulesForDrug('Insulin Lispro').map((r) => r.id)).toEqual(['insulin-diabetes'])
    expect(rulesForDrug('Metforminx')).toEqual([])
    expect(rulesForDrug(null)).toEqual([])
    expect(rulesForDrug('Auryxia (Ferric Citrate)').map((r) => r.id)).toEqual(['phosphate-binder-ckd'])
  })

  it('every rule has sources, a priced code that maps to a payment HCC, and unique ids', () => {
    expect(new Set(SUSPECT_RULES.map((r) => r.id)).size).toBe(SUSPECT_RULES.length)
    for (const rule of SUSPECT_RULES) {
      expect(rule.sources.length, rule.id).toBeGreaterThan(0)
      const [gap] = computePatientGaps({
        claims: [],
        fills: [fill('2026-01-10', rule.ingredients[0] ?? null)],
        demographics,
        now: NOW,
      }).gaps
      expect(gap?.hcc, rule.id).toMatch(/^HCC\d+$/)
    }
  })
})

describe('Part D score and caveats', () => {
  it('traces each RxHCC to its claims and the fills that support it', () => {
    const claims = [visit('2025-03-01', ['E119'])]
    const fills = [fill('2025-03-05', 'Metformin Hydrochloride'), fill('2025-03-05', 'Atorvastatin')]
    const { partD } = compute(claims, fills)
    const diabetes = partD?.rx_hccs.find((rx) => rx.rx_hcc === 'RXHCC31')
    expect(diabetes?.diagnoses[0]?.claims[0]?.date).toBe('2025-03-01')
    expect(diabetes?.fills.map((f) => f.drug_name)).toEqual(['Metformin Hydrochloride'])
    expect(partD?.normalized.map((n) => n.plan)).toEqual(['MA-PD', 'PDP'])
  })

  it('says HCCs may be missing for a record shorter than a year, and always for withheld claims', () => {
    expect(compute([visit('2026-06-01', ['I10'])]).caveats).toHaveLength(2)
    expect(compute([visit('2025-06-01', ['I10'])]).caveats).toEqual([WITHHELD_CLAIMS_CAVEAT])
    expect(compute([visit('2026-06-01', ['I10'])]).dataLimitations.map((l) => l.code)).toEqual([
      'short_history',
    ])
    expect(compute([visit('2025-06-01', ['I10'])]).dataLimitations).toEqual([])
  })

  it('values against the next payment year the engine has tables for', () => {
    expect(valuationYear(NOW)).toEqual({ paymentYear: 2026, model: 'V28' })
    expect(valuationYear(new Date('2023-06-01T00:00:00Z'))).toEqual({ paymentYear: 2024, model: 'V24' })
  })
})
