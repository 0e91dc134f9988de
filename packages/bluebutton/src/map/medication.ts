// Part D event (ExplanationOfBenefit type PDE) → MedicationRecord.
import {
  adjudicationAmounts,
  claimIdentifier,
  identifierValue,
  providerRef,
  readCareTeam,
  readEobType,
  readProvider,
  supportingCode,
  supportingInfo,
  supportingQuantity,
  supportingString,
  totalAmounts,
  v3ClaimAmounts,
} from './eob-common.ts'
import {
  SYSTEM_NDC,
  addDays,
  cleanDisplay,
  codeFrom,
  codingsOf,
  readDate,
  readInstant,
  readNumber,
  referenceId,
  type Coding,
} from './fhir-read.ts'
import { cleanDrugName } from './drug-name.ts'
import { IssueLog, type MappingResult } from './issues.ts'
import { asObject, asObjects, asString, field, type JsonObject } from './json.ts'
import type { MedicationAmounts, MedicationRecord, ProviderRef } from './types.ts'

export function mapMedication(input: unknown): MappingResult<MedicationRecord> {
  const log = new IssueLog()
  const resource = asObject(input)
  if (!resource || resource.resourceType !== 'ExplanationOfBenefit') {
    log.add('resourceType', 'not_a_resource', 'not an ExplanationOfBenefit')
    return { record: null, issues: log.issues }
  }
  const id = asString(resource.id)
  if (id === null) log.add('id', 'missing', 'ExplanationOfBenefit has no id')
  if (readEobType(resource) !== 'PDE') log.add('type', 'unknown_code', 'not a Part D event')
  if (id === null || readEobType(resource) !== 'PDE') return { record: null, issues: log.issues }
  return { record: buildMedication(resource, id, log), issues: log.issues }
}

function buildMedication(resource: JsonObject, id: string, log: IssueLog): MedicationRecord {
  const item = asObjects(resource.item)[0] ?? null
  if (!item) log.add('item', 'missing', 'Part D event without an item')
  const fillDate =
    readDate(item?.servicedDate, 'item[0].servicedDate', log) ??
    readDate(field(resource, 'billablePeriod', 'start'), 'billablePeriod.start', log)
  if (fillDate === null) log.add('item[0].servicedDate', 'missing', 'no fill date')
  const daysSupply = supportingQuantity(resource, 'dayssupply')
  const { ndc, name } = readDrug(item, log)
  const brandGenericCode =
    supportingCode(resource, 'brandgenericindicator') ?? supportingCode(resource, 'brandgenericcode')
  const coverage = asObject(asObjects(resource.insurance)[0]?.coverage)
  return {
    id,
    eventId: claimIdentifier(resource, 'pde_id'),
    prescriptionServiceReference:
      identifierValue(resource, 'rx_srvc_rfrnc_num') ?? supportingString(resource, 'CLM_LINE_RX_NUM'),
    patientId: referenceId(resource.patient, 'Patient'),
    ndc,
    name,
    fillDate,
    daysSupply,
    endDate:
      fillDate !== null && daysSupply !== null && daysSupply >= 1
        ? addDays(fillDate, Math.round(daysSupply) - 1)
        : null,
    quantity: readNumber(field(item, 'quantity', 'value')),
    refillNumber: supportingQuantity(resource, 'refillnum'),
    prescriber: readPrescriber(resource, log),
    pharmacy: readPharmacy(resource),
    brandGeneric: brandGenericCode === 'B' ? 'brand' : brandGenericCode === 'G' ? 'generic' : null,
    brandGenericCode,
    dispenseAsWrittenCode:
      supportingCode(resource, 'daw_prod_slctn_cd') ?? supportingCode(resource, 'dawcode'),
    compound: readCompound(resource),
    coverageStatusCode:
      supportingCode(resource, 'drug_cvrg_stus_cd') ?? supportingCode(resource, 'CLM_DRUG_CVRG_STUS_CD'),
    // v2 names the plan on the insurance's Coverage, v3 as the contract that submitted the event.
    partDContract:
      coverageExtension(coverage, 'plan_cntrct_rec_id') ?? supportingString(resource, 'CLM_SBMTR_CNTRCT_NUM'),
    partDPlanBenefitPackage:
      coverageExtension(coverage, 'plan_pbp_rec_num') ??
      supportingString(resource, 'CLM_SBMTR_CNTRCT_PBP_NUM'),
    paymentDate: readDate(field(resource, 'payment', 'date'), 'payment.date', log),
    amounts: readAmounts(resource, item),
    lastUpdated: readInstant(field(resource, 'meta', 'lastUpdated'), 'meta.lastUpdated', log),
  }
}

/**
 * v2 codes the drug on the item; v3 codes a compound's item as `compound` (CARIN Blue Button) and each
 * ingredient on a `detail`, so the first ingredient with an NDC stands for the fill.
 */
function drugCoding(item: JsonObject | null): Coding | null {
  const own = codeFrom(item?.productOrService, SYSTEM_NDC)
  if (own) return own
  for (const detail of asObjects(item?.detail)) {
    const coding = codeFrom(detail.productOrService, SYSTEM_NDC)
    if (coding) return coding
  }
  return null
}

function readDrug(item: JsonObject | null, log: IssueLog): { ndc: string | null; name: string | null } {
  const coding = drugCoding(item)
  if (!coding?.code) {
    log.add('item[0].productOrService', 'missing', 'no NDC')
    return { ndc: null, name: null }
  }
  const ndc = coding.code.replace(/[-\s]/g, '')
  if (!/^\d{11}$/.test(ndc)) log.add('item[0].productOrService', 'invalid', `NDC is not 11 digits: ${ndc}`)
  if (coding.display === null)
    log.add('item[0].productOrService.display', 'missing', 'no drug name; look the NDC up')
  return { ndc, name: cleanDrugName(coding.display) }
}

function readPrescriber(resource: JsonObject, log: IssueLog): ProviderRef | null {
  const prescriber = readCareTeam(resource, log).find((member) => member.role === 'prescribing')
  return prescriber ? providerRef(prescriber.npi, prescriber.name) : null
}

function readPharmacy(resource: JsonObject): (ProviderRef & { serviceType: string | null }) | null {
  const facility = asObject(resource.facility)
  const serviceType =
    asObjects(facility?.extension)
      .filter(
        (extension) => typeof extension.url === 'string' && extension.url.endsWith('/phrmcy_srvc_type_cd'),
      )
      .map((extension) => asString(field(extension, 'valueCoding', 'code')))
      .find((code) => code !== null) ?? null
  const npi = asString(field(facility, 'identifier', 'value'))
  const name = cleanDisplay(facility?.display)
  if (npi !== null || name !== null || serviceType !== null) return { ...providerRef(npi, name), serviceType }
  // Older data and v3 name the dispensing pharmacy only as the EOB provider; v3 states its service type in
  // supportingInfo.
  const provider = readProvider(resource, new IssueLog())
  return provider ? { ...provider, serviceType: supportingCode(resource, 'CLM_PHRMCY_SRVC_TYPE_CD') } : null
}

/** v2: RXCINV = compound invoice, RXDINV = plain dispense; v3 (NCPDP's compound code): 2 = compound, 1 = not. */
function readCompound(resource: JsonObject): boolean | null {
  const code = supportingInfo(resource, 'compoundcode').flatMap((info) => codingsOf(info.code))[0]?.code
  if (code === 'RXCINV' || code === '2') return true
  if (code === 'RXDINV' || code === '1') return false
  return null
}

function coverageExtension(coverage: JsonObject | null, name: string): string | null {
  const extension = asObjects(coverage?.extension).find(
    (candidate) => typeof candidate.url === 'string' && candidate.url.endsWith(`/${name}`),
  )
  return (
    asString(field(extension ?? null, 'valueIdentifier', 'value')) ??
    asString(field(extension ?? null, 'valueCoding', 'code'))
  )
}

function readAmounts(resource: JsonObject, item: JsonObject | null): MedicationAmounts {
  const line = adjudicationAmounts(item?.adjudication)
  // v3 states the patient's share at claim level (`total[]`), v2 on the line.
  const claim = v3ClaimAmounts(resource)
  const totals = totalAmounts(resource)
  const get = (name: string) => line.get(name) ?? claim.get(name) ?? null
  return {
    totalCostCents: get('tot_rx_cst_amt') ?? totals.get('drugcost') ?? null,
    patientPayCents: get('ptnt_pay_amt'),
    planPaidCents: get('cvrd_d_plan_pd_amt'),
    lowIncomeSubsidyCents: get('lics_amt'),
    otherTrueOutOfPocketCents: get('othr_troop_amt'),
    otherPayerReductionCents: get('plro_amt'),
    gapDiscountCents: get('rptd_gap_dscnt_num'),
  }
}
