// v3 Coverage periods read as v2's months: plans and dual status that start or end within the year, an enrollee
// without Medicaid, a change of plan, and a record left from an earlier year.
import { describe, expect, it } from 'vitest'
import { bundleResources } from '../../test/fixtures.ts'
import { mapCoverage, summarizeCoverage } from './coverage.ts'
import { monthsCovered } from './coverage-v3.ts'
import type { JsonObject } from './json.ts'
import type { CoverageRecord } from './types.ts'

const FIXTURE = 'v3/bfd-v3-coverage-search-by-beneficiary.json'

/** CMS's recorded v3 search, as of `lastUpdated`, each resource changed by `edit` (keyed by its id prefix). */
function v3Records(
  lastUpdated: string,
  edit: Record<string, (resource: JsonObject) => JsonObject | null> = {},
): CoverageRecord[] {
  return bundleResources(FIXTURE).flatMap((original) => {
    const resource = structuredClone(original) as JsonObject
    resource.meta = { ...(resource.meta as JsonObject), lastUpdated }
    const key = Object.keys(edit).find((prefix) => String(resource.id).startsWith(prefix))
    const edited = key ? edit[key]?.(resource) : resource
    return edited ? (mapCoverage(edited).record ?? []) : []
  })
}

const withPeriod = (period: JsonObject) => (resource: JsonObject) => ({ ...resource, period })
const withContract = (contract: string) => (resource: JsonObject) => ({
  ...resource,
  id: `part-c-405764107-${contract}-001`,
  extension: [
    { url: 'https://bluebutton.cms.gov/fhir/StructureDefinition/BENE-CNTRCT-NUM', valueString: contract },
  ],
})
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('v3 Coverage periods as months', () => {
  it('a month counts when the period covers any day of it; an open end runs to December', () => {
    expect(monthsCovered({ start: '2026-04-15', end: null }, '2026')).toEqual([
      ...Array(3).fill(false),
      ...Array(9).fill(true),
    ])
    expect(monthsCovered({ start: '2020-01-01', end: '2026-02-28' }, '2026')).toEqual([
      true,
      true,
      ...Array(10).fill(false),
    ])
    expect(monthsCovered({ start: null, end: '2025-12-31' }, '2026')).toEqual(Array(12).fill(false))
    expect(monthsCovered({ start: '2020-01-01', end: null }, null)).toEqual(Array(12).fill(false))
  })

  it('a plan joined in April gives nine Medicare Advantage months; dual status ended in June reads NA after', () => {
    const records = v3Records('2026-09-30T12:00:00.000+00:00', {
      'part-c-': withPeriod({ start: '2026-04-15' }),
      'dual-': withPeriod({ start: '2018-07-01', end: '2026-06-30' }),
    })
    const summary = summarizeCoverage(records)
    expect(summary.referenceYear).toBe('2026')
    expect(summary.medicareAdvantageMonths).toEqual(range(4, 12))
    expect(summary.dualStatusByMonth).toEqual([...Array(6).fill('05'), ...Array(6).fill('NA')])
  })

  it('without a dual Coverage every month is non-dual (NA), as v2 states it', () => {
    const records = v3Records('2026-09-30T12:00:00.000+00:00', { 'dual-': () => null })
    expect(summarizeCoverage(records).dualStatusByMonth).toEqual(Array(12).fill('NA'))
  })

  it('a change of plan within the year keeps the months of both plans', () => {
    const before = v3Records('2026-03-01T00:00:00.000+00:00', {
      'part-c-': (r) => withPeriod({ start: '2024-01-01' })(withContract('H1111')(r)),
    })
    const after = v3Records('2026-09-30T00:00:00.000+00:00', {
      'part-c-': (r) => withPeriod({ start: '2026-07-01' })(withContract('H2222')(r)),
    })
    const summary = summarizeCoverage([...before, ...after])
    expect(summary.medicareAdvantageMonths).toEqual(range(1, 12))
    expect(summary.parts.C.period).toEqual({ start: '2026-07-01', end: null })
  })

  it('a plan from an earlier year does not count in the newest year', () => {
    const old = v3Records('2025-05-01T00:00:00.000+00:00', {
      'part-c-': (r) => withPeriod({ start: '2024-01-01', end: '2025-12-31' })(withContract('H1111')(r)),
    })
    const current = v3Records('2026-09-30T00:00:00.000+00:00', { 'part-c-': () => null })
    const summary = summarizeCoverage([...old, ...current])
    expect(summary.referenceYear).toBe('2026')
    expect(summary.medicareAdvantageMonths).toEqual([])
  })
})
