// The generated ICD-10-CM and HCPCS Level II tables: each committed module is exactly what its committed
// public file produces, known codes read as CDC and CMS write them, and the compact form gives back every row
// it was given.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  HCPCS_MODULE,
  HCPCS_SOURCE,
  hcpcsModule,
  ICD10CM_MODULE,
  ICD10CM_SOURCE,
  icd10cmModule,
} from '../../scripts/code-tables.ts'
import { HCPCS, hcpcsDescription, ICD10CM, icd10cmDescription, serviceCode } from './index.ts'
import { decodeTable, encodeTable, parseCdcCodes, parseCmsHcpcsCsv } from './table-format.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const source = readFileSync(join(root, ICD10CM_SOURCE))
const hcpcsSource = readFileSync(join(root, HCPCS_SOURCE))

describe('ICD-10-CM table', () => {
  it('is up to date with the CDC file it is generated from', () => {
    expect(icd10cmModule(source) === readFileSync(join(root, ICD10CM_MODULE), 'utf8')).toBe(true)
  })

  it('gives back every code and description of the CDC file', () => {
    const rows = parseCdcCodes(gunzipSync(source).toString('utf8'))
    const decoded = decodeTable(ICD10CM)
    expect(decoded.size).toBe(74_719)
    // One comparison over the whole table keeps the test fast.
    expect(rows.filter(([code, description]) => decoded.get(code) !== description)).toEqual([])
  })

  it.each([
    ['M1711', 'Unilateral primary osteoarthritis, right knee'],
    ['M17.11', 'Unilateral primary osteoarthritis, right knee'],
    ['e11.9', 'Type 2 diabetes mellitus without complications'],
    ['I10', 'Essential (primary) hypertension'],
    ['S72001A', 'Fracture of unspecified part of neck of right femur, initial encounter for closed fracture'],
  ])('describes %s', (code, description) => {
    expect(icd10cmDescription(code)).toBe(description)
  })

  it('describes no code outside the FY2026 table', () => {
    for (const code of ['M17', 'E11', '25000', 'ZZZ99', '']) expect(icd10cmDescription(code)).toBeNull()
  })

  it('round-trips rows whose wording and endings repeat', () => {
    const rows = [
      ['A0100', 'Typhoid fever, unspecified'],
      ['A0101', 'Typhoid meningitis'],
      ['S0000XA', 'Unspecified superficial injury of scalp, initial encounter'],
      ['S0000XD', 'Unspecified superficial injury of scalp, initial encounter, sequela'],
    ] as const
    const table = { release: 'test', ...encodeTable(rows, 2) }
    expect([...decodeTable(table)]).toEqual(rows.map(([code, text]) => [code, text]))
  })
})

describe('HCPCS Level II table', () => {
  it('is up to date with the CMS file it is generated from', () => {
    expect(hcpcsModule(hcpcsSource) === readFileSync(join(root, HCPCS_MODULE), 'utf8')).toBe(true)
  })

  it('gives back every Level II procedure code of the CMS file with its long description', () => {
    const rows = parseCmsHcpcsCsv(gunzipSync(hcpcsSource).toString('utf8')).filter(
      ([code]) => code.length === 5,
    )
    const decoded = decodeTable(HCPCS)
    expect(decoded.size).toBe(8_623)
    expect(rows.filter(([code, , long]) => decoded.get(code) !== long)).toEqual([])
  })

  it.each([
    ['J1745', 'Injection, infliximab, excludes biosimilar, 10 mg'],
    [
      'g0439',
      'Annual wellness visit, includes a personalized prevention plan of service (pps), subsequent visit',
    ],
    [
      'G0402',
      'Initial preventive physical examination; face-to-face visit, services limited to new beneficiary during the first 12 months of medicare enrollment',
    ],
    ['A0429', 'Ambulance service, basic life support, emergency transport (bls-emergency)'],
    // Discontinued at the end of 2025 and still in the January 2026 file, so older claims keep their words.
    ['J1655', 'Injection, tinzaparin sodium, 1000 iu'],
  ])('describes %s', (code, description) => {
    expect(hcpcsDescription(code)).toBe(description)
  })

  it('describes no CPT code, modifier or code outside the file', () => {
    for (const code of ['99283', '0503F', 'GT', 'D0120', 'J0000', ''])
      expect(hcpcsDescription(code)).toBeNull()
  })

  it('reads CMS’s quoted fields, commas and doubled quotes included', () => {
    const csv =
      'HCPCS_CODE,SHORT_DESCRIPTION,LONG_DESCRIPTION\r\nA0425,Ground mileage,"Ground mileage, per ""statute"" mile"\r\nA1,,x\r\n'
    expect(parseCmsHcpcsCsv(csv)).toEqual([
      ['A0425', 'Ground mileage', 'Ground mileage, per "statute" mile'],
      ['A1', '', 'x'],
    ])
  })
})

describe('serviceCode', () => {
  it.each([
    ['99283', { codeSet: 'CPT', description: 'Emergency department visit' }],
    ['99214', { codeSet: 'CPT', description: 'Office or outpatient visit, established patient' }],
    ['80053', { codeSet: 'CPT', description: null }],
    ['0503F', { codeSet: 'CPT', description: null }],
    [
      'G0439',
      {
        codeSet: 'HCPCS',
        description:
          'Annual wellness visit, includes a personalized prevention plan of service (pps), subsequent visit',
      },
    ],
    ['J1745', { codeSet: 'HCPCS', description: 'Injection, infliximab, excludes biosimilar, 10 mg' }],
    ['D0120', { codeSet: 'HCPCS', description: null }],
  ])('labels %s', (code, expected) => {
    expect(serviceCode(code)).toEqual(expected)
  })

  it('labels nothing that is neither CPT nor HCPCS', () => {
    for (const code of [null, '', 'NULL', '0450', 'W1234', 'M17112']) expect(serviceCode(code)).toBeNull()
  })
})
