// Patient and Coverage as Blue Button v3 answers them (BFD's v3 server): CARIN 2.2.0 and US Core 7 profiles, the
// current MBI only, and each enrolment fact as one extension in v3's own systems rather than v2's monthly
// variables. Where v2 states a plan or dual status month by month, v3 states the current one once, over the
// dates it holds: a Part C or D Coverage per plan (`part-c-{patient}-{contract}-{plan}`, only when enrolled) and
// a `dual-{patient}` Coverage for a dual-eligible enrollee, each with its `period`.
import { coding, type FhirResource, type Json, type JsonObject } from '../fhir.ts'
import { codings, extensionCode, obj, objects, str } from './read.ts'
import { carinProfile, US_MBI, usCoreProfile, V2_0203, V3_CODESYSTEM } from './v3-codes.ts'

const V3_EXTENSION = 'https://bluebutton.cms.gov/fhir/StructureDefinition'

const lastUpdatedOf = (v2: FhirResource): JsonObject => {
  const lastUpdated = obj(v2['meta'])?.['lastUpdated']
  return lastUpdated === undefined ? {} : { lastUpdated }
}

const mbiIdentifier = (mbi: string): JsonObject => ({
  system: US_MBI,
  type: { coding: [coding(V2_0203, 'MB')] },
  value: mbi,
})

/** The current MBI: v2 marks it with the identifier-currency extension. */
function currentMbi(v2: FhirResource): string | undefined {
  const mbis = objects(v2['identifier']).filter((i) => i['system'] === US_MBI)
  const current = mbis.find((i) =>
    codings(i['type']).some((c) =>
      objects(c['extension']).some((e) => obj(e['valueCoding'])?.['code'] === 'current'),
    ),
  )
  return str((current ?? mbis[0])?.['value'])
}

export function patientV3(v2: FhirResource): FhirResource {
  const race = objects(v2['extension']).filter((e) => str(e['url'])?.endsWith('/us-core-race'))
  const mbi = currentMbi(v2)
  const optional = (key: string): JsonObject => (v2[key] === undefined ? {} : { [key]: v2[key] as Json })
  return {
    resourceType: 'Patient',
    id: v2.id,
    meta: { ...lastUpdatedOf(v2), profile: [carinProfile('Patient'), usCoreProfile('patient')] },
    ...(race.length ? { extension: race } : {}),
    identifier: mbi ? [mbiIdentifier(mbi)] : [],
    name: objects(v2['name']).map((n) => ({ family: n['family'] ?? null, given: n['given'] ?? [] })),
    ...optional('gender'),
    ...optional('birthDate'),
    ...optional('deceasedDateTime'),
    ...optional('address'),
  }
}

const v3Extension = (column: string, code: string | undefined): JsonObject[] =>
  code === undefined
    ? []
    : [{ url: `${V3_EXTENSION}/${column}`, valueCoding: coding(`${V3_CODESYSTEM}/${column}`, code) }]

/** Source of payment typology (NAHDO) per part, as v3 types its Coverage. */
const PAYER_TYPE: Readonly<Record<string, readonly [string, string]>> = {
  A: ['1', 'MEDICARE'],
  B: ['121', 'MEDICARE FFS'],
  C: ['11', 'MEDICARE MANAGED CARE (Includes Medicare Advantage Plans)'],
  D: ['122', 'Medicare Drug Benefit'],
  dual: ['14', 'Dual Eligibility Medicare/Medicaid Organization'],
}

const CMS_ORG: JsonObject = {
  resourceType: 'Organization',
  id: 'cms-org',
  meta: { profile: [carinProfile('Organization')] },
  active: true,
  name: 'Centers for Medicare and Medicaid Services',
}

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']

/** v2 states enrolment month by month; v3 states the latest month's value. */
const latestMonth = (v2: FhirResource, name: (mm: string) => string): string | undefined =>
  [...MONTHS]
    .reverse()
    .map((mm) => extensionCode(v2, name(mm)))
    .find((code) => code !== undefined)

const ESRD: Readonly<Record<string, string>> = { Y: 'Y', '1': 'Y', '0': 'N', N: 'N' }

/** Part A and B state entitlement; v3's entitlement reason is the original one (v2's `orec`). */
function entitlementExtensions(v2: FhirResource): JsonObject[] {
  const esrd = extensionCode(v2, 'esrd_ind')
  return [
    ...v3Extension(
      'BENE-BUYIN-CD',
      latestMonth(v2, (mm) => `buyin${mm}`),
    ),
    ...v3Extension('BENE-MDCR-STUS-CD', extensionCode(v2, 'ms_cd')),
    ...v3Extension('BENE-ESRD-STUS-ID', esrd === undefined ? undefined : ESRD[esrd]),
    ...v3Extension('BENE-MDCR-ENTLMT-RSN-CD', extensionCode(v2, 'orec')),
  ]
}

/** The latest stretch of months with the same value, as v3 would date it within v2's reference year. */
type Stretch = { value: string; lastMonth: number; period: { start: string; end?: string } }

const lastDayOf = (year: string, monthIndex: number): string =>
  new Date(Date.UTC(Number(year), monthIndex + 1, 0)).toISOString().slice(0, 10)

function latestStretch(values: readonly (string | undefined)[], year: string): Stretch | undefined {
  const last = values.findLastIndex((value) => value !== undefined)
  const value = values[last]
  if (value === undefined) return undefined
  let first = last
  while (first > 0 && values[first - 1] === value) first -= 1
  // A stretch through December is still running: v3 leaves its end open.
  const end = last === 11 ? {} : { end: lastDayOf(year, last) }
  return { value, lastMonth: last, period: { start: `${year}-${MONTHS[first]}-01`, ...end } }
}

const referenceYear = (v2: FhirResource): string | undefined => {
  const extension = objects(v2['extension']).find((e) => str(e['url'])?.endsWith('/rfrnc_yr'))
  return str(extension?.['valueDate'])?.slice(0, 4)
}

const monthlyValues = (v2: FhirResource, name: (mm: string) => string, absent: readonly string[]) =>
  MONTHS.map((mm) => {
    const code = extensionCode(v2, name(mm))
    return code === undefined || absent.includes(code) ? undefined : code
  })

const v3String = (column: string, value: string | undefined): JsonObject[] =>
  value === undefined ? [] : [{ url: `${V3_EXTENSION}/${column}`, valueString: value }]

const PLAN_VARIABLES = {
  C: { contract: (mm: string) => `ptc_cntrct_id_${mm}`, plan: (mm: string) => `ptc_pbp_id_${mm}` },
  D: { contract: (mm: string) => `ptdcntrct${mm}`, plan: (mm: string) => `ptdpbpid${mm}` },
} as const

/** The current Part C or D plan, with the dates it holds; none when v2 states no plan in any month. */
function planCoverage(v2: FhirResource, part: 'C' | 'D', patientId: string): FhirResource[] {
  const year = referenceYear(v2)
  if (year === undefined) return []
  const names = PLAN_VARIABLES[part]
  const contracts = monthlyValues(v2, names.contract, ['0', 'N'])
  const plans = monthlyValues(v2, names.plan, [])
  const keyed = contracts.map((contract, i) => contract && `${contract}-${plans[i] ?? '000'}`)
  const stretch = latestStretch(keyed, year)
  if (!stretch) return []
  const [contract, plan] = stretch.value.split('-')
  const segment = part === 'D' ? extensionCode(v2, `sgmtid${MONTHS[stretch.lastMonth]}`) : undefined
  const extension = [
    ...v3String('BENE-CNTRCT-NUM', contract),
    ...v3String('BENE-PBP-NUM', plan),
    ...v3String('CNTRCT-PBP-SGMT-NUM', segment),
  ]
  const id = `part-${part.toLowerCase()}-${patientId}-${stretch.value}`
  return [{ ...coverage(v2, id, part, `Part ${part}`, extension), status: 'active', period: stretch.period }]
}

function coverage(
  v2: FhirResource,
  id: string,
  kind: string,
  plan: string,
  extension: JsonObject[],
): FhirResource {
  const [typeCode, typeDisplay] = PAYER_TYPE[kind] ?? ['1', 'MEDICARE']
  const subscriberId = str(v2['subscriberId'])
  return {
    resourceType: 'Coverage',
    id,
    meta: { ...lastUpdatedOf(v2), profile: [carinProfile('Coverage'), usCoreProfile('coverage')] },
    contained: [CMS_ORG],
    ...(extension.length ? { extension } : {}),
    ...(subscriberId ? { identifier: [mbiIdentifier(subscriberId)], subscriberId } : {}),
    status: v2['status'] ?? 'active',
    type: { coding: [coding('https://nahdo.org/sopt', typeCode, typeDisplay)] },
    beneficiary: v2['beneficiary'] ?? null,
    relationship: {
      coding: [coding('http://terminology.hl7.org/CodeSystem/subscriber-relationship', 'self', 'Self')],
    },
    ...(v2['period'] === undefined ? {} : { period: v2['period'] }),
    payor: [{ reference: '#cms-org' }],
    class: [
      {
        type: { coding: [coding('http://terminology.hl7.org/CodeSystem/coverage-class', 'plan')] },
        value: plan,
      },
    ],
  }
}

const partOf = (v2: FhirResource): string | undefined =>
  objects(v2['class'])
    .map((c) => /^Part ([ABCD])$/.exec(str(c['value']) ?? '')?.[1])
    .find((part) => part !== undefined)

const patientIdOf = (v2: FhirResource): string =>
  str(obj(v2['beneficiary'])?.['reference'])?.replace('Patient/', '') ?? v2.id

/** The Medicaid side of a dual-eligible enrollee: the latest dual status v2 states, over the months it held. */
function dualCoverage(partA: FhirResource): FhirResource[] {
  const year = referenceYear(partA)
  const statuses = monthlyValues(partA, (mm) => `dual_${mm}`, ['NA', '00'])
  const stretch = year === undefined ? undefined : latestStretch(statuses, year)
  if (!stretch) return []
  const extension = v3Extension('BENE-DUAL-STUS-CD', stretch.value)
  const dual = coverage(partA, `dual-${patientIdOf(partA)}`, 'dual', 'Dual Medicare/Medicaid', extension)
  return [{ ...dual, status: 'active', period: stretch.period }]
}

/** One Coverage per Medicare part (C and D only when enrolled), and the dual one when there is one. */
export function coverageV3(v2Parts: readonly FhirResource[]): FhirResource[] {
  const parts = v2Parts.flatMap((v2) => {
    const part = partOf(v2)
    if (part === 'C' || part === 'D') return planCoverage(v2, part, patientIdOf(v2))
    return part ? [coverage(v2, v2.id, part, `Part ${part}`, entitlementExtensions(v2))] : []
  })
  const partA = v2Parts.find((v2) => partOf(v2) === 'A')
  return [...parts, ...(partA ? dualCoverage(partA) : [])]
}
