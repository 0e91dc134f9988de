// Plain typed records the mappers produce. camelCase, ISO dates (YYYY-MM-DD), money in integer cents.
import type { MappingIssue } from './issues.ts'
import type { Cents } from './money.ts'

export type Gender = 'male' | 'female' | 'other' | 'unknown'

export interface DateRange {
  start: string | null
  end: string | null
}

export interface HumanName {
  use: string | null
  family: string | null
  given: string[]
}

export interface PatientRecord {
  id: string
  names: HumanName[]
  /** From the first name (`usual` preferred). */
  firstName: string | null
  /** Second and later given names (CMS puts the middle initial there). */
  middleNames: string[]
  lastName: string | null
  birthDate: string | null
  gender: Gender | null
  deceasedDate: string | null
  /** Current Medicare Beneficiary Identifier. */
  mbi: string | null
  historicMbis: string[]
  /** CCW beneficiary id (`bene_id`). */
  beneId: string | null
  /** Opaque: SSA numeric code ("05") in sandbox data, USPS code in BFD data. Blue Button never sends street or city. */
  state: string | null
  postalCode: string | null
  race: string | null
  referenceYear: string | null
  /** Medicaid dual status code by month, index 0 = January (`dual_01`). */
  dualStatusByMonth: Array<string | null>
  lastUpdated: string | null
}

export type MedicarePart = 'A' | 'B' | 'C' | 'D'

export interface CoverageRecord {
  id: string
  part: MedicarePart | null
  /**
   * How the resource states enrolment over time: v2 month by month for a reference year, v3 once per Coverage
   * over its `period` (the months are derived from it). Records stored before this field read as v2.
   */
  apiVersion?: 'v2' | 'v3'
  status: string | null
  period: DateRange
  /** Coverage.subscriberId, which is the MBI. */
  subscriberId: string | null
  beneficiaryId: string | null
  medicareStatusCode: string | null
  /** Original reason for entitlement (0 old age, 1 disability, 2 ESRD, 3 both). */
  orec: string | null
  /** Current reason for entitlement. */
  crec: string | null
  /** true for esrd_ind 'Y', false for '0'/'N', null when absent or unknown. */
  esrd: boolean | null
  esrdIndicator: string | null
  partATerminationCode: string | null
  partBTerminationCode: string | null
  referenceYear: string | null
  /** Twelve entries each, index 0 = January. */
  monthly: CoverageMonthly
  lastUpdated: string | null
}

export interface CoverageMonthly {
  dualStatus: Array<string | null>
  buyIn: Array<string | null>
  partCContract: Array<string | null>
  partCPlanBenefitPackage: Array<string | null>
  partCPlanType: Array<string | null>
  hmoIndicator: Array<string | null>
  partDContract: Array<string | null>
  partDPlanBenefitPackage: Array<string | null>
  partDSegment: Array<string | null>
  costShareGroup: Array<string | null>
  retireeDrugSubsidy: Array<string | null>
}

export interface CoverageSummary {
  parts: Record<MedicarePart, { enrolled: boolean; status: string | null; period: DateRange }>
  orec: string | null
  crec: string | null
  esrd: boolean | null
  /** Medicare status code (`ms_cd`): 10 aged, 11 aged with ESRD, 20 disabled, 21 disabled with ESRD, 31 ESRD. */
  medicareStatusCode: string | null
  /** Month numbers 1–12 of the reference year with Medicare Advantage (Part C) enrolment. */
  medicareAdvantageMonths: number[]
  /** Distinct Part D contract ids seen across the year. */
  partDContracts: string[]
  referenceYear: string | null
  dualStatusByMonth: Array<string | null>
}

export type ClaimType = 'CARRIER' | 'DME' | 'HHA' | 'HOSPICE' | 'INPATIENT' | 'OUTPATIENT' | 'SNF'
export type ExplanationOfBenefitType = ClaimType | 'PDE'

export type DiagnosisSystem = 'icd10' | 'icd9' | 'other'

export interface ClaimDiagnosis {
  sequence: number | null
  /** Upper-case, no dots, e.g. "M5450". */
  code: string
  system: DiagnosisSystem
  display: string | null
  /** e.g. principal, admitting, secondary, other, externalcauseofinjury, patientreasonforvisit. */
  roles: string[]
}

export interface ClaimProcedure {
  sequence: number | null
  code: string
  system: 'icd10pcs' | 'icd9' | 'other'
  display: string | null
  date: string | null
}

export interface ProviderRef {
  npi: string | null
  /** false for dummy values such as 999999999999999 or a failed check digit. */
  npiValid: boolean
  name: string | null
}

export interface CareTeamMember extends ProviderRef {
  sequence: number | null
  role: string | null
  specialty: string | null
}

export interface ClaimAmounts {
  submittedCents: Cents | null
  allowedCents: Cents | null
  medicarePaidCents: Cents | null
  patientPaysCents: Cents | null
}

export interface ClaimLine {
  sequence: number | null
  /** HCPCS or CPT; null when Blue Button sends a data-absent-reason code. */
  hcpcs: string | null
  modifiers: string[]
  revenueCode: string | null
  serviceStart: string | null
  serviceEnd: string | null
  units: number | null
  placeOfService: string | null
  diagnosisSequences: number[]
  /** First performing/rendering care-team member linked to the line. */
  performingProvider: ProviderRef | null
  amounts: ClaimAmounts
}

export interface ClaimRecord {
  id: string
  claimType: ClaimType
  /** CMS clm_id. */
  claimId: string | null
  patientId: string | null
  /** NCH claim type code, e.g. 71 carrier, 40 outpatient, 60 inpatient. */
  nchClaimTypeCode: string | null
  /** Institutional bill type as CMS gives it (facility type + service classification + frequency), e.g. "131". */
  typeOfBill: string | null
  billablePeriod: DateRange
  admissionPeriod: DateRange | null
  drg: string | null
  diagnoses: ClaimDiagnosis[]
  procedures: ClaimProcedure[]
  lines: ClaimLine[]
  /** Billing provider (carrier/DME) or facility organisation (institutional). */
  provider: ProviderRef | null
  careTeam: CareTeamMember[]
  amounts: ClaimAmounts
  lastUpdated: string | null
}

export interface MedicationAmounts {
  totalCostCents: Cents | null
  patientPayCents: Cents | null
  planPaidCents: Cents | null
  lowIncomeSubsidyCents: Cents | null
  otherTrueOutOfPocketCents: Cents | null
  otherPayerReductionCents: Cents | null
  gapDiscountCents: Cents | null
}

export interface MedicationRecord {
  id: string
  /** Part D event id (`pde_id`). */
  eventId: string | null
  prescriptionServiceReference: string | null
  patientId: string | null
  /** 11 digits, no dashes. */
  ndc: string | null
  /** The NDC coding's display when Blue Button gives one ("Gabapentin - GABAPENTIN"); else null (look the NDC up). */
  name: string | null
  fillDate: string | null
  daysSupply: number | null
  /** fillDate + daysSupply − 1. */
  endDate: string | null
  quantity: number | null
  refillNumber: number | null
  prescriber: ProviderRef | null
  pharmacy: (ProviderRef & { serviceType: string | null }) | null
  brandGeneric: 'brand' | 'generic' | null
  brandGenericCode: string | null
  dispenseAsWrittenCode: string | null
  compound: boolean | null
  coverageStatusCode: string | null
  partDContract: string | null
  partDPlanBenefitPackage: string | null
  paymentDate: string | null
  amounts: MedicationAmounts
  lastUpdated: string | null
}

export type MappedExplanationOfBenefit =
  | { kind: 'claim'; record: ClaimRecord; issues: MappingIssue[] }
  | { kind: 'medication'; record: MedicationRecord; issues: MappingIssue[] }
  | { kind: 'unmapped'; record: null; issues: MappingIssue[] }
