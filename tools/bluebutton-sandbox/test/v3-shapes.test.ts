// The loop from the stand-in's v3 answers back to the product: a v3 pull of a synthetic enrollee, mapped by the
// real mappers, gives the same claims, amounts, drugs and diagnoses as the v2 pull of the same enrollee; and the
// v3 answers are coded the way CMS's recorded v3 answers are (packages/bluebutton/test/fixtures/v3/).
import {
  type ClaimRecord,
  type CoverageSummary,
  mapCoverage,
  mapExplanationOfBenefit,
  mapPatient,
  type MedicationRecord,
  summarizeCoverage,
} from '@blueconsent/bluebutton'
import { scoreFromClaims } from '@blueconsent/hcc'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FhirResource } from '../src/synthetic/fhir.ts'
import { dance, fhirGet, makeSandbox } from './helpers.ts'

type Bundle = { link: { relation: string; url: string }[]; entry?: { resource: FhirResource }[] }
type Version = 'v2' | 'v3'

let app: FastifyInstance
beforeAll(async () => {
  ;({ app } = await makeSandbox())
})
afterAll(async () => {
  await app.close()
})

async function pull(version: Version, username: string, resource: string): Promise<FhirResource[]> {
  const { access_token: token } = await dance(app, { version, username, sharePart2: true })
  const resources: FhirResource[] = []
  let next: string | undefined = `/${version}/fhir/${resource}/?_count=50`
  while (next) {
    const res = await fhirGet(app, next, token)
    expect(res.statusCode).toBe(200)
    const page = res.json<Bundle>()
    resources.push(...(page.entry ?? []).map((e) => e.resource))
    next = page.link.find((l) => l.relation === 'next')?.url
  }
  return resources
}

// What the product keeps of a claim. Two things differ by design: v3 sends ICD codes without their words, and
// names the professional who performed a service the rendering provider.
function claimFacts(record: ClaimRecord) {
  return {
    ...record,
    diagnoses: record.diagnoses.map((d) => ({ ...d, display: null })),
    careTeam: record.careTeam.map((m) => ({ ...m, role: m.role === 'performing' ? 'rendering' : m.role })),
  }
}

async function mappedPull(version: Version, username: string) {
  const claims: ReturnType<typeof claimFacts>[] = []
  const drugs: MedicationRecord[] = []
  for (const resource of await pull(version, username, 'ExplanationOfBenefit')) {
    const mapped = mapExplanationOfBenefit(resource)
    if (mapped.kind === 'claim') claims.push(claimFacts(mapped.record))
    else if (mapped.kind === 'medication') drugs.push(mapped.record)
    else throw new Error(`${version} ${resource.id} did not map: ${JSON.stringify(mapped.issues)}`)
  }
  return { claims, drugs }
}

describe('a v3 pull maps to what the v2 pull of the same enrollee does', { timeout: 60_000 }, () => {
  // A typical chronic patient (carrier, outpatient, inpatient, PDE), a hip fracture (inpatient, SNF, home
  // health) and a hospice patient with Part D, between them every claim type.
  it.each(['BBUser00000', 'BBUser00010', 'BBUser00006', 'BBUser00011'])('%s', async (username) => {
    const v2 = await mappedPull('v2', username)
    const v3 = await mappedPull('v3', username)
    expect(v3.claims.length + v3.drugs.length).toBeGreaterThan(0)
    expect(v3.claims).toEqual(v2.claims)
    expect(v3.drugs).toEqual(v2.drugs)
    // The figures the product shows, spelled out so a failure names them.
    expect(v3.claims.map((c) => c.amounts)).toEqual(v2.claims.map((c) => c.amounts))
    expect(v3.drugs.map((d) => [d.ndc, d.amounts.planPaidCents])).toEqual(
      v2.drugs.map((d) => [d.ndc, d.amounts.planPaidCents]),
    )
    expect(v3.claims.flatMap((c) => c.diagnoses.map((d) => d.code))).toEqual(
      v2.claims.flatMap((c) => c.diagnoses.map((d) => d.code)),
    )
  })

  it('the patient and the coverage parts map the same, apart from what v3 no longer states', async () => {
    const username = 'BBUser00018'
    const [v2Patient, v3Patient] = [
      (await pull('v2', username, 'Patient'))[0],
      (await pull('v3', username, 'Patient'))[0],
    ]
    const pick = (r: ReturnType<typeof mapPatient>['record']) =>
      r && {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        birthDate: r.birthDate,
        gender: r.gender,
        mbi: r.mbi,
      }
    expect(pick(mapPatient(v3Patient).record)).toEqual(pick(mapPatient(v2Patient).record))
    const parts = async (v: Version) =>
      (await pull(v, username, 'Coverage')).flatMap((r) => {
        const record = mapCoverage(r).record
        return record ? [{ part: record.part, status: record.status, period: record.period }] : []
      })
    const [v2Parts, v3Parts] = [await parts('v2'), await parts('v3')]
    // Parts A and B are entitlements in both; v2 states a Part C it has no plan for as cancelled, v3 leaves it out.
    expect(v3Parts.slice(0, 2)).toEqual(v2Parts.slice(0, 2))
    expect(v3Parts.map((p) => p.part)).toEqual(['A', 'B', 'D', null])
    expect(v2Parts.find((p) => p.part === 'C')?.status).toBe('cancelled')
    const summary = async (v: Version) => {
      const records = (await pull(v, username, 'Coverage')).flatMap((r) => mapCoverage(r).record ?? [])
      const { medicareStatusCode, orec, esrd } = summarizeCoverage(records)
      return { medicareStatusCode, orec, esrd }
    }
    expect(await summary('v3')).toEqual(await summary('v2'))
  })
})

async function coverageSummary(version: Version, username: string): Promise<CoverageSummary> {
  const records = (await pull(version, username, 'Coverage')).flatMap((r) => mapCoverage(r).record ?? [])
  return summarizeCoverage(records)
}

/** What the risk score reads of Medicare's coverage, and what every month of Part C, Part D and Medicaid says. */
function monthlyFacts(summary: CoverageSummary) {
  const { parts, orec, esrd, medicareStatusCode, referenceYear } = summary
  return {
    enrolled: Object.fromEntries(Object.entries(parts).map(([part, p]) => [part, p.enrolled])),
    orec,
    esrd,
    medicareStatusCode,
    referenceYear,
    medicareAdvantageMonths: summary.medicareAdvantageMonths,
    partDContracts: summary.partDContracts,
    dualStatusByMonth: summary.dualStatusByMonth,
  }
}

const lastKnown = (values: readonly (string | null)[]): string | null =>
  values.findLast((value): value is string => value !== null && value !== '') ?? null

/** The CMS-HCC score the product computes after a pull, from the mapped claims, coverage and patient. */
async function riskScore(version: Version, username: string) {
  const { claims } = await mappedPull(version, username)
  const coverage = await coverageSummary(version, username)
  const patient = mapPatient((await pull(version, username, 'Patient'))[0]).record
  const beneficiary = {
    sex: patient?.gender === 'female' ? ('F' as const) : ('M' as const),
    birthDate: patient?.birthDate ?? '',
    orec: coverage.orec,
    dual: lastKnown(coverage.dualStatusByMonth),
    esrd: coverage.esrd,
    maMonths: coverage.medicareAdvantageMonths.length,
  }
  return { beneficiary, result: scoreFromClaims(claims, beneficiary, { paymentYear: 2026 }) }
}

describe('v3 states plans and dual status once over their dates; the months read the same as v2’s', () => {
  // A full-benefit dual, a partial dual (SLMB, disabled), a Medicare Advantage enrollee, and a non-dual in
  // fee-for-service with Part D.
  const cases = [
    ['BBUser00003', { dual: '02', maMonths: 0 }],
    ['BBUser00008', { dual: '03', maMonths: 0 }],
    ['BBUser00005', { dual: 'NA', maMonths: 12 }],
    ['BBUser00000', { dual: 'NA', maMonths: 0 }],
  ] as const

  it.each(cases)('%s: coverage month by month', { timeout: 60_000 }, async (username, expected) => {
    const [v2, v3] = [await coverageSummary('v2', username), await coverageSummary('v3', username)]
    expect(monthlyFacts(v3)).toEqual(monthlyFacts(v2))
    expect(v3.dualStatusByMonth).toEqual(Array(12).fill(expected.dual))
    expect(v3.medicareAdvantageMonths).toHaveLength(expected.maMonths)
    expect(v3.partDContracts).toEqual([expected.maMonths > 0 ? 'H1234' : 'S5601'])
  })

  it.each(cases)('%s: the same risk score', { timeout: 60_000 }, async (username, expected) => {
    const [v2, v3] = [await riskScore('v2', username), await riskScore('v3', username)]
    expect(v3.beneficiary).toEqual(v2.beneficiary)
    expect(v3.beneficiary).toMatchObject({ dual: expected.dual, maMonths: expected.maMonths })
    expect(v3.result.paymentScore).toBe(v2.result.paymentScore)
    expect(v3.result).toEqual(v2.result)
  })

  it('a v3 Part C or D Coverage is named after its plan and dated; the dual one carries its status', async () => {
    const resources = [
      ...(await pull('v3', 'BBUser00005', 'Coverage')),
      ...(await pull('v3', 'BBUser00003', 'Coverage')),
    ] as (FhirResource & { period?: { start?: string; end?: string } })[]
    const partC = resources.find((r) => r.id.startsWith('part-c-'))
    expect(partC?.id).toBe('part-c--10000020000005-H1234-001')
    expect(partC?.period).toEqual({ start: '2026-01-01' })
    expect(partC?.['extension']).toEqual([
      { url: 'https://bluebutton.cms.gov/fhir/StructureDefinition/BENE-CNTRCT-NUM', valueString: 'H1234' },
      { url: 'https://bluebutton.cms.gov/fhir/StructureDefinition/BENE-PBP-NUM', valueString: '001' },
    ])
    const dual = resources.find((r) => r.id.startsWith('dual-'))
    expect(dual?.period).toEqual({ start: '2026-01-01' })
    expect(JSON.stringify(dual?.['extension'])).toContain('"code":"02"')
  })
})

const V3_CODESYSTEM = 'https://bluebutton.cms.gov/fhir/CodeSystem'
type Coding = { system?: string; code?: string }
type Concept = { coding?: Coding[] }
type V3Eob = FhirResource & {
  type: Concept
  item: { adjudication: { category: Concept }[]; productOrService: Concept; revenue?: Concept }[]
  total: { category: Concept }[]
  supportingInfo: { code?: Concept }[]
}
const codingsIn = (eob: FhirResource, path: (r: V3Eob) => (Concept | undefined)[]): Coding[] =>
  path(eob as V3Eob).flatMap((concept) => concept?.coding ?? [])

describe('v3 answers are coded like CMS’s recorded v3 answers', { timeout: 60_000 }, () => {
  it('no v2 variable or code system is left in any v3 resource', async () => {
    const all = [
      ...(await pull('v3', 'BBUser00010', 'ExplanationOfBenefit')),
      ...(await pull('v3', 'BBUser00010', 'Patient')),
      ...(await pull('v3', 'BBUser00010', 'Coverage')),
    ]
    expect(all.length).toBeGreaterThan(50)
    expect(
      all.filter((r) => JSON.stringify(r).includes('bluebutton.cms.gov/resources/')).map((r) => r.id),
    ).toEqual([])
  })

  it('an EOB: CARIN 2.2.0 profile, claim type in three codings, CLM_* amounts beside CARIN categories', async () => {
    const eobs = await pull('v3', 'BBUser00010', 'ExplanationOfBenefit')
    for (const eob of eobs) {
      const profile = (eob['meta'] as { profile: string[] }).profile
      expect(profile[0]).toMatch(
        /^http:\/\/hl7\.org\/fhir\/us\/carin-bb\/StructureDefinition\/C4BB-ExplanationOfBenefit-[A-Za-z-]+\|2\.2\.0$/,
      )
      const typeSystems = codingsIn(eob, (r) => [r.type]).map((c) => c.system)
      expect(typeSystems).toContain(`${V3_CODESYSTEM}/EOB-TYPE`)
      expect(typeSystems).toContain('http://terminology.hl7.org/CodeSystem/claim-type')
      const lineAmounts = codingsIn(eob, (r) => r.item.flatMap((i) => i.adjudication.map((a) => a.category)))
      expect(lineAmounts.filter((c) => c.system === `${V3_CODESYSTEM}/Adjudication`).length).toBeGreaterThan(
        0,
      )
      expect(eob['benefitBalance']).toBeUndefined()
    }
    const carrier = eobs.find((e) => e.id.startsWith('carrier-'))
    expect(
      codingsIn(carrier as FhirResource, (r) => [r.type]).find(
        (c) => c.system === `${V3_CODESYSTEM}/CLM-TYPE-CD`,
      )?.code,
    ).toBe('71')
    const totals = codingsIn(carrier as FhirResource, (r) => r.total.map((t) => t.category)).map(
      (c) => c.code,
    )
    expect(totals).toEqual(
      expect.arrayContaining(['CLM_SBMT_CHRG_AMT', 'CLM_ALOWD_CHRG_AMT', 'submitted', 'eligible']),
    )
    const productSystems = codingsIn(carrier as FhirResource, (r) => r.item.map((i) => i.productOrService))
    expect(
      productSystems.every(
        (c) =>
          c.system === 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets' ||
          c.system?.includes('data-absent-reason'),
      ),
    ).toBe(true)
    const inpatient = eobs.find((e) => e.id.startsWith('inpatient-')) as FhirResource
    const revenue = codingsIn(inpatient, (r) => r.item.map((i) => i.revenue)).map((c) => c.system)
    expect(revenue).toContain('https://www.nubc.org/CodeSystem/RevenueCodes')
    expect(
      codingsIn(inpatient, (r) => r.supportingInfo.map((s) => s.code)).find(
        (c) => c.system === 'https://www.nubc.org/CodeSystem/TypeOfBill',
      )?.code,
    ).toBe('0111')
  })

  it('the metadata names BFD’s v3 server and the CARIN profiles each resource conforms to', async () => {
    const res = await app.inject({ method: 'GET', url: '/bb-sandbox/v3/fhir/metadata' })
    const statement = res.json<{
      fhirVersion: string
      rest: { resource: { type: string; supportedProfile?: string[] }[] }[]
    }>()
    expect(statement.fhirVersion).toBe('4.0.1')
    const eob = statement.rest[0]?.resource.find((r) => r.type === 'ExplanationOfBenefit')
    expect(eob?.supportedProfile).toContain(
      'http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-ExplanationOfBenefit-Pharmacy|2.2.0',
    )
    const v2 = (await app.inject({ method: 'GET', url: '/bb-sandbox/v2/fhir/metadata' })).json<{
      fhirVersion: string
    }>()
    expect(v2.fhirVersion).toBe('4.0.0')
  })
})
