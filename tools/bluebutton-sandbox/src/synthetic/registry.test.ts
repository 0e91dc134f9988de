import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { conditionCodes, acuteCodes, commonCodes } from './codes/icd10.ts'
import extraHccCodes from './codes/icd10-hcc-extra.json' with { type: 'json' }
import type { FhirResource, JsonObject } from './fhir.ts'
import { drugs } from './codes/drugs.ts'
import { SUSPECT_CONDITIONS_USER, listPersonas, personaFor } from './personas.ts'
import { createBeneficiaryRegistry } from './registry.ts'

const registry = createBeneficiaryRegistry('blueconsent')
const eobsOf = (username: string): readonly FhirResource[] => registry.findByUsername(username)?.eobs() ?? []
const typeOf = (r: FhirResource): string => r.id.slice(0, r.id.indexOf('-'))
const codings = (r: FhirResource, path: 'diagnosis' | 'item'): JsonObject[] =>
  ((r[path] ?? []) as JsonObject[]).flatMap(
    (e) =>
      ((e[path === 'diagnosis' ? 'diagnosisCodeableConcept' : 'productOrService'] as JsonObject)?.[
        'coding'
      ] ?? []) as JsonObject[],
  )

describe('synthetic beneficiaries', () => {
  it('the same user name always gives the same data, even from a new registry', () => {
    const again = createBeneficiaryRegistry('blueconsent')
    expect(JSON.stringify(again.findByUsername('BBUser00042')?.patient)).toBe(
      JSON.stringify(registry.findByUsername('BBUser00042')?.patient),
    )
    expect(JSON.stringify(again.findByUsername('BBUser00003')?.eobs())).toBe(
      JSON.stringify(eobsOf('BBUser00003')),
    )
  })

  it('data does not drift between versions (golden digests; regenerate the README table if they change)', () => {
    const digest = (username: string): string => {
      const b = registry.findByUsername(username)
      return createHash('sha256')
        .update(JSON.stringify([b?.patient, b?.coverage, b?.eobs()]))
        .digest('hex')
    }
    expect(registry.findByUsername('BBUser00000')?.name).toEqual({ given: 'Rosa', family: 'Garcia' })
    expect(digest('BBUser00000')).toBe('c2652f3fc8c3c869c119a1ea697a8894d7066fcf3f1282b8d544d590bbbd2d8f')
    expect(digest('BBUser10000')).toBe('b592745f0f0243694bbb6b7c231a7341eda16c22067bee902866ccb4f529939b')
  })

  it('another seed gives other people', () => {
    const other = createBeneficiaryRegistry('other-seed')
    expect(other.findByUsername('BBUser00042')?.patient['name']).not.toEqual(
      registry.findByUsername('BBUser00042')?.patient['name'],
    )
  })

  it('has at least 50 personas with the required variety', () => {
    const personas = listPersonas('blueconsent')
    expect(personas.length).toBeGreaterThanOrEqual(50)
    expect(personas.some((p) => p.entitlement === 'disabled')).toBe(true)
    expect(personas.some((p) => p.entitlement === 'esrd')).toBe(true)
    expect(personas.some((p) => p.dual === 'full')).toBe(true)
    expect(personas.some((p) => p.medicareAdvantage)).toBe(true)
    expect(personas.some((p) => p.deceasedOn !== undefined)).toBe(true)
    expect(personas.some((p) => !p.partD)).toBe(true)
  })

  it('the deceased persona has deceasedDateTime and no claims after death', () => {
    const b = registry.findByUsername('BBUser00006')
    expect(b?.patient['deceasedDateTime']).toBe('2025-08-14')
    for (const e of b?.eobs() ?? [])
      expect(String((e['billablePeriod'] as JsonObject)['end']) <= '2025-08-14').toBe(true)
  })

  it('the no-Part-D persona has no PDE and a cancelled Part D coverage', () => {
    expect(eobsOf('BBUser00007').some((e) => typeOf(e) === 'pde')).toBe(false)
    expect(
      registry.findByUsername('BBUser00007')?.coverage.find((c) => c.id.startsWith('part-d-'))?.['status'],
    ).toBe('cancelled')
  })

  it('the Medicare Advantage persona has an active Part C and only a handful of claims', () => {
    expect(
      registry.findByUsername('BBUser00005')?.coverage.find((c) => c.id.startsWith('part-c-'))?.['status'],
    ).toBe('active')
    expect(eobsOf('BBUser00005').length).toBeLessThan(10)
  })

  it('the benchmark user has at least 1,500 EOBs with unique ids across all 8 types but hospice', () => {
    const eobs = eobsOf('BBUser10000')
    expect(eobs.length).toBeGreaterThanOrEqual(1500)
    expect(new Set(eobs.map((e) => e.id)).size).toBe(eobs.length)
    expect(new Set(eobs.map(typeOf))).toEqual(
      new Set(['carrier', 'dme', 'hha', 'inpatient', 'outpatient', 'pde', 'snf']),
    )
  })

  it('diagnoses are ICD-10-CM codes from the curated lists or CMS HCC table, coded twice', () => {
    const known = new Set(
      [...Object.values(conditionCodes).flat(), ...acuteCodes, ...commonCodes]
        .map((c) => c.code)
        .concat(extraHccCodes),
    )
    for (const e of eobsOf('BBUser00000').filter((r) => typeOf(r) !== 'pde')) {
      const dx = codings(e, 'diagnosis')
      expect(dx.length).toBeGreaterThan(0)
      for (const c of dx) expect(known.has(String(c['code']))).toBe(true)
      expect(new Set(dx.map((c) => c['system']))).toEqual(
        new Set(['http://hl7.org/fhir/sid/icd-10-cm', 'http://hl7.org/fhir/sid/icd-10']),
      )
    }
  })

  it('PDE lines carry 11-digit NDCs; professional lines carry HCPCS codes', () => {
    const eobs = eobsOf('BBUser10000')
    for (const e of eobs.filter((r) => typeOf(r) === 'pde')) {
      const [ndc] = codings(e, 'item')
      expect(ndc?.['system']).toBe('http://hl7.org/fhir/sid/ndc')
      expect(String(ndc?.['code'])).toMatch(/^\d{11}$/)
    }
    const hcpcs = eobs
      .filter((r) => typeOf(r) === 'carrier')
      .flatMap((e) => codings(e, 'item'))
      .filter((c) => c['system'] === 'https://bluebutton.cms.gov/resources/codesystem/hcpcs')
    expect(hcpcs.length).toBeGreaterThan(800)
    for (const c of hcpcs) expect(String(c['code'])).toMatch(/^[A-Z0-9]{5}$/)
  })

  it('fixture beneficiaries are served as given', () => {
    expect(registry.findByUsername('BBUser29999')?.patientId).toBe('-20140000010000')
    expect(eobsOf('BBUser29999')[0]?.id).toBe('pde--1010252550')
    expect(eobsOf('BBUser29997').map(typeOf).sort()).toEqual([
      'carrier',
      'dme',
      'hha',
      'hospice',
      'inpatient',
      'outpatient',
      'pde',
      'snf',
    ])
    expect(JSON.stringify(eobsOf('BBUser29997'))).not.toContain('IGNORED_FIELD')
  })

  it('the suspect-conditions persona fills drugs for conditions that no claim diagnoses', () => {
    const username = `BBUser${String(SUSPECT_CONDITIONS_USER).padStart(5, '0')}`
    const undiagnosed = personaFor(SUSPECT_CONDITIONS_USER, 'blueconsent')?.undiagnosed ?? []
    expect(undiagnosed.length).toBeGreaterThanOrEqual(2)
    const eobs = eobsOf(username)
    const pdeLines = eobs.filter((e) => typeOf(e) === 'pde').flatMap((e) => codings(e, 'item'))
    const filledNdcs = new Set(pdeLines.map((c) => String(c['code'])))
    const diagnosed = eobs.flatMap((e) => codings(e, 'diagnosis')).map((c) => String(c['code']))
    for (const condition of undiagnosed) {
      const ndcs = drugs.filter((d) => d.forCondition === condition).map((d) => d.ndc)
      expect(ndcs.length, condition).toBeGreaterThan(0)
      for (const ndc of ndcs) expect(filledNdcs, `${condition} ${ndc}`).toContain(ndc)
      const categories = new Set(conditionCodes[condition].map((c) => c.code.slice(0, 3)))
      expect(
        diagnosed.filter((code) => categories.has(code.slice(0, 3))),
        condition,
      ).toEqual([])
    }
  })

  it('unknown BBUser numbers have no Medicare record', () => {
    expect(registry.findByUsername('BBUser05555')).toBeUndefined()
    expect(registry.findByUsername('BBUser00101')).toBeUndefined()
    expect(registry.findByUsername('someone')).toBeUndefined()
  })
})
