// Every copied fixture parses and every resource in it maps (or is, by design, not a mappable resource).
import { describe, expect, it } from 'vitest'
import { fixtureNames, loadFixture } from '../../test/fixtures.ts'
import { readBundle } from '../fhir/fhir.ts'
import { mapCoverage } from './coverage.ts'
import { mapExplanationOfBenefit } from './explanation-of-benefit.ts'
import { asObject, asObjects } from './json.ts'
import { mapPatient } from './patient.ts'

function resourcesOf(json: unknown): Record<string, unknown>[] {
  const object = asObject(json)
  if (!object) return []
  if (object.resourceType === 'Bundle')
    return asObjects(object.entry).flatMap((entry) => asObjects([entry.resource]))
  return [object]
}

function mapAny(resource: Record<string, unknown>): { mapped: boolean; kind: string } {
  switch (resource.resourceType) {
    case 'Patient':
      return { mapped: mapPatient(resource).record !== null, kind: 'Patient' }
    case 'Coverage':
      return { mapped: mapCoverage(resource).record !== null, kind: 'Coverage' }
    case 'ExplanationOfBenefit':
      return { mapped: mapExplanationOfBenefit(resource).kind !== 'unmapped', kind: 'ExplanationOfBenefit' }
    default:
      return { mapped: false, kind: String(resource.resourceType) }
  }
}

describe('fixtures', () => {
  const names = fixtureNames()

  it('are all present (12 CMS/BFD files)', () => {
    expect(names).toHaveLength(12)
  })

  it.each(names)('%s parses and its FHIR resources map', (name) => {
    const json = loadFixture(name)
    expect(json).toBeTypeOf('object')
    const resources = resourcesOf(json)
    const mappable = resources.filter((resource) =>
      ['Patient', 'Coverage', 'ExplanationOfBenefit'].includes(String(resource.resourceType)),
    )
    for (const resource of mappable) expect(mapAny(resource)).toMatchObject({ mapped: true })
    if (asObject(json)?.resourceType === 'Bundle') {
      const page = readBundle(json, 'fixture', 1)
      expect(page.resources).toHaveLength(resources.length)
    }
  })

  it('cover all eight EOB types', () => {
    const kinds = new Set(
      names
        .flatMap((name) => resourcesOf(loadFixture(name)))
        .map((resource) => mapExplanationOfBenefit(resource))
        .flatMap((result) =>
          result.kind === 'claim' ? [result.record.claimType] : result.kind === 'medication' ? ['PDE'] : [],
        ),
    )
    expect([...kinds].sort()).toEqual([
      'CARRIER',
      'DME',
      'HHA',
      'HOSPICE',
      'INPATIENT',
      'OUTPATIENT',
      'PDE',
      'SNF',
    ])
  })

  it('read Bundle totals and next links for progress', () => {
    const page = readBundle(loadFixture('sandbox-eob-bundle-pde-page1-bbuser29999.json'), 'u', 1)
    expect(page.total).toBe(146)
    expect(page.nextUrl).toBe(
      'https://sandbox.bluebutton.cms.gov/v2/fhir/ExplanationOfBenefit?_format=application%2Fjson%2Bfhir&startIndex=10&_count=10&patient=-20140000010000',
    )
    expect(readBundle(loadFixture('sandbox-coverage-bundle-bbuser29999.json'), 'u', 1).nextUrl).toBeNull()
  })
})
