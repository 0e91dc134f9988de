// Patient and Coverage as Blue Button v3 answers them (BFD's v3 server): CARIN 2.2.0 and US Core 7 profiles, the
// current MBI only, and each enrolment fact as one extension in v3's own systems rather than v2's monthly
// variables; a dual-eligible enrollee has a Coverage of its own for Medicaid.
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

/** v2 states enrolment month by month; v3 states the latest month's value. */
const latestMonth = (v2: FhirResource, name: (mm: string) => string): string | undefined =>
  ['12', '11', '10', '09', '08', '07', '06', '05', '04', '03', '02', '01']
    .map((mm) => extensionCode(v2, name(mm)))
    .find((code) => code !== undefined)

const ESRD: Readonly<Record<string, string>> = { Y: 'Y', '1': 'Y', '0': 'N', N: 'N' }

function partExtensions(v2: FhirResource, part: string): JsonObject[] {
  if (part === 'A' || part === 'B') {
    const esrd = extensionCode(v2, 'esrd_ind')
    return [
      ...v3Extension(
        'BENE-BUYIN-CD',
        latestMonth(v2, (mm) => `buyin${mm}`),
      ),
      ...v3Extension('BENE-MDCR-STUS-CD', extensionCode(v2, 'ms_cd')),
      ...v3Extension('BENE-ESRD-STUS-ID', esrd === undefined ? undefined : ESRD[esrd]),
      ...v3Extension('BENE-MDCR-ENTLMT-RSN-CD', extensionCode(v2, 'crec')),
    ]
  }
  const contract = latestMonth(v2, (mm) => (part === 'C' ? `ptc_cntrct_id_${mm}` : `ptdcntrct${mm}`))
  const pbp = latestMonth(v2, (mm) => (part === 'C' ? `ptc_pbp_id_${mm}` : `ptdpbpid${mm}`))
  const enrolled = contract !== undefined && !['0', 'N'].includes(contract)
  return enrolled ? [...v3Extension('BENE-CNTRCT-NUM', contract), ...v3Extension('BENE-PBP-NUM', pbp)] : []
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

/** The Medicaid side of a dual-eligible enrollee, from the latest month v2 states. */
function dualCoverage(partA: FhirResource): FhirResource[] {
  const status = latestMonth(partA, (mm) => `dual_${mm}`)
  if (status === undefined || status === 'NA' || status === '00') return []
  const patientId = str(obj(partA['beneficiary'])?.['reference'])?.replace('Patient/', '') ?? partA.id
  const extension = v3Extension('BENE-DUAL-STUS-CD', status)
  return [coverage(partA, `dual-${patientId}`, 'dual', 'Dual Medicare/Medicaid', extension)]
}

/** Every Coverage v3 answers for an enrollee: one per Medicare part, and the dual one when there is one. */
export function coverageV3(v2Parts: readonly FhirResource[]): FhirResource[] {
  const parts = v2Parts.flatMap((v2) => {
    const part = partOf(v2)
    return part ? [coverage(v2, v2.id, part, `Part ${part}`, partExtensions(v2, part))] : []
  })
  const partA = v2Parts.find((v2) => partOf(v2) === 'A')
  return [...parts, ...(partA ? dualCoverage(partA) : [])]
}
