// Pieces shared by the claim and Part D mappers: EOB type, identifiers, care team, providers, adjudications.
import {
  BB_ADJUDICATION,
  BB_VARIABLES,
  SYSTEM_US_NPI,
  cleanDisplay,
  codingsOf,
  isValidNpi,
  readNumber,
} from './fhir-read.ts'
import type { IssueLog } from './issues.ts'
import { asObject, asObjects, asString, field, type JsonObject } from './json.ts'
import { moneyValue, type Cents } from './money.ts'
import type { CareTeamMember, ExplanationOfBenefitType, ProviderRef } from './types.ts'
import { V3_ADJUDICATION_SYSTEM, V3_AMOUNT_VARIABLES } from './v3-amounts.ts'

/** v2 names the EOB type's code system in lower case under resources/; v3 (BFD's v3 server) under fhir/. */
const SYSTEMS_EOB_TYPE = new Set([
  'https://bluebutton.cms.gov/resources/codesystem/eob-type',
  'https://bluebutton.cms.gov/fhir/CodeSystem/EOB-TYPE',
])
const EOB_TYPES: readonly ExplanationOfBenefitType[] = [
  'CARRIER',
  'DME',
  'HHA',
  'HOSPICE',
  'INPATIENT',
  'OUTPATIENT',
  'SNF',
  'PDE',
]

/** From `type.coding[system=eob-type]`, else the id prefix (`carrier--1000…`). */
export function readEobType(resource: JsonObject): ExplanationOfBenefitType | null {
  const coded = codingsOf(resource.type)
    .find((coding) => coding.system !== null && SYSTEMS_EOB_TYPE.has(coding.system))
    ?.code?.toUpperCase()
  const fromCode = EOB_TYPES.find((type) => type === coded)
  if (fromCode) return fromCode
  const prefix = /^([a-z]+)-/i.exec(asString(resource.id) ?? '')?.[1]?.toUpperCase()
  return EOB_TYPES.find((type) => type === prefix) ?? null
}

export function identifierValue(resource: JsonObject, variable: string): string | null {
  const system = BB_VARIABLES + variable
  return asString(asObjects(resource.identifier).find((identifier) => identifier.system === system)?.value)
}

/** v2 names the claim's id by its variable (`clm_id`, `pde_id`); v3 gives one unique claim id without a system. */
export function claimIdentifier(resource: JsonObject, variable: 'clm_id' | 'pde_id'): string | null {
  const unique = asObjects(resource.identifier).find(
    (identifier) =>
      identifier.system === undefined && codingsOf(identifier.type).some((coding) => coding.code === 'uc'),
  )
  return identifierValue(resource, variable) ?? asString(unique?.value)
}

const NPI_SYSTEMS = new Set([SYSTEM_US_NPI, `${BB_VARIABLES}carr_clm_blg_npi_num`])

/** An identifier counts as an NPI when its system or its type says so (careTeam NPIs usually have no system). */
function isNpiIdentifier(identifier: JsonObject): boolean {
  const system = asString(identifier.system)
  if (system !== null) return NPI_SYSTEMS.has(system)
  return codingsOf(identifier.type).some((coding) => coding.code?.toLowerCase() === 'npi')
}

export function providerRef(npi: string | null, name: string | null): ProviderRef {
  return { npi, npiValid: npi !== null && isValidNpi(npi), name }
}

/** The NPI among identifiers; `missing` is true when an NPI-typed identifier had no value. */
function npiFrom(identifiers: JsonObject[]): { npi: string | null; missing: boolean } {
  const npiIdentifiers = identifiers.filter(isNpiIdentifier)
  const withValue = npiIdentifiers
    .map((identifier) => asString(identifier.value))
    .find((value) => value !== null)
  return { npi: withValue ?? null, missing: npiIdentifiers.length > 0 && withValue === undefined }
}

export function readCareTeam(resource: JsonObject, log: IssueLog): CareTeamMember[] {
  return asObjects(resource.careTeam).map((member, index) => {
    const provider = asObject(member.provider)
    const identifier = asObject(provider?.identifier)
    const { npi, missing } = npiFrom(identifier ? [identifier] : [])
    if (missing) log.add(`careTeam[${index}].provider.identifier`, 'missing', 'care team NPI has no value')
    return {
      ...providerRef(npi, cleanDisplay(provider?.display)),
      sequence: readNumber(member.sequence),
      role: codingsOf(member.role)[0]?.code ?? null,
      specialty: codingsOf(member.qualification)[0]?.code ?? null,
    }
  })
}

/** Billing provider (carrier/DME/PDE) or the contained facility Organization (institutional, `#provider-org`). */
export function readProvider(resource: JsonObject, log: IssueLog): ProviderRef | null {
  const provider = asObject(resource.provider)
  if (!provider) return null
  const reference = asString(provider.reference)
  if (reference?.startsWith('#')) {
    const contained = asObjects(resource.contained).find((item) => item.id === reference.slice(1))
    if (!contained) {
      log.add('provider.reference', 'missing', `contained resource ${reference} not found`)
      return null
    }
    const { npi, missing } = npiFrom(asObjects(contained.identifier))
    if (missing) log.add('contained.identifier', 'missing', 'facility NPI has no value')
    return providerRef(npi, cleanDisplay(contained.name))
  }
  const identifier = asObject(provider.identifier)
  const { npi } = npiFrom(identifier ? [identifier] : [])
  return npi === null && provider.display === undefined
    ? null
    : providerRef(npi, cleanDisplay(provider.display))
}

/** The v2 variables a v3 category stands for (its code under v3's adjudication system, translated). */
function v3Variables(category: unknown): readonly string[] {
  const code = codingsOf(category).find((coding) => coding.system === V3_ADJUDICATION_SYSTEM)?.code
  return (code && V3_AMOUNT_VARIABLES[code]) || []
}

/**
 * Adjudication amounts keyed by Blue Button variable name (`line_nch_pmt_amt`, `cvrd_d_plan_pd_amt`, ...);
 * a v3 amount under each v2 variable its code replaces. The CARIN category code beside it is ambiguous
 * (e.g. "submitted" is used for both rate and total), so only the Blue Button code is trusted. The first
 * occurrence wins when a variable repeats.
 */
export function adjudicationAmounts(adjudications: unknown): Map<string, Cents> {
  const amounts = new Map<string, Cents>()
  for (const adjudication of asObjects(adjudications)) {
    const variable = codingsOf(adjudication.category)
      .filter((coding) => coding.system === BB_ADJUDICATION && coding.code?.startsWith(BB_VARIABLES))
      .map((coding) => coding.code?.slice(BB_VARIABLES.length) ?? '')[0]
    const cents = moneyValue(adjudication.amount)
    if (cents === null) continue
    for (const name of variable ? [variable] : v3Variables(adjudication.category))
      if (!amounts.has(name)) amounts.set(name, cents)
  }
  return amounts
}

/**
 * v3's claim-level amounts (`adjudication[]` and `total[]` coded under v3's adjudication system), keyed by
 * the v2 variables they replace: v2 states these in `benefitBalance`, which v3 does not use for them.
 */
export function v3ClaimAmounts(resource: JsonObject): Map<string, Cents> {
  const amounts = new Map<string, Cents>()
  for (const entry of [...asObjects(resource.adjudication), ...asObjects(resource.total)]) {
    const cents = moneyValue(entry.amount)
    if (cents === null) continue
    for (const name of v3Variables(entry.category)) if (!amounts.has(name)) amounts.set(name, cents)
  }
  return amounts
}

/** `benefitBalance[].financial[]` used amounts keyed by variable name. */
export function benefitBalanceAmounts(resource: JsonObject): Map<string, Cents> {
  const amounts = new Map<string, Cents>()
  for (const balance of asObjects(resource.benefitBalance)) {
    for (const financial of asObjects(balance.financial)) {
      const code = codingsOf(financial.type).find((coding) => coding.code?.startsWith(BB_VARIABLES))?.code
      const cents = moneyValue(financial.usedMoney)
      if (code && cents !== null && !amounts.has(code)) amounts.set(code.slice(BB_VARIABLES.length), cents)
    }
  }
  return amounts
}

/** `total[]` amounts keyed by variable name, or by the CARIN code when no variable is given (PDE `drugcost`). */
export function totalAmounts(resource: JsonObject): Map<string, Cents> {
  const amounts = new Map<string, Cents>()
  for (const total of asObjects(resource.total)) {
    const codings = codingsOf(total.category)
    const variable = codings
      .find((coding) => coding.code?.startsWith(BB_VARIABLES))
      ?.code?.slice(BB_VARIABLES.length)
    const key = variable ?? codings[0]?.code
    const cents = moneyValue(total.amount)
    if (key && cents !== null && !amounts.has(key)) amounts.set(key, cents)
  }
  return amounts
}

/** supportingInfo entries whose category has this code (short CARIN code or full variable URL). */
export function supportingInfo(resource: JsonObject, code: string): JsonObject[] {
  return asObjects(resource.supportingInfo).filter((info) =>
    codingsOf(info.category).some((coding) => coding.code === code || coding.code === BB_VARIABLES + code),
  )
}

export function supportingCode(resource: JsonObject, code: string): string | null {
  for (const info of supportingInfo(resource, code)) {
    const value = codingsOf(info.code)[0]?.code
    if (value) return value
  }
  return null
}

/** A supportingInfo entry's text value (v3 states a few CMS facts as `valueString`). */
export function supportingString(resource: JsonObject, code: string): string | null {
  for (const info of supportingInfo(resource, code)) {
    const value = asString(info.valueString)
    if (value !== null) return value
  }
  return null
}

export function supportingQuantity(resource: JsonObject, code: string): number | null {
  for (const info of supportingInfo(resource, code)) {
    const value = readNumber(field(info, 'valueQuantity', 'value'))
    if (value !== null) return value
  }
  return null
}
