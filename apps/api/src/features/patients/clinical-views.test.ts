// Stored rows as the contract serves them: words beside codes and one clean drug name, also for rows stored
// before either existed.
import { describe, expect, it } from 'vitest'
import type { ClaimWithChildren } from './clinical.repository.ts'
import { toClaim, toMedication } from './clinical-views.ts'

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
