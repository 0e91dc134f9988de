// Property tests: the mappers never throw on arbitrary JSON shaped like the resource, never invent
// values out of junk, and report what they could not map.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bundleResource, loadFixture } from '../../test/fixtures.ts'
import { mapClaim } from './claim.ts'
import { mapCoverage } from './coverage.ts'
import { mapExplanationOfBenefit } from './explanation-of-benefit.ts'
import { mapMedication } from './medication.ts'
import { mapPatient } from './patient.ts'
import type { ClaimAmounts, MedicationAmounts } from './types.ts'

const RUNS = 300
const V = 'https://bluebutton.cms.gov/resources/variables/'

const junk = fc.jsonValue({ maxDepth: 2 })
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, junk)

const system = fc.constantFrom(
  'http://hl7.org/fhir/sid/icd-10-cm',
  'http://hl7.org/fhir/sid/icd-10',
  'http://hl7.org/fhir/sid/icd-9-cm',
  'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
  'http://hl7.org/fhir/StructureDefinition/data-absent-reason',
  'http://hl7.org/fhir/sid/ndc',
  'https://bluebutton.cms.gov/resources/codesystem/adjudication',
  'https://bluebutton.cms.gov/resources/codesystem/eob-type',
  'http://hl7.org/fhir/sid/us-mbi',
)
const coding = fc.record(
  {
    system: maybe(system),
    code: maybe(
      fc.oneof(
        fc.string(),
        fc.constantFrom('CARRIER', 'PDE', 'INPATIENT', 'NULL', 'principal', `${V}line_nch_pmt_amt`),
      ),
    ),
    display: maybe(fc.string()),
  },
  { requiredKeys: [] },
)
const concept = maybe(fc.record({ coding: maybe(fc.array(coding, { maxLength: 3 })) }, { requiredKeys: [] }))
const date = maybe(
  fc.oneof(
    fc.constantFrom('2024-02-29', '2023-02-29', 'IGNORED_FIELD', '2016-01-16T00:00:00+00:00'),
    fc.string(),
  ),
)
const period = maybe(fc.record({ start: date, end: date }, { requiredKeys: [] }))
const money = maybe(
  fc.record({ value: maybe(fc.oneof(fc.double(), fc.integer(), fc.string())) }, { requiredKeys: [] }),
)
const adjudication = fc.record({ category: concept, amount: money }, { requiredKeys: [] })
const extension = fc.record(
  {
    url: maybe(
      fc.constantFrom(`${V}clm_srvc_clsfctn_type_cd`, `${V}esrd_ind`, `${V}dual_01`, `${V}ptc_cntrct_id_01`),
    ),
    valueCoding: maybe(coding),
  },
  { requiredKeys: [] },
)
const identifier = fc.record({ system: maybe(system), value: junk, type: concept }, { requiredKeys: [] })

const eob = fc.record(
  {
    resourceType: fc.constant('ExplanationOfBenefit'),
    id: maybe(fc.string()),
    type: concept,
    billablePeriod: period,
    patient: maybe(fc.record({ reference: maybe(fc.string()) })),
    diagnosis: maybe(
      fc.array(
        fc.record(
          { sequence: junk, diagnosisCodeableConcept: concept, type: maybe(fc.array(concept)) },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
    ),
    procedure: maybe(
      fc.array(fc.record({ procedureCodeableConcept: concept, date }, { requiredKeys: [] }), {
        maxLength: 3,
      }),
    ),
    item: maybe(
      fc.array(
        fc.record(
          {
            sequence: junk,
            productOrService: concept,
            modifier: maybe(fc.array(concept)),
            servicedDate: date,
            servicedPeriod: period,
            quantity: money,
            adjudication: maybe(fc.array(adjudication)),
            careTeamSequence: junk,
            revenue: concept,
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
    ),
    careTeam: maybe(
      fc.array(
        fc.record(
          {
            sequence: junk,
            provider: maybe(
              fc.record({ identifier: maybe(identifier), display: junk }, { requiredKeys: [] }),
            ),
            role: concept,
          },
          { requiredKeys: [] },
        ),
      ),
    ),
    provider: maybe(
      fc.record(
        { reference: maybe(fc.constantFrom('#provider-org', '#x')), identifier: maybe(identifier) },
        { requiredKeys: [] },
      ),
    ),
    contained: maybe(
      fc.array(
        fc.record(
          { id: maybe(fc.constant('provider-org')), identifier: maybe(fc.array(identifier)), name: junk },
          { requiredKeys: [] },
        ),
      ),
    ),
    supportingInfo: maybe(
      fc.array(
        fc.record(
          { category: concept, code: concept, valueQuantity: money, timingPeriod: period },
          { requiredKeys: [] },
        ),
      ),
    ),
    total: maybe(fc.array(fc.record({ category: concept, amount: money }, { requiredKeys: [] }))),
    payment: maybe(fc.record({ amount: money, date }, { requiredKeys: [] })),
    extension: maybe(fc.array(extension)),
    facility: junk,
    meta: maybe(fc.record({ lastUpdated: date }, { requiredKeys: [] })),
  },
  { requiredKeys: ['resourceType'] },
)

const patient = fc.record(
  {
    resourceType: fc.constant('Patient'),
    id: maybe(fc.string()),
    name: maybe(
      fc.array(fc.record({ use: junk, family: junk, given: maybe(fc.array(junk)) }, { requiredKeys: [] })),
    ),
    identifier: maybe(fc.array(identifier)),
    birthDate: date,
    deceasedDateTime: date,
    gender: maybe(fc.constantFrom('male', 'female', 'other', 'unknown', 'x')),
    address: junk,
    extension: maybe(fc.array(extension)),
  },
  { requiredKeys: ['resourceType'] },
)

const coverage = fc.record(
  {
    resourceType: fc.constant('Coverage'),
    id: maybe(fc.string()),
    class: junk,
    period,
    extension: maybe(fc.array(extension)),
    status: junk,
  },
  { requiredKeys: ['resourceType'] },
)

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function expectCentsOrNull(amounts: ClaimAmounts | MedicationAmounts): void {
  for (const value of Object.values(amounts)) expect(value === null || Number.isSafeInteger(value)).toBe(true)
}

describe('mappers on arbitrary input', () => {
  it('reports a diagnosis entry that is not an object (a counterexample fast-check found)', () => {
    const { record, issues } = mapClaim({
      resourceType: 'ExplanationOfBenefit',
      id: '!',
      type: {
        coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'CARRIER' }],
      },
      diagnosis: [false],
    })
    expect(record?.diagnoses).toEqual([])
    expect(issues).toContainEqual(expect.objectContaining({ path: 'diagnosis[0]', code: 'missing' }))
  })

  it('mapClaim never throws; codes are clean; every dropped diagnosis is reported', () => {
    fc.assert(
      fc.property(eob, (resource) => {
        const { record, issues } = mapClaim(resource)
        if (record === null) {
          expect(issues.length).toBeGreaterThan(0)
          return
        }
        for (const diagnosis of record.diagnoses) expect(diagnosis.code).toMatch(/^[^.\sa-z]+$/)
        const inputCount = Array.isArray(resource.diagnosis) ? resource.diagnosis.length : 0
        const reported = issues.filter(
          (issue) => /^diagnosis\[\d+\]$/.test(issue.path) && issue.code === 'missing',
        ).length
        expect(record.diagnoses.length + reported).toBe(inputCount)
        expect(
          [record.billablePeriod.start, record.billablePeriod.end].every(
            (value) => value === null || ISO_DATE.test(value),
          ),
        ).toBe(true)
        expectCentsOrNull(record.amounts)
        for (const line of record.lines) expectCentsOrNull(line.amounts)
      }),
      { numRuns: RUNS },
    )
  })

  it('mapMedication and mapExplanationOfBenefit never throw', () => {
    fc.assert(
      fc.property(eob, (resource) => {
        const medication = mapMedication(resource)
        if (medication.record === null) expect(medication.issues.length).toBeGreaterThan(0)
        else expectCentsOrNull(medication.record.amounts)
        const mapped = mapExplanationOfBenefit(resource)
        if (mapped.kind === 'unmapped') expect(mapped.issues.length).toBeGreaterThan(0)
      }),
      { numRuns: RUNS },
    )
  })

  it('mapPatient never throws and reports a missing MBI', () => {
    fc.assert(
      fc.property(patient, (resource) => {
        const { record, issues } = mapPatient(resource)
        if (record === null) expect(issues.length).toBeGreaterThan(0)
        else if (record.mbi === null) expect(issues.some((issue) => issue.path === 'identifier')).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it('mapCoverage never throws and always yields twelve months', () => {
    fc.assert(
      fc.property(coverage, (resource) => {
        const { record, issues } = mapCoverage(resource)
        if (record === null) expect(issues.length).toBeGreaterThan(0)
        else expect(record.monthly.dualStatus).toHaveLength(12)
      }),
      { numRuns: RUNS },
    )
  })

  it('never throws on values of any type at the top level', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const map of [mapClaim, mapMedication, mapPatient, mapCoverage]) {
          const { record, issues } = map(value)
          expect(record === null ? issues.length > 0 : true).toBe(true)
        }
      }),
      { numRuns: RUNS },
    )
  })

  it('tolerates any single field of a real claim being replaced by junk', () => {
    const base = bundleResource(
      'test-env-eob-bundle-carrier-outpatient-subset.json',
      'carrier--10000930038029',
    )
    const pde = loadFixture('bfd-eob-read-pde.json') as Record<string, unknown>
    const keys = [...new Set([...Object.keys(base), ...Object.keys(pde)])]
    fc.assert(
      fc.property(fc.constantFrom(...keys), junk, fc.boolean(), (key, value, usePde) => {
        const resource = { ...(usePde ? pde : base), [key]: value }
        const mapped = mapExplanationOfBenefit(resource)
        expect(['claim', 'medication', 'unmapped']).toContain(mapped.kind)
      }),
      { numRuns: RUNS },
    )
  })
})
