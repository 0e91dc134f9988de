// Public input and result types. Results are plain JSON (numbers, strings, arrays, objects; no Maps,
// Dates or undefined) so they can be stored in a jsonb column and rendered by the web app as-is.
import type { ModelVersion, PaymentYear, TermKind } from './model-data.ts'

export type { ModelVersion, PaymentYear, TermKind } from './model-data.ts'

export type Sex = 'F' | 'M'

export type CommunitySegment = 'CNA' | 'CND' | 'CFA' | 'CFD' | 'CPA' | 'CPD'
export type NewEnrolleeSegment = `${'NE' | 'SNPNE'}_${'MCAID' | 'NMCAID'}_${'ORIGDIS' | 'NORIGDIS'}`
export type Segment = CommunitySegment | 'INS' | NewEnrolleeSegment

/** Where a diagnosis came from (filled in when scoring from claims). */
export interface DiagnosisSource {
  claimId: string
  claimType: string
  /** ISO date (YYYY-MM-DD) or null when the claim carries none. */
  from: string | null
  through: string | null
}

/** Demographics and diagnoses for one beneficiary. Unknown inputs get CMS's defaults (resolve.ts), recorded in the result. */
export interface BeneficiaryInput {
  sex: Sex
  /** Age in whole years on 1 February of the payment year. Either age or birthDate is required. */
  age?: number | null
  /** ISO birth date (YYYY-MM-DD); the engine computes the age on 1 February of the payment year. */
  birthDate?: string | null
  /** Original reason for entitlement: '0' age, '1' disability, '2' ESRD, '3' disability + ESRD. */
  orec?: string | null
  /** CMS dual status code ('00'-'10', 'NA', 'AA'...); full-benefit 02/04/08, partial 01/03/05/06. */
  dual?: string | null
  /** Long-term institutional (90+ days in a nursing facility). Not in Blue Button. */
  lti?: boolean | null
  /** New enrollee: fewer than 12 months of Part B in the data-collection year. */
  newEnrollee?: boolean | null
  /** Chronic-condition SNP enrollee (new enrollees then use the SNPNE cells). Not in Blue Button. */
  snp?: boolean | null
  /** ESRD status (ms_cd 11/21/31, esrd_ind). ESRD beneficiaries need the ESRD models, not covered here. */
  esrd?: boolean | null
  /** Months of the data-collection year enrolled in Medicare Advantage (no FFS claims for them). */
  maMonths?: number | null
  /** ICD-10-CM codes; dots optional, any case. Codes that map to no CC are ignored. */
  diagnoses: readonly string[]
  /** Optional provenance per normalised code, echoed into the explanation. */
  diagnosisSources?: Readonly<Record<string, readonly DiagnosisSource[]>>
}

export interface ScoreOptions {
  model: ModelVersion
  paymentYear: PaymentYear
}

export interface DiagnosisEvidence {
  /** Normalised ICD-10-CM code (upper case, no dot). */
  code: string
  sources: DiagnosisSource[]
  /** Set when an age/sex edit changed what this code maps to. */
  edit: string | null
}

export interface HccExplanation {
  /** Variable name, e.g. 'HCC38'. */
  hcc: string
  number: number
  label: string
  /** Relative factor in the beneficiary's segment (0 for new enrollees). */
  coefficient: number
  diagnoses: DiagnosisEvidence[]
  /** HCCs present in the diagnoses that this HCC removed by hierarchy. */
  dropped: string[]
}

export interface DroppedHcc {
  hcc: string
  number: number
  label: string
  /** Payment HCCs (or rule) that removed it. */
  droppedBy: string[]
  diagnoses: DiagnosisEvidence[]
}

export interface ScoreTerm {
  variable: string
  label: string
  kind: TermKind
  coefficient: number
}

export interface EditedDiagnosis {
  code: string
  rule: string
  /** The CC the code maps to after the edit, or null when the edit removed it. */
  cc: number | null
}

/** One model's score for one beneficiary and payment year. */
export interface ModelScore {
  model: ModelVersion
  paymentYear: PaymentYear
  segment: Segment
  segmentLabel: string
  age: number
  sex: Sex
  disabled: boolean
  originallyDisabled: boolean
  medicaid: boolean
  /** Sum of the terms' coefficients, exact to 3 decimals. */
  rawScore: number
  /** round3(raw / normalization factor) when the model is in the payment year's blend, else null. */
  normalizationFactor: number | null
  normalizedScore: number | null
  /** Payment HCCs after the hierarchy, ascending. */
  hccs: HccExplanation[]
  droppedByHierarchy: DroppedHcc[]
  /** Every term that carries a coefficient in the segment (HCCs and the count variable always listed). */
  terms: ScoreTerm[]
  paymentHccCount: number
  /** Normalised codes that map to no CC in this model and year. */
  unmappedDiagnoses: string[]
  editedDiagnoses: EditedDiagnosis[]
  mappingTable: string
  warnings: string[]
}

export type DefaultableInput = 'orec' | 'dual' | 'lti' | 'newEnrollee' | 'snp' | 'esrd' | 'maMonths'

export interface DefaultedInput {
  input: DefaultableInput
  value: string | boolean | number | null
  reason: string
}

export interface Completeness {
  /** complete: FFS all year; incomplete: some MA months; unknown: MA months not given. */
  status: 'complete' | 'incomplete' | 'unknown'
  maMonths: number | null
  note: string
}

export interface BlendComponent {
  model: ModelVersion
  /** Blend weight in percent (e.g. 67). */
  weightPercent: number
  normalizationFactor: number
  rawScore: number
  normalizedScore: number
}

export interface ExcludedClaim {
  claimId: string
  claimType: string
  reason: string
}

export interface ClaimsSummary {
  collectionYear: number
  claimsSeen: number
  claimsKept: string[]
  claimsExcluded: ExcludedClaim[]
  diagnoses: DiagnosisEvidence[]
}

/** The stored, JSON-serialisable result for one beneficiary and payment year (jsonb). */
export interface RiskScoreResult {
  schemaVersion: 1
  engine: string
  paymentYear: PaymentYear
  dataCollectionYear: number
  /** Inputs after defaults were applied. */
  beneficiary: {
    age: number
    sex: Sex
    orec: string
    dual: string
    medicaid: boolean
    lti: boolean
    newEnrollee: boolean
    snp: boolean
  }
  defaulted: DefaultedInput[]
  completeness: Completeness
  /** One score per model in the payment year's blend. */
  models: ModelScore[]
  blend: BlendComponent[]
  blendedScore: number
  maCodingAdjustment: number
  /** round3(blend x (1 - MA coding adjustment)), Part C, before any plan-level factors. */
  paymentScore: number
  claims: ClaimsSummary | null
  notes: string[]
}

/** Claim as mapped from Blue Button (the bluebutton package produces structurally compatible objects). */
export interface RiskAdjustmentClaim {
  id: string
  claimType: 'CARRIER' | 'DME' | 'HHA' | 'HOSPICE' | 'INPATIENT' | 'OUTPATIENT' | 'SNF' | 'PDE'
  typeOfBill: string | null
  billablePeriod: { start: string | null; end: string | null }
  diagnoses: Array<{ code: string; system: 'icd10' | 'icd9' | 'other'; roles: string[] }>
  lines: Array<{
    hcpcs: string | null
    modifiers: string[]
    serviceStart: string | null
    serviceEnd: string | null
  }>
}
