// ExplanationOfBenefit of a Part A/B claim type → ClaimRecord.
import {
  adjudicationAmounts,
  claimIdentifier,
  benefitBalanceAmounts,
  readCareTeam,
  readEobType,
  readProvider,
  supportingCode,
  supportingInfo,
  totalAmounts,
  v3ClaimAmounts,
} from './eob-common.ts'
import {
  BB_VARIABLES,
  SYSTEM_DATA_ABSENT,
  V3_CODESYSTEM,
  codeFrom,
  codingsOf,
  readDate,
  readInstant,
  readNumber,
  readPeriod,
  referenceId,
  variableCode,
} from './fhir-read.ts'
import { IssueLog, type MappingResult } from './issues.ts'
import { asArray, asObject, asObjects, asString, field, type JsonObject } from './json.ts'
import { moneyValue, sumCents, type Cents } from './money.ts'
import type {
  CareTeamMember,
  ClaimAmounts,
  ClaimDiagnosis,
  ClaimLine,
  ClaimProcedure,
  ClaimRecord,
  ClaimType,
  DateRange,
  DiagnosisSystem,
  ProviderRef,
} from './types.ts'

const INSTITUTIONAL: ReadonlySet<ClaimType> = new Set(['HHA', 'HOSPICE', 'INPATIENT', 'OUTPATIENT', 'SNF'])

const ICD10_SYSTEMS = new Set(['http://hl7.org/fhir/sid/icd-10-cm', 'http://hl7.org/fhir/sid/icd-10'])
const ICD9_SYSTEMS = new Set(['http://hl7.org/fhir/sid/icd-9-cm', 'http://hl7.org/fhir/sid/icd-9'])
const PCS_SYSTEMS = new Set(['http://www.cms.gov/Medicare/Coding/ICD10', 'http://hl7.org/fhir/sid/icd-10'])
const HCPCS_SYSTEMS = new Set([
  'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
  `${BB_VARIABLES}hcpcs_cd`,
  // v3 (BFD's v3 server, CARIN Blue Button) names CMS's HCPCS release.
  'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
])
/** v3 codes the type of bill and the place of service with the systems of their owners, NUBC and CMS. */
const SYSTEM_NUBC_TYPE_OF_BILL = 'https://www.nubc.org/CodeSystem/TypeOfBill'
const SYSTEM_PLACE_OF_SERVICE =
  'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set'
const SYSTEM_V3_CLAIM_TYPE = `${V3_CODESYSTEM}CLM-TYPE-CD`
/** v3 codes a line's revenue centre with NUBC's system only. */
const SYSTEM_NUBC_REVENUE = 'https://www.nubc.org/CodeSystem/RevenueCodes'
// Revenue centre 0001 is the claim's total line; summing it with the detail lines would double count.
const TOTAL_REVENUE_CODE = '0001'

export function isInstitutional(type: ClaimType): boolean {
  return INSTITUTIONAL.has(type)
}

export function mapClaim(input: unknown): MappingResult<ClaimRecord> {
  const log = new IssueLog()
  const resource = asObject(input)
  if (!resource || resource.resourceType !== 'ExplanationOfBenefit') {
    log.add('resourceType', 'not_a_resource', 'not an ExplanationOfBenefit')
    return { record: null, issues: log.issues }
  }
  const id = asString(resource.id)
  const eobType = readEobType(resource)
  if (id === null) log.add('id', 'missing', 'ExplanationOfBenefit has no id')
  if (eobType === null) log.add('type', 'unknown_code', 'unknown claim type')
  if (eobType === 'PDE')
    log.add('type', 'unknown_code', 'a Part D event is a medication, not a claim (use mapMedication)')
  if (id === null || eobType === null || eobType === 'PDE') return { record: null, issues: log.issues }
  return { record: buildClaim(resource, id, eobType, log), issues: log.issues }
}

function buildClaim(resource: JsonObject, id: string, claimType: ClaimType, log: IssueLog): ClaimRecord {
  const institutional = isInstitutional(claimType)
  const careTeam = readCareTeam(resource, log)
  const lines = asObjects(resource.item).map((item, index) =>
    readLine(item, index, institutional, careTeam, log),
  )
  return {
    id,
    claimType,
    claimId: claimIdentifier(resource, 'clm_id'),
    patientId: referenceId(resource.patient, 'Patient'),
    nchClaimTypeCode:
      (
        codeFrom(resource.type, `${BB_VARIABLES}nch_clm_type_cd`) ??
        codeFrom(resource.type, SYSTEM_V3_CLAIM_TYPE)
      )?.code ?? null,
    typeOfBill: institutional ? readTypeOfBill(resource, log) : null,
    billablePeriod: readPeriod(resource.billablePeriod, 'billablePeriod', log),
    admissionPeriod: readAdmissionPeriod(resource, log),
    drg: readDrg(resource),
    diagnoses: readDiagnoses(resource, log),
    procedures: readProcedures(resource, log),
    lines,
    provider: readProvider(resource, log),
    careTeam,
    amounts: claimAmounts(resource, institutional, lines),
    lastUpdated: readInstant(field(resource, 'meta', 'lastUpdated'), 'meta.lastUpdated', log),
  }
}

/**
 * Bill type = facility type (clm_fac_type_cd) + service classification + frequency (clm_freq_cd); v3 gives
 * it whole as NUBC writes it, with a leading zero ("0131").
 */
function readTypeOfBill(resource: JsonObject, log: IssueLog): string | null {
  const nubc = supportingInfo(resource, 'typeofbill')
    .map((info) => codeFrom(info.code, SYSTEM_NUBC_TYPE_OF_BILL)?.code)
    .find((code) => code !== undefined && code !== null)
  if (nubc) return nubc.length === 4 && nubc.startsWith('0') ? nubc.slice(1) : nubc
  const facility = variableCode(asObject(resource.facility), 'clm_fac_type_cd')
  const classification = variableCode(resource, 'clm_srvc_clsfctn_type_cd')
  const frequency = supportingCode(resource, 'typeofbill')
  if (facility && classification && frequency) return `${facility}${classification}${frequency}`
  log.add('supportingInfo.typeofbill', 'missing', 'type of bill incomplete')
  return null
}

function readAdmissionPeriod(resource: JsonObject, log: IssueLog): DateRange | null {
  const info = supportingInfo(resource, 'admissionperiod')[0]
  return info ? readPeriod(info.timingPeriod, 'supportingInfo.admissionperiod', log) : null
}

function readDrg(resource: JsonObject): string | null {
  // v2 names the DRG by its variable, v3 by CARIN's `drg` category.
  const fromInfo = supportingCode(resource, 'clm_drg_cd') ?? supportingCode(resource, 'drg')
  if (fromInfo) return fromInfo
  for (const diagnosis of asObjects(resource.diagnosis)) {
    const code = codingsOf(diagnosis.packageCode)[0]?.code
    if (code) return code
  }
  return null
}

/** Upper-case, no dots or spaces: "m54.50" → "M5450". */
export function normalizeCode(code: string): string {
  return code.replace(/[.\s]/g, '').toUpperCase()
}

function diagnosisSystem(system: string | null): DiagnosisSystem {
  if (system !== null && ICD10_SYSTEMS.has(system)) return 'icd10'
  if (system !== null && ICD9_SYSTEMS.has(system)) return 'icd9'
  return 'other'
}

const SYSTEM_RANK: Record<DiagnosisSystem, number> = { icd10: 0, icd9: 1, other: 2 }

function readDiagnoses(resource: JsonObject, log: IssueLog): ClaimDiagnosis[] {
  const diagnoses = asArray(resource.diagnosis).flatMap((entry, index): ClaimDiagnosis[] => {
    // Every entry that yields no diagnosis is reported, a malformed one too, at its index in the input.
    const diagnosis = asObject(entry)
    if (!diagnosis) {
      log.add(`diagnosis[${index}]`, 'missing', 'diagnosis entry is not an object')
      return []
    }
    // The same code arrives under icd-10-cm and icd-10: one diagnosis, best-known system first.
    const candidates = codingsOf(diagnosis.diagnosisCodeableConcept)
      .filter((coding) => coding.code !== null && normalizeCode(coding.code) !== '')
      .map((coding) => ({ ...coding, kind: diagnosisSystem(coding.system) }))
      .sort((left, right) => SYSTEM_RANK[left.kind] - SYSTEM_RANK[right.kind])
    const best = candidates[0]
    if (!best?.code) {
      log.add(`diagnosis[${index}]`, 'missing', 'diagnosis without a code')
      return []
    }
    const code = normalizeCode(best.code)
    if (best.kind === 'other')
      log.add(`diagnosis[${index}]`, 'unknown_code', `unknown diagnosis system ${best.system ?? '(none)'}`)
    const display = candidates.find((candidate) => candidate.display !== null)?.display ?? null
    return [
      {
        sequence: readNumber(diagnosis.sequence),
        code,
        system: best.kind,
        display,
        roles: readRoles(diagnosis),
      },
    ]
  })
  const principals = diagnoses.filter((diagnosis) => diagnosis.roles.includes('principal')).length
  if (principals > 1)
    log.add('diagnosis', 'inconsistent', `${principals} diagnoses marked principal; all kept`)
  return diagnoses
}

function readRoles(diagnosis: JsonObject): string[] {
  const roles = asObjects(diagnosis.type).flatMap((type) =>
    codingsOf(type).map((coding) => coding.code?.toLowerCase() ?? ''),
  )
  return [...new Set(roles.filter(Boolean))]
}

function readProcedures(resource: JsonObject, log: IssueLog): ClaimProcedure[] {
  return asObjects(resource.procedure).flatMap((procedure, index): ClaimProcedure[] => {
    const codings = codingsOf(procedure.procedureCodeableConcept).filter((coding) => coding.code !== null)
    const pcs = codings.find((coding) => coding.system !== null && PCS_SYSTEMS.has(coding.system))
    const icd9 = codings.find((coding) => coding.system !== null && ICD9_SYSTEMS.has(coding.system))
    const best = pcs ?? icd9 ?? codings[0]
    if (!best?.code) {
      log.add(`procedure[${index}]`, 'missing', 'procedure without a code')
      return []
    }
    const system = pcs ? 'icd10pcs' : icd9 ? 'icd9' : 'other'
    return [
      {
        sequence: readNumber(procedure.sequence),
        code: normalizeCode(best.code),
        system,
        display: codings.find((coding) => coding.display !== null)?.display ?? null,
        date: readDate(procedure.date, `procedure[${index}].date`, log),
      },
    ]
  })
}

function readLine(
  item: JsonObject,
  index: number,
  institutional: boolean,
  careTeam: CareTeamMember[],
  log: IssueLog,
): ClaimLine {
  const path = `item[${index}]`
  const served = readServed(item, path, log)
  return {
    sequence: readNumber(item.sequence),
    hcpcs: readHcpcs(item, path, institutional, log),
    modifiers: asObjects(item.modifier).flatMap((modifier) =>
      codingsOf(modifier)
        .filter(
          (coding) => coding.system !== null && HCPCS_SYSTEMS.has(coding.system) && coding.code !== null,
        )
        .map((coding) => (coding.code ?? '').toUpperCase()),
    ),
    revenueCode:
      (codeFrom(item.revenue, `${BB_VARIABLES}rev_cntr`) ?? codeFrom(item.revenue, SYSTEM_NUBC_REVENUE))
        ?.code ?? null,
    serviceStart: served.start,
    serviceEnd: served.end,
    units: readNumber(field(item, 'quantity', 'value')),
    placeOfService:
      (
        codeFrom(item.locationCodeableConcept, `${BB_VARIABLES}line_place_of_srvc_cd`) ??
        codeFrom(item.locationCodeableConcept, SYSTEM_PLACE_OF_SERVICE)
      )?.code ?? null,
    diagnosisSequences: numbers(item.diagnosisSequence),
    performingProvider: linePerformer(numbers(item.careTeamSequence), careTeam),
    amounts: lineAmounts(adjudicationAmounts(item.adjudication), institutional),
  }
}

function readServed(item: JsonObject, path: string, log: IssueLog): DateRange {
  if (item.servicedDate !== undefined) {
    const date = readDate(item.servicedDate, `${path}.servicedDate`, log)
    return { start: date, end: date }
  }
  return readPeriod(item.servicedPeriod, `${path}.servicedPeriod`, log)
}

/** HCPCS/CPT, or null when the line says data-absent-reason (the code sits in an extension or a coding). */
function readHcpcs(item: JsonObject, path: string, institutional: boolean, log: IssueLog): string | null {
  const codings = codingsOf(item.productOrService)
  const hcpcs = codings.find(
    (coding) => coding.system !== null && HCPCS_SYSTEMS.has(coding.system) && coding.code !== null,
  )
  if (hcpcs?.code && hcpcs.code.toUpperCase() !== 'NULL') return hcpcs.code.toUpperCase()
  const absent =
    codings.some((coding) => coding.system === SYSTEM_DATA_ABSENT) ||
    hasDataAbsentExtension(item.productOrService)
  // Revenue-centre lines legitimately carry no HCPCS; a professional line without one is worth reporting.
  if (!absent && !institutional) log.add(`${path}.productOrService`, 'missing', 'line has no HCPCS/CPT code')
  return null
}

function hasDataAbsentExtension(value: unknown): boolean {
  return asObjects(field(asObject(value), 'extension')).some(
    (extension) => extension.url === SYSTEM_DATA_ABSENT,
  )
}

function numbers(value: unknown): number[] {
  return asArray(value).flatMap((item) => {
    const number = readNumber(item)
    return number === null ? [] : [number]
  })
}

function linePerformer(sequences: number[], careTeam: CareTeamMember[]): ProviderRef | null {
  const linked = careTeam.filter(
    (member) => member.sequence !== null && sequences.includes(member.sequence) && member.npi !== null,
  )
  const performer =
    linked.find((member) => member.role === 'performing' || member.role === 'rendering') ?? linked[0]
  return performer ? { npi: performer.npi, npiValid: performer.npiValid, name: performer.name } : null
}

function lineAmounts(amounts: Map<string, Cents>, institutional: boolean): ClaimAmounts {
  const get = (name: string) => amounts.get(name) ?? null
  if (institutional) {
    return {
      submittedCents: get('rev_cntr_tot_chrg_amt'),
      allowedCents: null,
      medicarePaidCents: get('rev_cntr_pmt_amt_amt'),
      patientPaysCents:
        get('rev_cntr_ptnt_rspnsblty_pmt') ??
        sumCents([
          get('rev_cntr_cash_ddctbl_amt'),
          get('rev_cntr_coinsrnc_wge_adjstd_c'),
          get('rev_cntr_blood_ddctbl_amt'),
        ]),
    }
  }
  return {
    submittedCents: get('line_sbmtd_chrg_amt'),
    allowedCents: get('line_alowd_chrg_amt'),
    medicarePaidCents: get('line_nch_pmt_amt'),
    patientPaysCents: sumCents([get('line_coinsrnc_amt'), get('line_bene_ptb_ddctbl_amt')]),
  }
}

const INSTITUTIONAL_PATIENT_LIABILITY = [
  'nch_bene_ip_ddctbl_amt',
  'nch_bene_pta_coinsrnc_lblty_amt',
  'nch_bene_ptb_ddctbl_amt',
  'nch_bene_ptb_coinsrnc_amt',
  'nch_bene_blood_ddctbl_lblty_am',
]

/** Claim-level figures CMS states outright win; otherwise the detail lines are summed (in integer cents). */
function claimAmounts(resource: JsonObject, institutional: boolean, lines: ClaimLine[]): ClaimAmounts {
  const detail = lines.filter((line) => line.revenueCode !== TOTAL_REVENUE_CODE)
  const sumLines = (pick: (amounts: ClaimAmounts) => Cents | null) =>
    sumCents(detail.map((line) => pick(line.amounts)))
  // v2 states the claim's own sums in benefitBalance, v3 in adjudication and total under its own codes.
  const balance = benefitBalanceAmounts(resource)
  const v3 = v3ClaimAmounts(resource)
  const stated = (name: string): Cents | null => balance.get(name) ?? v3.get(name) ?? null
  const totals = totalAmounts(resource)
  const medicarePaid = moneyValue(field(resource, 'payment', 'amount'))
  if (institutional) {
    return {
      submittedCents:
        totals.get('clm_tot_chrg_amt') ??
        v3.get('clm_tot_chrg_amt') ??
        sumLines((amounts) => amounts.submittedCents),
      allowedCents: null,
      medicarePaidCents: medicarePaid ?? sumLines((amounts) => amounts.medicarePaidCents),
      // v3 has one coinsurance and one deductible where v2 splits Part A from Part B, so its claim-level
      // amounts would be counted under several of these names; a v3 claim sums its lines' share instead.
      patientPaysCents:
        sumCents(INSTITUTIONAL_PATIENT_LIABILITY.map((name) => balance.get(name) ?? null)) ??
        sumLines((amounts) => amounts.patientPaysCents),
    }
  }
  return {
    // Carrier/DME `total` holds clm_tot_chrg_amt under a "prior payer paid" category and is 0 in every
    // sample; the NCH carrier submitted/allowed sums in benefitBalance are the reliable claim totals.
    submittedCents: stated('nch_carr_clm_sbmtd_chrg_amt') ?? sumLines((amounts) => amounts.submittedCents),
    allowedCents: stated('nch_carr_clm_alowd_amt') ?? sumLines((amounts) => amounts.allowedCents),
    medicarePaidCents: medicarePaid ?? sumLines((amounts) => amounts.medicarePaidCents),
    patientPaysCents: sumLines((amounts) => amounts.patientPaysCents),
  }
}
