// Field-by-field checks per claim type. Expected values were read by hand from the fixture JSON.
import { describe, expect, it } from 'vitest'
import { bundleResource, loadFixture } from '../../test/fixtures.ts'
import { mapClaim } from './claim.ts'
import type { ClaimRecord } from './types.ts'

const ALL = 'bfd-eob-bundle-all-claim-types.json'
const TEST_ENV = 'test-env-eob-bundle-carrier-outpatient-subset.json'

function claimOf(resource: unknown): ClaimRecord {
  const { record } = mapClaim(resource)
  if (!record) throw new Error('expected a claim')
  return record
}

describe('CARRIER', () => {
  it('maps the TEST-environment carrier claim with data-absent line codes and a missing NPI', () => {
    const result = mapClaim(bundleResource(TEST_ENV, 'carrier--10000930038029'))
    const claim = result.record
    expect(claim).not.toBeNull()
    if (!claim) return
    expect(claim.claimType).toBe('CARRIER')
    expect(claim.claimId).toBe('-10000930038029')
    expect(claim.patientId).toBe('-10000010254647')
    expect(claim.nchClaimTypeCode).toBe('71')
    expect(claim.typeOfBill).toBeNull()
    expect(claim.billablePeriod).toEqual({ start: '2019-03-19', end: '2019-03-19' })
    expect(claim.diagnoses.map((diagnosis) => [diagnosis.code, diagnosis.system, diagnosis.roles])).toEqual([
      ['T7432X', 'icd10', ['principal']],
      ['Z608', 'icd10', ['principal']],
      ['T7421X', 'icd10', ['secondary']],
      ['M7918', 'icd10', ['secondary']],
      ['M797', 'icd10', ['secondary']],
      ['Z560', 'icd10', ['secondary']],
    ])
    expect(claim.lines).toHaveLength(6)
    expect(claim.lines.map((line) => line.hcpcs)).toEqual([null, null, '96156', null, '96127', null])
    const [first] = claim.lines
    expect(first).toMatchObject({
      sequence: 1,
      modifiers: [],
      serviceStart: '2019-03-19',
      serviceEnd: '2019-03-19',
      units: 5,
      placeOfService: '11',
      diagnosisSequences: [2],
      performingProvider: { npi: '9999973990', name: null },
      amounts: {
        submittedCents: 11380,
        allowedCents: 11380,
        medicarePaidCents: 9104,
        patientPaysCents: 9104,
      },
    })
    expect(claim.provider?.npi).toBe('1407891336')
    expect(claim.careTeam[1]).toMatchObject({ role: 'referring', npi: null })
    expect(claim.amounts).toEqual({
      submittedCents: 70890,
      allowedCents: 56712,
      medicarePaidCents: 56712,
      patientPaysCents: claim.lines.reduce((sum, line) => sum + (line.amounts.patientPaysCents ?? 0), 0),
    })
    expect(result.issues).toContainEqual(
      expect.objectContaining({ path: 'careTeam[1].provider.identifier', code: 'missing' }),
    )
    expect(result.issues).toContainEqual(expect.objectContaining({ path: 'diagnosis', code: 'inconsistent' }))
  })

  it('maps Blue Button’s own carrier fixture (HCPCS line, line and claim amounts)', () => {
    const claim = claimOf(loadFixture('bb2-eob-read-carrier-v2.json'))
    expect(claim.id).toBe('carrier-22639159481')
    expect(claim.claimId).toBe('22639159481')
    expect(claim.billablePeriod).toEqual({ start: '2015-12-01', end: '2015-12-01' })
    expect(claim.diagnoses).toEqual([
      {
        sequence: 1,
        code: 'M810',
        system: 'icd10',
        display: 'AGE-RELATED OSTEOPOROSIS W/O CURRENT PATHOLOGICAL FRACTURE',
        roles: ['principal'],
      },
      { sequence: 2, code: '9999999', system: 'icd10', display: null, roles: [] },
    ])
    expect(claim.lines).toEqual([
      expect.objectContaining({
        hcpcs: '77085',
        placeOfService: '99',
        units: 1,
        amounts: {
          submittedCents: 25000,
          allowedCents: 25000,
          medicarePaidCents: 5000,
          patientPaysCents: 1000,
        },
      }),
    ])
    expect(claim.amounts).toEqual({
      submittedCents: 25000,
      allowedCents: 6000,
      medicarePaidCents: 5000,
      patientPaysCents: 1000,
    })
  })
})

describe('DME', () => {
  it('maps the BFD DME claim', () => {
    const claim = claimOf(bundleResource(ALL, 'dme-2188888888'))
    expect(claim.claimType).toBe('DME')
    expect(claim.typeOfBill).toBeNull()
    expect(claim.billablePeriod).toEqual({ start: '2014-02-03', end: '2014-02-03' })
    expect(claim.diagnoses.map((diagnosis) => `${diagnosis.code}:${diagnosis.roles.join()}`)).toEqual([
      'B04:principal',
      'A37:other',
      'A25:secondary',
    ])
    expect(claim.provider).toEqual({ npi: '1244444444', npiValid: false, name: 'DR. DAVID SMITH MD' })
    expect(claim.lines[0]).toMatchObject({
      hcpcs: '345',
      modifiers: ['YY'],
      serviceStart: '2014-02-03',
      units: 60,
      placeOfService: '12',
      amounts: {
        submittedCents: 13045,
        allowedCents: 12945,
        medicarePaidCents: 12345,
        patientPaysCents: 2020 + 1800,
      },
    })
    expect(claim.amounts).toEqual({
      submittedCents: 175275,
      allowedCents: 75479,
      medicarePaidCents: 77775,
      patientPaysCents: 3820,
    })
    expect(claim.careTeam[0]).toMatchObject({
      npi: '1306849450',
      npiValid: true,
      name: 'DR. HAROLD LEROY SMITSON II M.D.',
      role: 'referring',
    })
  })
})

describe('HHA', () => {
  it('maps the BFD home health claim with mixed ICD-9/ICD-10 diagnoses', () => {
    const claim = claimOf(bundleResource(ALL, 'hha-2925555555'))
    expect(claim.typeOfBill).toBe('321')
    expect(claim.diagnoses[0]).toMatchObject({ code: '53081', system: 'icd9', roles: ['principal'] })
    expect(claim.diagnoses[1]).toMatchObject({ code: 'B01', system: 'icd10', roles: ['secondary'] })
    expect(claim.lines[0]).toMatchObject({
      hcpcs: '2GGGG',
      modifiers: ['KO'],
      revenueCode: '0023',
      serviceStart: '2015-06-23',
      units: 666,
    })
    expect(claim.lines[0]?.amounts).toEqual({
      submittedCents: 2500,
      allowedCents: null,
      medicarePaidCents: 2600,
      patientPaysCents: null,
    })
    expect(claim.amounts).toEqual({
      submittedCents: 19999,
      allowedCents: null,
      medicarePaidCents: 18800,
      patientPaysCents: null,
    })
  })
})

describe('HOSPICE', () => {
  it('maps the BFD hospice claim; a UPIN care-team member has no NPI', () => {
    const claim = claimOf(bundleResource(ALL, 'hospice-9992223422'))
    expect(claim.typeOfBill).toBe('811')
    expect(claim.billablePeriod).toEqual({ start: '2014-01-01', end: '2014-01-30' })
    expect(claim.lines[0]).toMatchObject({
      hcpcs: 'A5C',
      modifiers: ['Q9999'],
      revenueCode: '651',
      serviceStart: '2014-09-01',
      units: 5454,
    })
    expect(claim.lines[0]?.amounts.submittedCents).toBe(255500)
    expect(claim.careTeam.map((member) => member.npi)).toEqual(['8888888888', null, '345345345'])
    expect(claim.amounts.medicarePaidCents).toBe(13032)
  })
})

describe('INPATIENT', () => {
  it('maps the BFD inpatient read: admitting/principal diagnoses, PCS procedures, DRG, facility', () => {
    const result = mapClaim(loadFixture('bfd-eob-read-inpatient.json'))
    const claim = result.record
    if (!claim) throw new Error('expected a claim')
    expect(claim.typeOfBill).toBe('111')
    expect(claim.billablePeriod).toEqual({ start: '2016-01-15', end: '2016-01-27' })
    expect(claim.admissionPeriod).toEqual({ start: '2016-01-15', end: '2016-01-27' })
    expect(claim.drg).toBe('695')
    expect(claim.diagnoses.slice(0, 3).map((diagnosis) => [diagnosis.code, diagnosis.roles[0]])).toEqual([
      ['A37', 'admitting'],
      ['A40', 'principal'],
      ['A52', 'other'],
    ])
    expect(claim.procedures.map((procedure) => [procedure.code, procedure.system, procedure.date])).toEqual([
      ['BQ0HZZZ', 'icd10pcs', '2016-01-16'],
      ['CD1YYZZ', 'icd10pcs', '2016-01-16'],
      ['2W52X6Z', 'icd10pcs', '2016-01-15'],
      ['BP17ZZZ', 'icd10pcs', '2016-01-17'],
      ['D9YD8ZZ', 'icd10pcs', '2016-01-24'],
      ['F00ZCKZ', 'icd10pcs', '2016-01-24'],
    ])
    expect(claim.provider).toEqual({ npi: '0000000000', npiValid: false, name: 'Fake ORG Name' })
    expect(claim.lines).toEqual([
      expect.objectContaining({
        hcpcs: 'M55',
        modifiers: [],
        revenueCode: '6767',
        serviceStart: null,
        serviceEnd: null,
        units: 77,
      }),
    ])
    expect(claim.amounts).toEqual({
      submittedCents: 8499937,
      allowedCents: null,
      medicarePaidCents: 769948,
      patientPaysCents: 11200 + 500 + 600,
    })
    expect(result.issues).toContainEqual(
      expect.objectContaining({ code: 'ignored_field', path: 'meta.lastUpdated' }),
    )
  })
})

describe('OUTPATIENT', () => {
  it('maps the TEST-environment outpatient claim: duplicate ICD systems, quoted displays, two principals', () => {
    const result = mapClaim(bundleResource(TEST_ENV, 'outpatient--10000930038021'))
    const claim = result.record
    if (!claim) throw new Error('expected a claim')
    expect(claim.typeOfBill).toBe('131')
    expect(claim.billablePeriod).toEqual({ start: '2016-09-13', end: '2016-09-13' })
    expect(claim.diagnoses).toHaveLength(8)
    expect(claim.diagnoses[0]).toEqual({
      sequence: 1,
      code: 'J329',
      system: 'icd10',
      display: 'CHRONIC SINUSITIS, UNSPECIFIED',
      roles: ['principal'],
    })
    expect(
      claim.diagnoses
        .filter((diagnosis) => diagnosis.roles.includes('principal'))
        .map((diagnosis) => diagnosis.code),
    ).toEqual(['J329', 'B9789'])
    expect(claim.provider).toEqual({
      npi: '1225301823',
      npiValid: true,
      name: 'BEHAVIORAL HEALTHCARE CENTER AT HUNTSVILLE, LLC',
    })
    expect(claim.lines[0]).toMatchObject({ hcpcs: '99241', revenueCode: '0001', serviceStart: '2016-09-13' })
    expect(claim.amounts).toEqual({
      submittedCents: 6070,
      allowedCents: null,
      medicarePaidCents: 6070,
      patientPaysCents: 1000,
    })
    // Sequence 9 has only an "unknown-icd-version" system and no code.
    expect(result.issues).toContainEqual(expect.objectContaining({ path: 'diagnosis[8]', code: 'missing' }))
  })
})

describe('SNF', () => {
  it('maps the BFD skilled nursing claim with ICD-9 codes and procedures', () => {
    const claim = claimOf(bundleResource(ALL, 'snf-777777777'))
    expect(claim.typeOfBill).toBe('211')
    expect(claim.billablePeriod).toEqual({ start: '2013-12-01', end: '2013-12-18' })
    expect(claim.admissionPeriod).toEqual({ start: '2013-11-05', end: '2013-12-18' })
    expect(claim.diagnoses[1]).toMatchObject({ code: '3736', system: 'icd9', roles: ['principal'] })
    expect(claim.procedures).toEqual([
      { sequence: 1, code: '9214', system: 'icd9', display: 'BONE SCAN', date: '2016-01-16' },
    ])
    expect(claim.lines[0]).toMatchObject({ hcpcs: 'MMM', modifiers: [], revenueCode: '22', units: 234.567 })
    expect(claim.amounts).toEqual({
      submittedCents: 555503,
      allowedCents: null,
      medicarePaidCents: 333333,
      patientPaysCents: 11200 + 500 + 600,
    })
  })
})

describe('claim edge cases', () => {
  it('normalises dotted lower-case codes and keeps a Part D event out of claims', () => {
    const claim = claimOf({
      resourceType: 'ExplanationOfBenefit',
      id: 'carrier-1',
      type: {
        coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'CARRIER' }],
      },
      diagnosis: [
        {
          diagnosisCodeableConcept: {
            coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'e11.9' }],
          },
        },
      ],
    })
    expect(claim.diagnoses[0]?.code).toBe('E119')
    const pde = mapClaim(loadFixture('bfd-eob-read-pde.json'))
    expect(pde.record).toBeNull()
    expect(pde.issues[0]?.code).toBe('unknown_code')
  })

  it('falls back to the id prefix when the eob-type coding is missing', () => {
    expect(claimOf({ resourceType: 'ExplanationOfBenefit', id: 'snf--123' }).claimType).toBe('SNF')
  })
})
