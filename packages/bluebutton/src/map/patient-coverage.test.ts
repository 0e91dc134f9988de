// Patient and Coverage. Expected values were read by hand from the fixture JSON.
import { describe, expect, it } from 'vitest'
import { bundleResources, loadFixture } from '../../test/fixtures.ts'
import { mapCoverage, summarizeCoverage } from './coverage.ts'
import { mapPatient } from './patient.ts'
import type { CoverageRecord } from './types.ts'

describe('mapPatient', () => {
  it('separates the current MBI from historic ones (BFD patient)', () => {
    const { record, issues } = mapPatient(loadFixture('bfd-patient-read.json'))
    expect(record).toMatchObject({
      id: '567834',
      firstName: 'John',
      middleNames: ['A'],
      lastName: 'Doe',
      birthDate: '1981-03-17',
      gender: 'male',
      deceasedDate: '1981-03-17',
      mbi: '3456789',
      historicMbis: ['3456689', '543217066', '9AB2WW3GR44'],
      beneId: '567834',
      state: 'MO',
      postalCode: '12345',
      lastUpdated: null,
    })
    expect(record?.dualStatusByMonth).toHaveLength(12)
    expect(issues).toEqual([expect.objectContaining({ code: 'ignored_field', path: 'meta.lastUpdated' })])
  })

  it('maps the sandbox patient and reports death before birth', () => {
    const { record, issues } = mapPatient(loadFixture('sandbox-patient-bbuser29999.json'))
    expect(record).toMatchObject({
      id: '-20140000010000',
      names: [{ use: 'usual', family: 'Doe', given: ['John', 'X'] }],
      birthDate: '2014-06-01',
      deceasedDate: '1981-03-17',
      mbi: '3S31P00AA00',
      historicMbis: [],
      beneId: '-20140000010000',
      // CMS sends the SSA state code '05'; people read California's postal abbreviation.
      state: 'CA',
      postalCode: '99999',
      race: '2',
      referenceYear: '0003',
      lastUpdated: '2021-06-07T21:51:07.769-04:00',
    })
    expect(record?.dualStatusByMonth).toEqual(Array(12).fill('AA'))
    expect(issues).toEqual([expect.objectContaining({ code: 'inconsistent', path: 'deceasedDateTime' })])
  })

  it('returns no record for a non-Patient and reports it', () => {
    expect(mapPatient({ resourceType: 'Coverage', id: 'x' })).toEqual({
      record: null,
      issues: [expect.objectContaining({ code: 'not_a_resource' })],
    })
  })
})

describe('mapCoverage / summarizeCoverage', () => {
  const records = bundleResources('sandbox-coverage-bundle-bbuser29999.json').map((resource) =>
    mapCoverage(resource),
  )

  it('maps all four parts without issues', () => {
    expect(records.map((result) => result.record?.part)).toEqual(['A', 'B', 'C', 'D'])
    expect(records.flatMap((result) => result.issues)).toEqual([])
  })

  it('maps Part A entitlement fields', () => {
    expect(records[0]?.record).toMatchObject({
      id: 'part-a--20140000010000',
      status: 'active',
      period: { start: '1983-03-24', end: null },
      subscriberId: '3S31P00AA00',
      beneficiaryId: '-20140000010000',
      medicareStatusCode: '10',
      orec: '0',
      crec: '0',
      esrd: false,
      esrdIndicator: '0',
      partATerminationCode: '0',
    })
    expect(records[0]?.record?.monthly.buyIn).toEqual(Array(12).fill('C'))
  })

  it('maps Part C and D monthly enrolment', () => {
    expect(records[2]?.record?.monthly.partCContract).toEqual(Array(12).fill('C'))
    expect(records[2]?.record?.monthly.hmoIndicator).toEqual(Array(12).fill('D'))
    const partD = records[3]?.record?.monthly
    expect(partD?.partDContract).toEqual(Array(12).fill('Z0012'))
    expect(partD?.costShareGroup.at(-1)).toBe('BB')
  })

  it('summarises the enrollee', () => {
    const summary = summarizeCoverage(records.flatMap((result) => (result.record ? [result.record] : [])))
    expect(summary).toMatchObject({
      orec: '0',
      crec: '0',
      esrd: false,
      medicareStatusCode: '10',
      medicareAdvantageMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      partDContracts: ['Z0012'],
      referenceYear: '0003',
    })
    expect(summary.parts.A).toEqual({
      enrolled: true,
      status: 'active',
      period: { start: '1983-03-24', end: null },
    })
  })

  it('counts no Medicare Advantage months when Part C codes say not enrolled', () => {
    const partC = records[2]?.record as CoverageRecord
    const none = {
      ...partC,
      monthly: { ...partC.monthly, partCContract: Array(12).fill('0'), hmoIndicator: Array(12).fill('0') },
    }
    const summary = summarizeCoverage([none])
    expect(summary.medicareAdvantageMonths).toEqual([])
    expect(summary.parts.A.enrolled).toBe(false)
  })
})
