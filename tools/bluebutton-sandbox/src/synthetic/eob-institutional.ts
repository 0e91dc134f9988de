import type { IcdCode } from './codes/icd10.ts'
import {
  type ClaimInput,
  addDays,
  claimTotals,
  diagnosisEntry,
  eobHeader,
  hcpcsProduct,
  infoCode,
  type NearLineRecord,
  nearLineRecord,
  receivedDate,
  round2,
  sumAmounts,
  supportingInfo,
} from './eob-common.ts'
import {
  ADJUDICATION,
  C4BB,
  US_NPI,
  adjudication,
  bbVariable,
  careTeamMember,
  coding,
  type FhirResource,
  identifierType,
  type JsonObject,
  variableExtension,
  variableIdentifierExtension,
} from './fhir.ts'

export type InstitutionalKind = 'outpatient' | 'inpatient' | 'snf' | 'hha' | 'hospice'

export type RevenueLine = {
  readonly revenueCenter: string
  readonly hcpcs: string | undefined
  readonly units: number
  readonly charge: number
}

export type InstitutionalClaim = {
  readonly kind: InstitutionalKind
  readonly diagnoses: readonly IcdCode[]
  readonly lines: readonly RevenueLine[]
  readonly facilityNpi: string
  readonly facilityName: string
  readonly ccn: string
  readonly attendingNpi: string | undefined
  readonly drg?: string
}

const SPEC: Record<
  InstitutionalKind,
  {
    nch: readonly [string, string]
    profile: 'Inpatient-Institutional' | 'Outpatient-Institutional'
    part: 'a' | 'b'
    nearLine: NearLineRecord
  }
> = {
  outpatient: {
    nch: ['40', 'Hospital outpatient claim'],
    profile: 'Outpatient-Institutional',
    part: 'b',
    nearLine: 'W',
  },
  inpatient: { nch: ['60', 'Inpatient claim'], profile: 'Inpatient-Institutional', part: 'a', nearLine: 'V' },
  snf: {
    nch: ['20', 'Non swing bed Skilled Nursing Facility (SNF) claim'],
    profile: 'Inpatient-Institutional',
    part: 'a',
    nearLine: 'V',
  },
  hha: { nch: ['10', 'HHA claim'], profile: 'Outpatient-Institutional', part: 'a', nearLine: 'W' },
  hospice: { nch: ['50', 'Hospice claim'], profile: 'Inpatient-Institutional', part: 'a', nearLine: 'V' },
}

function revenueItem(
  index: number,
  line: RevenueLine,
  input: ClaimInput,
): { item: JsonObject; paid: number } {
  const paid = round2(line.charge * 0.35)
  const patient = round2(line.charge * 0.05)
  return {
    paid,
    item: {
      sequence: index + 1,
      careTeamSequence: [1],
      revenue: {
        coding: [
          coding(bbVariable('rev_cntr'), line.revenueCenter),
          coding('https://www.nubc.org/CodeSystem/RevenueCodes', line.revenueCenter),
        ],
      },
      productOrService: hcpcsProduct(line.hcpcs),
      servicedDate: input.start,
      quantity: { value: line.units },
      adjudication: [
        adjudication(
          ADJUDICATION.submitted,
          ['rev_cntr_tot_chrg_amt', 'Revenue Center Total Charge Amount'],
          line.charge,
        ),
        adjudication(
          ADJUDICATION.noncovered,
          ['rev_cntr_ncvrd_chrg_amt', 'Revenue Center Non-Covered Charge Amount'],
          0,
        ),
        adjudication(
          ADJUDICATION.deductible,
          ['rev_cntr_cash_ddctbl_amt', 'Revenue Center Cash Deductible Amount'],
          0,
        ),
        adjudication(
          ADJUDICATION.paidbypatient,
          ['rev_cntr_ptnt_rspnsblty_pmt', 'Revenue Center Patient Responsibility Payment Amount'],
          patient,
        ),
        adjudication(
          ADJUDICATION.paidtoprovider,
          ['rev_cntr_prvdr_pmt_amt', 'Revenue Center (Medicare) Provider Payment Amount'],
          paid,
        ),
        adjudication(
          ADJUDICATION.benefit,
          ['rev_cntr_pmt_amt_amt', 'Revenue Center Payment Amount Amount'],
          paid,
        ),
      ],
    },
  }
}

// Type of bill = facility type + service classification + frequency, e.g. 131 (hospital outpatient).
const BILL_TYPE: Record<
  InstitutionalKind,
  readonly [facility: string, facilityDisplay: string, classification: string]
> = {
  outpatient: ['1', 'Hospital', '3'],
  inpatient: ['1', 'Hospital', '1'],
  snf: ['2', 'Skilled nursing facility (SNF)', '1'],
  hha: ['3', 'Home health agency (HHA)', '2'],
  hospice: ['8', 'Special facility or Ambulatory Surgical Center (ASC) surgery', '1'],
}

function stayInfo(claim: InstitutionalClaim, input: ClaimInput): JsonObject[] {
  const typeOfBill = supportingInfo(2, 'typeofbill', 'Type of Bill', {
    code: { coding: [coding(bbVariable('clm_freq_cd'), '1', 'Admit thru discharge claim')] },
  })
  const info: JsonObject[] = [receivedDate(1, addDays(input.end, 9)), typeOfBill]
  if (claim.kind === 'outpatient' || claim.kind === 'hha') return info
  info.push(
    supportingInfo(3, 'admissionperiod', 'Admission Period', {
      timingPeriod: { start: input.start, end: input.end },
    }),
  )
  if (claim.drg !== undefined)
    info.push(infoCode(4, 'clm_drg_cd', 'Claim Diagnosis Related Group Code (or MS-DRG Code)', claim.drg))
  return info
}

function diagnosisList(claim: InstitutionalClaim): JsonObject[] {
  const admitting =
    claim.kind === 'inpatient' && claim.diagnoses[0] !== undefined
      ? [diagnosisEntry(1, claim.diagnoses[0], 'admitting')]
      : []
  const rest = claim.diagnoses.map((icd, i) => {
    const entry = diagnosisEntry(admitting.length + i + 1, icd, i === 0 ? 'principal' : 'other')
    return claim.kind === 'inpatient'
      ? {
          extension: [
            variableExtension(
              `clm_poa_ind_sw${i + 1}`,
              'Y',
              'Diagnosis was present at the time of admission (POA)',
            ),
          ],
          ...entry,
        }
      : entry
  })
  return [...admitting, ...rest]
}

// Outpatient, inpatient, SNF, HHA and hospice claims: facility in a contained Organization,
// revenue-centre lines, and the stay period in supportingInfo.
export function institutionalEob(claim: InstitutionalClaim, input: ClaimInput): FhirResource {
  const spec = SPEC[claim.kind]
  const header = eobHeader(
    {
      type: claim.kind,
      profile: spec.profile,
      nchClaimType: spec.nch,
      claimCategory: ['institutional', 'Institutional'],
      coveragePart: spec.part,
      idSystem: 'clm_id',
    },
    input,
  )
  const items = claim.lines.map((line, i) => revenueItem(i, line, input))
  const charge = sumAmounts(claim.lines.map((l) => l.charge))
  const paid = sumAmounts(items.map((i) => i.paid))
  return {
    ...header,
    contained: [
      {
        resourceType: 'Organization',
        id: 'provider-org',
        meta: { profile: [`${C4BB}/StructureDefinition/C4BB-Organization`] },
        identifier: [
          {
            type: { coding: [coding('http://terminology.hl7.org/CodeSystem/v2-0203', 'PRN')] },
            value: claim.ccn,
          },
          { type: identifierType('npi'), system: US_NPI, value: claim.facilityNpi },
        ],
        active: true,
        name: claim.facilityName,
      },
    ],
    extension: [
      nearLineRecord(spec.nearLine),
      variableExtension('clm_srvc_clsfctn_type_cd', BILL_TYPE[claim.kind][2]),
      variableIdentifierExtension('fi_doc_clm_cntl_num', `-${input.claimId.slice(-9)}`),
    ],
    provider: { reference: '#provider-org' },
    facility: {
      extension: [variableExtension('clm_fac_type_cd', BILL_TYPE[claim.kind][0], BILL_TYPE[claim.kind][1])],
    },
    careTeam: [careTeamMember(1, claim.attendingNpi, 'attending', 'Attending')],
    supportingInfo: stayInfo(claim, input),
    diagnosis: diagnosisList(claim),
    item: items.map((i) => i.item),
    ...claimTotals(charge, paid),
  }
}
