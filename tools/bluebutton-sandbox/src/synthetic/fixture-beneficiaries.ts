import { readFileSync } from 'node:fs'
import { fixturePath } from '../fixtures-dir.ts'
import type { FhirResource, Json, JsonObject } from './fhir.ts'

// CMS's own published samples, served as they were given (copied into ../../fixtures with
// SOURCES.md). Only BFD's IGNORED_FIELD test placeholders are replaced.
const FIXTURE_TIMESTAMP = '2023-06-14T16:31:42.360+00:00'

function readFixture(name: string): JsonObject {
  const text = readFileSync(fixturePath(name), 'utf8')
  return JSON.parse(text.replaceAll('"IGNORED_FIELD"', JSON.stringify(FIXTURE_TIMESTAMP))) as JsonObject
}

function bundleResources(bundle: JsonObject): FhirResource[] {
  const entries = (bundle['entry'] ?? []) as Json[]
  return entries.map((e) => (e as JsonObject)['resource'] as FhirResource)
}

export type FixtureData = {
  readonly patientId: string
  readonly patient: FhirResource
  readonly coverage: readonly FhirResource[]
  readonly eobs: readonly FhirResource[]
}

function dedupe(resources: FhirResource[]): FhirResource[] {
  const byId = new Map(resources.map((r) => [r.id, r]))
  return [...byId.values()]
}

// A Coverage set for fixture patients whose source had none (test-env and BFD samples).
function minimalCoverage(patientId: string, mbi: string): FhirResource[] {
  return (['a', 'b', 'c', 'd'] as const).map((part) => ({
    resourceType: 'Coverage',
    id: `part-${part}-${patientId}`,
    meta: {
      lastUpdated: FIXTURE_TIMESTAMP,
      profile: ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Coverage'],
    },
    status: part === 'c' ? 'cancelled' : 'active',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'SUBSIDIZ' }] },
    subscriberId: mbi,
    beneficiary: { reference: `Patient/${patientId}` },
    relationship: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship',
          code: 'self',
          display: 'Self',
        },
      ],
    },
    payor: [{ identifier: { value: 'Centers for Medicare and Medicaid Services' } }],
    class: [
      {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/coverage-class',
              code: 'group',
              display: 'Group',
            },
          ],
        },
        value: 'Medicare',
      },
      {
        type: {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'plan', display: 'Plan' },
          ],
        },
        value: `Part ${part.toUpperCase()}`,
      },
    ],
  }))
}

function sandboxSample(): FixtureData {
  const patient = readFixture('sandbox-patient-bbuser29999.json') as FhirResource
  return {
    patientId: patient.id,
    patient,
    coverage: bundleResources(readFixture('sandbox-coverage-bundle-bbuser29999.json')),
    eobs: bundleResources(readFixture('sandbox-eob-bundle-pde-page1-bbuser29999.json')),
  }
}

function testEnvSample(): FixtureData {
  const eobs = bundleResources(readFixture('test-env-eob-bundle-carrier-outpatient-subset.json'))
  const patientId = '-10000010254647'
  const patient: FhirResource = {
    resourceType: 'Patient',
    id: patientId,
    meta: {
      lastUpdated: FIXTURE_TIMESTAMP,
      profile: ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Patient'],
    },
    identifier: [
      {
        type: {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MB', display: 'Member Number' },
          ],
        },
        system: 'https://bluebutton.cms.gov/resources/variables/bene_id',
        value: patientId,
      },
      {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
              code: 'MC',
              display: "Patient's Medicare number",
            },
          ],
        },
        system: 'http://hl7.org/fhir/sid/us-mbi',
        value: '1S00E00AA01',
      },
    ],
    name: [{ use: 'usual', family: 'Doe', given: ['Jane', 'X'] }],
    gender: 'female',
    birthDate: '1951-07-09',
    address: [{ state: '01', postalCode: '35816' }],
  }
  return { patientId, patient, coverage: minimalCoverage(patientId, '1S00E00AA01'), eobs }
}

function bfdSample(): FixtureData {
  const patient = readFixture('bfd-patient-read.json') as FhirResource
  const eobs = dedupe([
    ...bundleResources(readFixture('bfd-eob-bundle-all-claim-types.json')),
    readFixture('bfd-eob-read-inpatient.json') as FhirResource,
    readFixture('bfd-eob-read-pde.json') as FhirResource,
  ])
  const identifiers = (patient['identifier'] ?? []) as JsonObject[]
  const mbi = identifiers.find((i) => i['system'] === 'http://hl7.org/fhir/sid/us-mbi')?.['value']
  return {
    patientId: patient.id,
    patient,
    coverage: minimalCoverage(patient.id, typeof mbi === 'string' ? mbi : ''),
    eobs,
  }
}

export const FIXTURE_USERS: Readonly<Record<number, { label: string; load: () => FixtureData }>> = {
  29999: {
    label: "CMS's published sandbox sample (patient -20140000010000): Patient, Coverage A-D, 10 PDE events",
    load: sandboxSample,
  },
  29998: {
    label:
      'CMS TEST environment sample (patient -10000010254647): 2 outpatient + 2 carrier claims with data quirks',
    load: testEnvSample,
  },
  29997: {
    label: 'BFD test responses (patient 567834): one EOB of each of the 8 claim types, MBI history',
    load: bfdSample,
  },
}
