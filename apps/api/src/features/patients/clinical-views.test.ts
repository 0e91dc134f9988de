// Stored rows as the contract serves them: words beside codes and one clean drug name, also for rows stored
// before either existed.
import type { ClaimRecord, CoverageSummary } from '@blueconsent/bluebutton'
import { describe, expect, it } from 'vitest'
import { computeRiskScore } from '../ingestion/index.ts'
import type { ClaimWithChildren } from './clinical.repository.ts'
import { toClaim, toMedication, toRiskScoreContract } from './clinical-views.ts'

type MedicationRow = Parameters<typeof toMedication>[0]

const medication = (drugName: string | null): MedicationRow =>
  ({ resourceId: 'pde-1', ndc: '00071015523', drugName }) as MedicationRow

const claimRows = {
  claim: { resourceId: 'carrier-1', record: { claimId: 'C-1', claimType: 'CARRIER' } },
  diagnoses: [
    { sequence: 1, code: 'M1711', system: 'icd10', roles: ['principal'] },
    { sequence: 2, code: '71536', system: 'icd9', roles: [] },
  ],
  lines: [
    { sequence: 1, hcpcs: '99283', modifiers: [] },
    { sequence: 2, hcpcs: 'J1745', modifiers: [] },
    { sequence: 3, hcpcs: null, modifiers: [] },
  ],
} as unknown as ClaimWithChildren

describe('toMedication', () => {
  it('serves one clean name for a name stored as Blue Button wrote it', () => {
    const served = toMedication(medication('Atorvastatin Calcium - ATORVASTATIN CALCIUM TRIHYDRATE'))
    expect(served).toMatchObject({ name: 'Atorvastatin Calcium', drug_name: 'Atorvastatin Calcium' })
  })

  it('serves no name when the claim had none, leaving the NDC to stand for it', () => {
    expect(toMedication(medication(null))).toMatchObject({ name: null, ndc: '00071015523' })
  })
})

describe('toClaim', () => {
  const served = toClaim(claimRows)

  it('describes ICD-10-CM diagnoses from CDC’s table and leaves other code sets without words', () => {
    expect(served.diagnoses.map((d) => [d.code, d.description])).toEqual([
      ['M1711', 'Unilateral primary osteoarthritis, right knee'],
      ['71536', null],
    ])
  })

  it('labels each line’s code set, with CMS’s words for HCPCS Level II and public words only for CPT', () => {
    expect(served.lines.map((l) => [l.hcpcs, l.code_set, l.description])).toEqual([
      ['99283', 'CPT', 'Emergency department visit'],
      ['J1745', 'HCPCS', 'Injection, infliximab, excludes biosimilar, 10 mg'],
      [null, null, null],
    ])
    expect(served).toMatchObject({
      service: '99283',
      service_code_set: 'CPT',
      service_description: 'Emergency department visit',
    })
  })

  it('describes a claim whose first service is an HCPCS Level II code in CMS’s words', () => {
    const wellness = toClaim({
      ...claimRows,
      lines: [{ sequence: 1, hcpcs: 'G0439', modifiers: [] }],
    } as unknown as ClaimWithChildren)
    expect(wellness).toMatchObject({
      service: 'G0439',
      service_code_set: 'HCPCS',
      service_description:
        'Annual wellness visit, includes a personalized prevention plan of service (pps), subsequent visit',
    })
  })
})

describe('toRiskScoreContract', () => {
  it('explains an ESRD score like a CMS-HCC one: each HCC traced to its claims, and why the model', () => {
    const visit = {
      id: 'carrier-7',
      claimType: 'CARRIER',
      claimId: null,
      typeOfBill: null,
      billablePeriod: { start: '2025-06-02', end: '2025-06-02' },
      diagnoses: [{ code: 'E11.22', system: 'icd10', roles: ['principal'] }],
      procedures: [],
      lines: [{ hcpcs: '99214', modifiers: [], serviceStart: '2025-06-02', serviceEnd: '2025-06-02' }],
    } as unknown as ClaimRecord
    const coverage = { orec: '0', esrd: true, medicareStatusCode: '11', medicareAdvantageMonths: [] }
    const stored = computeRiskScore(
      [visit],
      { sex: 'M', birthDate: '1948-01-15' },
      { ...coverage, dualStatusByMonth: Array(12).fill(null) } as unknown as CoverageSummary,
      new Date('2026-11-27T12:00:00Z'),
    )
    if (!stored) throw new Error('no score')
    const served = toRiskScoreContract({ ...stored, calculatedAt: new Date('2026-11-27T12:00:00Z') })
    expect(served).toMatchObject({
      model: 'ESRD-V24',
      segment: 'DIAL',
      segment_label: 'Dialysis, continuing enrollee',
      score: Number(stored.score),
      payment_score: stored.result.esrd?.paymentScore,
      model_choice: { model: 'ESRD-V24', esrd: true },
    })
    expect(served?.model_choice?.reason).toContain('scored as dialysis')
    const diabetes = served?.hccs.find((h) => h.diagnoses.some((d) => d.code === 'E1122'))
    expect(diabetes?.diagnoses[0]?.sources).toEqual([
      { claim_id: 'carrier-7', claim_type: 'CARRIER', from: '2025-06-02', through: '2025-06-02' },
    ])
    expect(diabetes?.diagnoses[0]?.description).toMatch(/diabetes/i)
  })
})
