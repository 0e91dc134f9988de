// An ExplanationOfBenefit as Blue Button v3 answers it (BFD's v3 server, CARIN Blue Button 2.2.0), made from the
// v2 one: claim type under CMS's v3 code systems, amounts coded CLM_* beside their CARIN category, HCPCS under
// CMS's release system, revenue centres under NUBC, providers as contained resources, facts in supportingInfo.
import { ADJ, BB_CODESYSTEM, C4BB, coding, type FhirResource, type JsonObject, US_NPI } from '../fhir.ts'
import { codeIn, codings, obj, objects, str, variableName } from './read.ts'
import { supportingInfoV3 } from './eob-info-v3.ts'
import {
  BALANCE_CATEGORY,
  carinProfile,
  HCPCS_RELEASE,
  npiIdentifierType,
  NUBC,
  PLACE_OF_SERVICE,
  V3_ADJUDICATION,
  V3_AMOUNTS,
  V3_CODESYSTEM,
  type V3Amount,
} from './v3-codes.ts'

const BB_ADJUDICATION = `${BB_CODESYSTEM}/adjudication`
const HL7_CLAIM_TYPE = 'http://terminology.hl7.org/CodeSystem/claim-type'
const HL7_CARE_TEAM_ROLE = 'http://terminology.hl7.org/CodeSystem/claimcareteamrole'

const eobType = (v2: FhirResource): string =>
  codeIn(v2['type'], (s) => s === `${BB_CODESYSTEM}/eob-type`) ??
  v2.id.slice(0, v2.id.indexOf('-')).toUpperCase()

function meta(v2: FhirResource, type: string): JsonObject {
  const v2Meta = obj(v2['meta']) ?? {}
  const profiles = v2Meta['profile']
  const profile = Array.isArray(profiles) ? str(profiles[0]) : undefined
  const name = /C4BB-(ExplanationOfBenefit-[A-Za-z-]+)$/.exec(profile ?? '')?.[1]
  const security = v2Meta['security']
  return {
    ...(v2Meta['lastUpdated'] ? { lastUpdated: v2Meta['lastUpdated'] } : {}),
    ...(name ? { profile: [carinProfile(name)] } : {}),
    source: type === 'PDE' ? 'DDPS' : 'NCH',
    tag: [
      coding(`${V3_CODESYSTEM}/System-Type`, type === 'PDE' ? 'DDPS' : 'NationalClaimsHistory'),
      coding(`${V3_CODESYSTEM}/Final-Action`, 'FinalAction'),
    ],
    ...(security === undefined ? {} : { security }),
  }
}

/** v3 names the claim by one unique claim identifier, without v2's variable systems. */
function identifiers(v2: FhirResource): JsonObject[] {
  const all = objects(v2['identifier'])
  const claimId = str(
    all.find((i) => ['clm_id', 'pde_id'].includes(variableName(str(i['system'])) ?? ''))?.['value'],
  )
  const uc = { coding: [coding(`${C4BB}/CodeSystem/C4BBIdentifierType`, 'uc', 'Unique Claim ID')] }
  return claimId === undefined ? [] : [{ type: uc, value: claimId }]
}

function claimType(v2: FhirResource, type: string): JsonObject {
  const nch = codeIn(v2['type'], (s) => variableName(s) === 'nch_clm_type_cd')
  const category = codeIn(v2['type'], (s) => s === HL7_CLAIM_TYPE)
  return {
    coding: [
      ...(nch ? [coding(`${V3_CODESYSTEM}/CLM-TYPE-CD`, nch)] : []),
      ...(category ? [coding(HL7_CLAIM_TYPE, category)] : []),
      coding(`${V3_CODESYSTEM}/EOB-TYPE`, type),
    ],
  }
}

const INSTITUTIONAL_SUBTYPE: Readonly<Record<string, string>> = {
  INPATIENT: 'inpatient',
  SNF: 'inpatient',
  HOSPICE: 'inpatient',
  OUTPATIENT: 'outpatient',
  HHA: 'outpatient',
}

/** v3 names the part in `insurance.coverage.display` rather than referencing a Coverage. */
function insurance(v2: FhirResource): JsonObject[] {
  return objects(v2['insurance']).map((entry) => {
    const reference = str(obj(entry['coverage'])?.['reference']) ?? ''
    const part = /Coverage\/part-([abcd])-/i.exec(reference)?.[1]?.toUpperCase()
    const coverage: JsonObject = part ? { display: `Part ${part}` } : {}
    return { focal: entry['focal'] ?? true, coverage }
  })
}

const npiIdentifier = (npi: string | undefined): JsonObject => ({
  system: US_NPI,
  type: npiIdentifierType,
  ...(npi ? { value: npi } : {}),
})

const INSURER: JsonObject = {
  resourceType: 'Organization',
  id: 'insurer-org',
  meta: { profile: [carinProfile('Organization')] },
  active: true,
  name: 'Centers for Medicare and Medicaid Services',
}

/** The billing provider or facility as a contained resource named by its NPI, as v3 does. */
function providerResource(v2: FhirResource): JsonObject | undefined {
  const provider = obj(v2['provider'])
  const reference = str(provider?.['reference'])
  if (reference?.startsWith('#')) {
    const org = objects(v2['contained']).find((c) => c['id'] === reference.slice(1))
    const npi = str(objects(org?.['identifier']).find((i) => i['system'] === US_NPI)?.['value'])
    return org && { ...contained('Organization', npi), ...(org['name'] ? { name: org['name'] } : {}) }
  }
  const npi = str(obj(provider?.['identifier'])?.['value'])
  return npi === undefined
    ? undefined
    : contained(eobType(v2) === 'PDE' ? 'Organization' : 'Practitioner', npi)
}

function contained(kind: 'Organization' | 'Practitioner', npi: string | undefined): JsonObject {
  return {
    resourceType: kind,
    id: npi ?? 'provider-org',
    meta: { profile: [carinProfile(kind)] },
    identifier: [npiIdentifier(npi)],
  }
}

const ROLE_DISPLAY: Readonly<Record<string, string>> = {
  attending: 'Attending',
  prescribing: 'Prescribing provider',
  primary: 'Primary provider',
  referring: 'Referring',
  rendering: 'Rendering provider',
}

/** An NPI as v3 writes it; v2's other identifiers (a UPIN in old data) stay as they were. */
function memberIdentifier(identifier: JsonObject | undefined): JsonObject {
  const system = str(identifier?.['system'])
  const typed = codings(identifier?.['type']).some((c) => str(c['code'])?.toLowerCase() === 'npi')
  const isNpi = system === US_NPI || (system === undefined && (typed || !identifier?.['type']))
  return isNpi || !identifier ? npiIdentifier(str(identifier?.['value'])) : identifier
}

function careTeamMember(member: JsonObject): JsonObject {
  const identifier = obj(obj(member['provider'])?.['identifier'])
  const v2Role = str(codings(member['role'])[0]?.['code']) ?? 'other'
  // CARIN Blue Button calls the professional who performed the service the rendering provider.
  const role = v2Role === 'performing' ? 'rendering' : v2Role
  const specialty = str(codings(member['qualification'])[0]?.['code'])
  return {
    sequence: member['sequence'] ?? null,
    provider: { identifier: memberIdentifier(identifier) },
    role: {
      coding: [
        coding(HL7_CARE_TEAM_ROLE, role, ROLE_DISPLAY[role]),
        coding(`${C4BB}/CodeSystem/C4BBClaimCareTeamRole`, role, ROLE_DISPLAY[role]),
      ],
    },
    ...(specialty
      ? { qualification: { coding: [coding(`${V3_CODESYSTEM}/CLM-PRVDR-SPCLTY-CD`, specialty)] } }
      : {}),
  }
}

const ICD10_CM = 'http://hl7.org/fhir/sid/icd-10-cm'
const POA = 'https://www.cms.gov/Medicare/Medicare-Fee-for-Service-Payment/HospitalAcqCond/Coding'
const HL7_DIAGNOSIS_TYPE = 'http://terminology.hl7.org/CodeSystem/ex-diagnosistype'

/** v3 writes ICD-10-CM codes with their dot ("E11.9"), once, without a display. */
const dotted = (code: string): string =>
  code.length > 3 && !code.includes('.') ? `${code.slice(0, 3)}.${code.slice(3)}` : code

function diagnosis(entry: JsonObject): JsonObject {
  const first = codings(entry['diagnosisCodeableConcept'])[0] ?? {}
  const system = str(first['system']) ?? ICD10_CM
  const code = str(first['code']) ?? ''
  const role = str(codings(objects(entry['type'])[0])[0]?.['code'])
  const poa = objects(entry['extension'])
    .filter((e) => variableName(str(e['url']))?.startsWith('clm_poa_ind_sw'))
    .map((e) => str(obj(e['valueCoding'])?.['code']))[0]
  const roleSystem =
    role === 'principal' || role === 'admitting'
      ? HL7_DIAGNOSIS_TYPE
      : `${C4BB}/CodeSystem/C4BBClaimDiagnosisType`
  return {
    sequence: entry['sequence'] ?? null,
    diagnosisCodeableConcept: { coding: [coding(system, system === ICD10_CM ? dotted(code) : code)] },
    ...(poa ? { onAdmission: { coding: [coding(POA, poa)] } } : {}),
    ...(role ? { type: [{ coding: [coding(roleSystem, role)] }] } : {}),
  }
}

/** The v2 variable an adjudication (or benefit balance) entry carries, e.g. `line_nch_pmt_amt`. */
const amountVariable = (category: JsonObject | undefined): string | undefined =>
  objects(category?.['coding'])
    .map((c) => (c['system'] === BB_ADJUDICATION || !c['system'] ? variableName(str(c['code'])) : undefined))
    .find((name) => name !== undefined) ??
  objects(category?.['coding'])
    .map((c) => variableName(str(c['code'])))
    .find((name) => name !== undefined)

function v3Adjudication(carin: JsonObject | undefined, v3: V3Amount, amount: JsonObject): JsonObject {
  return {
    category: { coding: [...(carin ? [carin] : []), coding(V3_ADJUDICATION, v3.code, v3.display)] },
    amount,
  }
}

type Amounts = { line: JsonObject[]; claim: JsonObject[] }

/** v2 adjudications recoded: the CARIN coding kept, the v2 variable replaced by its v3 code. */
function recodeAmounts(entries: JsonObject[]): Amounts {
  const out: Amounts = { line: [], claim: [] }
  for (const entry of entries) {
    const category = obj(entry['category'])
    const variable = amountVariable(category)
    const v3 = variable === undefined ? undefined : V3_AMOUNTS[variable]
    const amount = obj(entry['amount'])
    if (!v3 || !amount) continue
    const carin = objects(category?.['coding']).find((c) => c['system'] !== BB_ADJUDICATION)
    ;(v3.claim ? out.claim : out.line).push(v3Adjudication(carin, v3, amount))
  }
  return out
}

const PAYMENT_STATUS: JsonObject = {
  category: {
    coding: [
      coding(
        `${C4BB}/CodeSystem/C4BBAdjudicationDiscriminator`,
        'benefitpaymentstatus',
        'Benefit Payment Status',
      ),
    ],
  },
  reason: { coding: [coding(`${C4BB}/CodeSystem/C4BBPayerAdjudicationStatus`, 'other', 'Other')] },
}

function product(concept: JsonObject | undefined): JsonObject | undefined {
  if (!concept) return undefined
  const recoded = codings(concept).map((c) =>
    c['system'] === `${BB_CODESYSTEM}/hcpcs` ? { ...c, system: HCPCS_RELEASE } : c,
  )
  return { ...concept, coding: recoded }
}

function revenue(concept: JsonObject | undefined): JsonObject | undefined {
  const code = codeIn(concept, (s) => variableName(s) === 'rev_cntr' || s === `${NUBC}/RevenueCodes`)
  return code === undefined
    ? undefined
    : { coding: [coding(`${V3_CODESYSTEM}/CLM-REV-CNTR-CD`, code), coding(`${NUBC}/RevenueCodes`, code)] }
}

function place(concept: JsonObject | undefined): JsonObject | undefined {
  const found = codings(concept).find((c) => variableName(str(c['system'])) === 'line_place_of_srvc_cd')
  const code = str(found?.['code'])
  return code === undefined
    ? undefined
    : { coding: [coding(PLACE_OF_SERVICE, code, str(found?.['display']))] }
}

function processingIndicator(item: JsonObject): JsonObject[] {
  const found = objects(item['extension']).find((e) => variableName(str(e['url'])) === 'line_prcsg_ind_cd')
  const value = obj(found?.['valueCoding'])
  const code = str(value?.['code'])
  if (!code) return []
  const url = 'CLM-PRCSG-IND-CD'
  return [
    {
      url: `https://bluebutton.cms.gov/fhir/StructureDefinition/${url}`,
      valueCoding: coding(`${V3_CODESYSTEM}/${url}`, code, str(value?.['display'])),
    },
  ]
}

/** One line as v3 writes it; its amounts stated for the whole claim go to `claimAmounts`. */
function item(v2Item: JsonObject, claimAmounts: JsonObject[]): JsonObject {
  const {
    extension: _e,
    category: _c,
    productOrService,
    revenue: rev,
    locationCodeableConcept,
    adjudication,
    ...rest
  } = v2Item
  const amounts = recodeAmounts(objects(adjudication))
  claimAmounts.push(...amounts.claim)
  const extension = processingIndicator(v2Item)
  const recodedProduct = product(obj(productOrService))
  const recodedRevenue = revenue(obj(rev))
  const location = place(obj(locationCodeableConcept))
  return {
    ...rest,
    ...(extension.length ? { extension } : {}),
    ...(recodedProduct ? { productOrService: recodedProduct } : {}),
    ...(recodedRevenue ? { revenue: recodedRevenue } : {}),
    ...(location ? { locationCodeableConcept: location } : {}),
    adjudication: [...amounts.line, PAYMENT_STATUS],
  }
}

const DRUG_COST = [ADJ, 'submitted', 'Submitted Amount'] as const

/** v2's claim totals, benefit balances and claim-level line amounts as v3's `total`, one per v3 code. */
function totals(v2: FhirResource, fromLines: JsonObject[]): JsonObject[] {
  const balances = objects(v2['benefitBalance']).flatMap((b) => objects(b['financial']))
  const fromBalances = balances.flatMap((financial) => {
    const variable = amountVariable(obj(financial['type']))
    const v3 = variable === undefined ? undefined : V3_AMOUNTS[variable]
    const carin = variable === undefined ? undefined : BALANCE_CATEGORY[variable]
    const amount = obj(financial['usedMoney'])
    return v3 && carin && amount ? [v3Adjudication(coding(...carin), v3, amount)] : []
  })
  const v2Totals = objects(v2['total'])
  const drugCost = v2Totals
    .filter((t) => codings(t['category']).some((c) => c['code'] === 'drugcost') && obj(t['amount']))
    .map((t) =>
      v3Adjudication(coding(...DRUG_COST), V3_AMOUNTS['tot_rx_cst_amt'] as V3Amount, obj(t['amount']) ?? {}),
    )
  const all = [...fromBalances, ...recodeAmounts(v2Totals).claim, ...fromLines, ...drugCost]
  const seen = new Set<string>()
  return all.filter((entry) => {
    const code = str(codings(entry['category']).find((c) => c['system'] === V3_ADJUDICATION)?.['code']) ?? ''
    if (seen.has(code)) return false
    seen.add(code)
    return true
  })
}

function provider(v2: FhirResource, resource: JsonObject | undefined): JsonObject {
  return resource ? { provider: { reference: `#${String(resource['id'])}` } } : {}
}

/** The v3 answer for a v2 ExplanationOfBenefit of the stand-in. */
export function eobV3(v2: FhirResource): FhirResource {
  const type = eobType(v2)
  const providerOf = providerResource(v2)
  const claimAmounts: JsonObject[] = []
  const items = objects(v2['item']).map((i) => item(i, claimAmounts))
  const subType = INSTITUTIONAL_SUBTYPE[type]
  const payment = obj(v2['payment'])
  return {
    resourceType: 'ExplanationOfBenefit',
    id: v2.id,
    meta: meta(v2, type),
    identifier: identifiers(v2),
    status: v2['status'] ?? 'active',
    type: claimType(v2, type),
    ...(subType
      ? { subType: { coding: [coding(`${C4BB}/CodeSystem/C4BBInstitutionalClaimSubType`, subType)] } }
      : {}),
    use: v2['use'] ?? 'claim',
    patient: v2['patient'] ?? null,
    billablePeriod: v2['billablePeriod'] ?? null,
    created: v2['created'] ?? null,
    insurer: { reference: '#insurer-org' },
    ...provider(v2, providerOf),
    contained: [INSURER, ...(providerOf ? [providerOf] : [])],
    outcome: v2['outcome'] ?? 'complete',
    insurance: insurance(v2),
    careTeam: objects(v2['careTeam']).map(careTeamMember),
    supportingInfo: supportingInfoV3(v2),
    diagnosis: objects(v2['diagnosis']).map(diagnosis),
    ...(v2['procedure'] === undefined ? {} : { procedure: v2['procedure'] }),
    item: items,
    adjudication: [PAYMENT_STATUS],
    total: totals(v2, claimAmounts),
    ...(payment ? { payment } : {}),
  }
}
