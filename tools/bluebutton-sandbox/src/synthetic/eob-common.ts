// What the EOB builders (professional, institutional, PDE) share: the resource header (profile, identifiers,
// patient, billable period, insurer, coverage), diagnoses, supporting info, the near-line record extension,
// and the Part A/B total and payment. Each builder adds only what its claim type carries.
import type { IcdCode } from './codes/icd10.ts'
import {
  ADJUDICATION,
  BB_CODESYSTEM,
  C4BB,
  adjudication,
  bbVariable,
  coding,
  type FhirResource,
  identifierType,
  type JsonObject,
  money,
  variableExtension,
} from './fhir.ts'
import type { Rng } from './rng.ts'

export type ClaimType = 'carrier' | 'dme' | 'hha' | 'hospice' | 'inpatient' | 'outpatient' | 'pde' | 'snf'
export const CLAIM_TYPES: readonly ClaimType[] = [
  'carrier',
  'dme',
  'hha',
  'hospice',
  'inpatient',
  'outpatient',
  'pde',
  'snf',
]

// What every claim builder needs about the beneficiary and the claim.
export type ClaimInput = {
  readonly patientId: string
  readonly claimId: string
  readonly claimGroup: string
  readonly start: string
  readonly end: string
  readonly lastUpdated: string
  readonly rng: Rng
  readonly quirkRate: number
}

export type EobHeaderSpec = {
  readonly type: ClaimType
  readonly profile:
    'Professional-NonClinician' | 'Inpatient-Institutional' | 'Outpatient-Institutional' | 'Pharmacy'
  readonly nchClaimType?: readonly [code: string, display: string]
  readonly claimCategory: readonly [code: 'professional' | 'institutional' | 'pharmacy', display: string]
  readonly coveragePart: 'a' | 'b' | 'd'
  readonly idSystem: 'clm_id' | 'pde_id'
  /** Identifiers after the claim ID and the claim group, as [Blue Button variable, value]. */
  readonly moreIdentifiers?: readonly (readonly [variable: string, value: string])[]
}

const uniqueClaimId = identifierType('uc', 'Unique Claim ID')

export function eobHeader(spec: EobHeaderSpec, input: ClaimInput): FhirResource {
  const typeCoding = [
    ...(spec.nchClaimType
      ? [coding(bbVariable('nch_clm_type_cd'), spec.nchClaimType[0], spec.nchClaimType[1])]
      : []),
    coding(`${BB_CODESYSTEM}/eob-type`, spec.type.toUpperCase()),
    coding('http://terminology.hl7.org/CodeSystem/claim-type', spec.claimCategory[0], spec.claimCategory[1]),
  ]
  return {
    resourceType: 'ExplanationOfBenefit',
    id: `${spec.type}-${input.claimId}`,
    meta: {
      lastUpdated: input.lastUpdated,
      profile: [`${C4BB}/StructureDefinition/C4BB-ExplanationOfBenefit-${spec.profile}`],
    },
    identifier: [
      { type: uniqueClaimId, system: bbVariable(spec.idSystem), value: input.claimId },
      {
        type: uniqueClaimId,
        system: 'https://bluebutton.cms.gov/resources/identifier/claim-group',
        value: input.claimGroup,
      },
      ...(spec.moreIdentifiers ?? []).map(([variable, value]) => ({
        type: uniqueClaimId,
        system: bbVariable(variable),
        value,
      })),
    ],
    status: 'active',
    type: { coding: typeCoding },
    use: 'claim',
    patient: { reference: `Patient/${input.patientId}` },
    billablePeriod: { start: input.start, end: input.end },
    created: `${input.lastUpdated.slice(0, 10)}T00:00:00+00:00`,
    insurer: { identifier: { value: 'CMS' } },
    outcome: 'complete',
    insurance: [
      { focal: true, coverage: { reference: `Coverage/part-${spec.coveragePart}-${input.patientId}` } },
    ],
  }
}

// Blue Button wraps descriptions that contain a comma in literal quote characters (a CSV
// artefact seen in CMS's own responses); keep the quirk so clients learn to strip them.
function quirkyDisplay(display: string | undefined): string | undefined {
  return display !== undefined && display.includes(',') ? `"${display}"` : display
}

export type DiagnosisRole = 'principal' | 'admitting' | 'secondary' | 'other'

export function diagnosisEntry(sequence: number, icd: IcdCode, role: DiagnosisRole): JsonObject {
  const display = quirkyDisplay(icd.display)
  const typeCoding =
    role === 'secondary'
      ? coding(`${C4BB}/CodeSystem/C4BBClaimDiagnosisType`, 'secondary', 'Secondary')
      : coding(
          'http://terminology.hl7.org/CodeSystem/ex-diagnosistype',
          role,
          role === 'principal' ? 'principal' : role === 'admitting' ? 'Admitting Diagnosis' : 'Other',
        )
  return {
    sequence,
    diagnosisCodeableConcept: {
      coding: [
        coding('http://hl7.org/fhir/sid/icd-10-cm', icd.code, display),
        coding('http://hl7.org/fhir/sid/icd-10', icd.code, display),
      ],
    },
    type: [{ coding: [typeCoding] }],
  }
}

export function hcpcsProduct(code: string | undefined): JsonObject {
  if (code === undefined) {
    const absent = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason'
    return {
      extension: [{ url: absent, valueCoding: coding(absent, 'NULL', 'Data Absent Reason') }],
      coding: [coding(absent, 'NULL')],
    }
  }
  return { coding: [coding(`${BB_CODESYSTEM}/hcpcs`, code)] }
}

/** A supportingInfo entry of a C4BB category; `value` holds its code, timing or quantity. */
export function supportingInfo(
  sequence: number,
  code: string,
  display: string,
  value: JsonObject,
): JsonObject {
  return {
    sequence,
    category: { coding: [coding(`${C4BB}/CodeSystem/C4BBSupportingInfoType`, code, display)] },
    ...value,
  }
}

export function receivedDate(sequence: number, date: string): JsonObject {
  return {
    sequence,
    category: {
      coding: [
        coding(`${C4BB}/CodeSystem/C4BBSupportingInfoType`, 'clmrecvddate', 'Claim Received Date'),
        coding(
          `${BB_CODESYSTEM}/information`,
          bbVariable('nch_wkly_proc_dt'),
          'NCH Weekly Claim Processing Date',
        ),
      ],
    },
    timingDate: date,
  }
}

export function infoCode(
  sequence: number,
  variable: string,
  variableDisplay: string,
  code: string,
  display?: string,
): JsonObject {
  return {
    sequence,
    category: {
      coding: [
        coding('http://terminology.hl7.org/CodeSystem/claiminformationcategory', 'info', 'Information'),
        coding(`${BB_CODESYSTEM}/information`, bbVariable(variable), variableDisplay),
      ],
    },
    code: { coding: [coding(bbVariable(variable), code, display)] },
  }
}

export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export const round2 = (n: number): number => Math.round(n * 100) / 100

/** The sum of line amounts, added in order and rounded to the cent. */
export const sumAmounts = (amounts: readonly number[]): number =>
  round2(amounts.reduce((sum, amount) => sum + amount, 0))

/** Which NCH record a Part A or Part B claim comes from (`nch_near_line_rec_ident_cd`). */
const NEAR_LINE_RECORDS = {
  M: 'Part B DMEPOS claim record (processed by DME Regional Carrier)',
  O: 'Part B physician/supplier claim record (processed by local carriers; can include DMEPOS services)',
  V: 'Part A institutional claim record (inpatient [IP], skilled nursing facility [SNF], hospice [HOS], or home health agency [HHA])',
  W: 'Part B institutional claim record (outpatient [HOP], HHA)',
} as const
export type NearLineRecord = keyof typeof NEAR_LINE_RECORDS

export const nearLineRecord = (code: NearLineRecord): JsonObject =>
  variableExtension('nch_near_line_rec_ident_cd', code, NEAR_LINE_RECORDS[code])

/** Total and payment of a Part A or Part B claim: what the provider charged, what Medicare paid. */
export function claimTotals(charged: number, paid: number): { total: JsonObject[]; payment: JsonObject } {
  return {
    total: [adjudication(ADJUDICATION.submitted, ['clm_tot_chrg_amt', 'Claim Total Charge Amount'], charged)],
    payment: { amount: money(paid) },
  }
}
