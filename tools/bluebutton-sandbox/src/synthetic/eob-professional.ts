import type { IcdCode } from './codes/icd10.ts'
import {
  type ClaimInput,
  addDays,
  claimTotals,
  diagnosisEntry,
  eobHeader,
  hcpcsProduct,
  nearLineRecord,
  receivedDate,
  round2,
  sumAmounts,
} from './eob-common.ts'
import {
  ADJUDICATION,
  adjudication,
  bbVariable,
  careTeamMember,
  coding,
  type FhirResource,
  type JsonObject,
  money,
  variableCoding,
  variableExtension,
  variableIdentifierExtension,
} from './fhir.ts'

export type Place = readonly [code: string, display: string]
export const PLACES = {
  office: ['11', 'Office'],
  home: ['12', 'Home'],
  inpatient: ['21', 'Inpatient Hospital'],
  outpatient: ['22', 'On Campus-Outpatient Hospital'],
  emergency: ['23', 'Emergency Room - Hospital'],
  nursingFacility: ['31', 'Skilled Nursing Facility'],
  dialysis: ['65', 'End-Stage Renal Disease Treatment Facility'],
  lab: ['81', 'Independent Laboratory'],
} as const satisfies Record<string, Place>

export type ProfessionalLine = {
  readonly code: string | undefined
  readonly quantity: number
  readonly submitted: number
}

export type ProfessionalClaim = {
  readonly kind: 'carrier' | 'dme'
  readonly diagnoses: readonly IcdCode[]
  readonly lines: readonly ProfessionalLine[]
  readonly place: Place
  readonly billingNpi: string
  readonly performingNpi: string | undefined
  readonly specialty: readonly [code: string, display: string]
}

function lineAdjudications(submitted: number): { list: JsonObject[]; paid: number; allowed: number } {
  const allowed = round2(submitted * 0.42)
  const paid = round2(allowed * 0.8)
  const coinsurance = round2(allowed - paid)
  const list = [
    adjudication(ADJUDICATION.benefit, ['line_nch_pmt_amt', 'Line NCH Medicare Payment Amount'], paid),
    adjudication(ADJUDICATION.paidtopatient, ['line_bene_pmt_amt', 'Line Payment Amount to Beneficiary'], 0),
    adjudication(ADJUDICATION.paidtoprovider, ['line_prvdr_pmt_amt', 'Line Provider Payment Amount'], paid),
    adjudication(
      ADJUDICATION.deductible,
      ['line_bene_ptb_ddctbl_amt', 'Line Beneficiary Part B Deductible Amount'],
      0,
    ),
    adjudication(
      ADJUDICATION.priorpayerpaid,
      ['line_bene_prmry_pyr_pd_amt', 'Line Primary Payer (if not Medicare) Paid Amount'],
      0,
    ),
    adjudication(
      ADJUDICATION.coinsurance,
      ['line_coinsrnc_amt', 'Line Beneficiary Coinsurance Amount'],
      coinsurance,
    ),
    adjudication(ADJUDICATION.submitted, ['line_sbmtd_chrg_amt', 'Line Submitted Charge Amount'], submitted),
    adjudication(ADJUDICATION.eligible, ['line_alowd_chrg_amt', 'Line Allowed Charge Amount'], allowed),
  ]
  return { list, paid, allowed }
}

function professionalItem(
  index: number,
  line: ProfessionalLine,
  claim: ProfessionalClaim,
  input: ClaimInput,
): { item: JsonObject; paid: number; allowed: number } {
  const adj = lineAdjudications(line.submitted)
  const item: JsonObject = {
    extension: [variableExtension('line_prcsg_ind_cd', 'A', 'Allowed')],
    sequence: index + 1,
    careTeamSequence: [1],
    diagnosisSequence: [Math.min(index + 1, claim.diagnoses.length)],
    category: {
      coding: [
        variableCoding(
          'line_cms_type_srvc_cd',
          claim.kind === 'dme' ? 'P' : '1',
          claim.kind === 'dme' ? 'Lump sum purchase of DME, prosthetics orthotics' : 'Medical care',
        ),
      ],
    },
    productOrService: hcpcsProduct(line.code),
    servicedPeriod: { start: input.start, end: input.end },
    locationCodeableConcept: {
      coding: [variableCoding('line_place_of_srvc_cd', claim.place[0], claim.place[1])],
    },
    quantity: { value: line.quantity },
    adjudication: adj.list,
  }
  return { item, paid: adj.paid, allowed: adj.allowed }
}

// The carrier claim's submitted and allowed sums, as Blue Button reports them in benefitBalance.
function carrierBalance(variable: string, display: string, amount: number): JsonObject {
  return {
    type: {
      coding: [
        coding(
          'https://bluebutton.cms.gov/resources/codesystem/benefit-balance',
          bbVariable(variable),
          display,
        ),
      ],
    },
    usedMoney: money(amount),
  }
}

// CARRIER (Part B physician/supplier) and DME claims share the professional C4BB profile.
export function professionalEob(claim: ProfessionalClaim, input: ClaimInput): FhirResource {
  const isDme = claim.kind === 'dme'
  const header = eobHeader(
    {
      type: claim.kind,
      profile: 'Professional-NonClinician',
      nchClaimType: isDme
        ? ['82', 'DMEPOS claim']
        : [
            '71',
            'Local carrier non-durable medical equipment, prosthetics, orthotics, and supplies (DMEPOS) claim',
          ],
      claimCategory: ['professional', 'Professional'],
      coveragePart: 'b',
      idSystem: 'clm_id',
    },
    input,
  )
  const items = claim.lines.map((line, i) => professionalItem(i, line, claim, input))
  const paid = sumAmounts(items.map((i) => i.paid))
  const allowed = sumAmounts(items.map((i) => i.allowed))
  const submitted = sumAmounts(claim.lines.map((l) => l.submitted))
  const performer = careTeamMember(1, claim.performingNpi, 'performing', 'Performing provider')
  return {
    ...header,
    extension: [
      nearLineRecord(isDme ? 'M' : 'O'),
      variableIdentifierExtension('carr_num', isDme ? '17003' : '00510'),
      variableExtension('carr_clm_pmt_dnl_cd', '1', 'Physician/supplier'),
      variableExtension('asgmntcd', 'A', 'Assigned claim'),
    ],
    provider: { identifier: { system: bbVariable('carr_clm_blg_npi_num'), value: claim.billingNpi } },
    disposition: '1',
    careTeam: [
      {
        ...performer,
        responsible: true,
        qualification: { coding: [variableCoding('prvdr_spclty', claim.specialty[0], claim.specialty[1])] },
      },
      {
        ...careTeamMember(2, claim.billingNpi, 'primary', 'Primary provider'),
        role: {
          coding: [
            coding('http://terminology.hl7.org/CodeSystem/claimcareteamrole', 'primary', 'Primary provider'),
          ],
        },
      },
    ],
    supportingInfo: [receivedDate(1, addDays(input.end, 7))],
    diagnosis: claim.diagnoses.map((icd, i) =>
      diagnosisEntry(i + 1, icd, i === 0 ? 'principal' : 'secondary'),
    ),
    item: items.map((i) => i.item),
    ...claimTotals(submitted, paid),
    benefitBalance: [
      {
        category: {
          coding: [coding('http://terminology.hl7.org/CodeSystem/ex-benefitcategory', '1', 'Medical Care')],
        },
        financial: [
          carrierBalance(
            'nch_carr_clm_sbmtd_chrg_amt',
            'NCH Carrier Claim Submitted Charge Amount (sum of all line-level submitted charges)',
            submitted,
          ),
          carrierBalance(
            'nch_carr_clm_alowd_amt',
            'NCH Carrier Claim Allowed Charge Amount (sum of all line-level allowed charges)',
            allowed,
          ),
        ],
      },
    ],
  }
}
