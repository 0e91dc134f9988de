// Medicare data as served to staff ('Claim', 'Risk score'; GET .../data/).
// Fields that clients know by two names (name/drug_name, service/procedure, service_date/date, id/claim_id) are all
// filled so every client reading either name works. Money is integer cents.
import { z } from 'zod'
import { dataLimitationSchema } from '../shared/data-limitations.ts'

const cents = z.number().int().nullable()

export const medicationSchema = z.object({
  id: z.string(),
  ndc: z.string().nullable(),
  name: z.string().nullable(),
  drug_name: z.string().nullable(),
  dosage: z.string().nullable(),
  strength: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  days_supply: z.number().int().nullable(),
  quantity: z.string().nullable(),
  refill_number: z.number().int().nullable(),
  prescribing_provider: z.string().nullable(),
  prescriber_npi: z.string().nullable(),
  pharmacy: z.string().nullable(),
  brand_generic: z.string().nullable(),
  total_cost_cents: cents,
  patient_pay_cents: cents,
  plan_paid_cents: cents,
})
export type Medication = z.infer<typeof medicationSchema>

// Words the server puts beside codes, from public code tables (CDC's ICD-10-CM; CMS's own names for visit
// families). Optional so that payloads from before they existed still parse; null when no public words exist.
const codeWords = z.string().nullable().optional()
/** CPT (Level I, the AMA's) or HCPCS Level II; null for a code that is neither. */
const serviceCodeSet = z.enum(['CPT', 'HCPCS']).nullable().optional()

export const claimDiagnosisSchema = z.object({
  sequence: z.number().int(),
  code: z.string(),
  system: z.string(),
  roles: z.array(z.string()),
  description: codeWords,
})

export const claimLineSchema = z.object({
  sequence: z.number().int(),
  hcpcs: z.string().nullable(),
  code_set: serviceCodeSet,
  description: codeWords,
  modifiers: z.array(z.string()),
  service_start: z.string().nullable(),
  service_end: z.string().nullable(),
  quantity: z.string().nullable(),
  place_of_service: z.string().nullable(),
  provider_npi: z.string().nullable(),
  submitted_cents: cents,
  allowed_cents: cents,
  medicare_paid_cents: cents,
})

export const CLAIM_TYPES = ['CARRIER', 'DME', 'HHA', 'HOSPICE', 'INPATIENT', 'OUTPATIENT', 'SNF'] as const
export const claimTypeSchema = z.enum(CLAIM_TYPES)
export type ClaimType = z.infer<typeof claimTypeSchema>

export const claimSchema = z.object({
  id: z.string(),
  claim_id: z.string(),
  claim_type: claimTypeSchema,
  service: z.string().nullable(),
  procedure: z.string().nullable(),
  /** The code set and words of `service` (the first line's code). */
  service_code_set: serviceCodeSet,
  service_description: codeWords,
  service_date: z.string().nullable(),
  date: z.string().nullable(),
  end_date: z.string().nullable(),
  provider: z.string().nullable(),
  provider_npi: z.string().nullable(),
  type_of_bill: z.string().nullable(),
  diagnoses: z.array(claimDiagnosisSchema),
  lines: z.array(claimLineSchema),
  submitted_cents: cents,
  allowed_cents: cents,
  medicare_paid_cents: cents,
  patient_pays_cents: cents,
})
export type Claim = z.infer<typeof claimSchema>

const diagnosisEvidenceSchema = z.object({
  code: z.string(),
  description: codeWords,
  sources: z.array(
    z.object({
      claim_id: z.string(),
      claim_type: z.string(),
      from: z.string().nullable(),
      through: z.string().nullable(),
    }),
  ),
})

export const riskScoreSchema = z.object({
  score: z.number(),
  calculation_date: z.string(),
  model: z.string(),
  payment_year: z.number().int(),
  segment: z.string(),
  segment_label: z.string(),
  raw_score: z.number(),
  normalized_score: z.number().nullable(),
  payment_score: z.number(),
  hccs: z.array(
    z.object({
      hcc: z.string(),
      label: z.string(),
      coefficient: z.number(),
      diagnoses: z.array(diagnosisEvidenceSchema),
      dropped: z.array(z.string()),
    }),
  ),
  dropped_by_hierarchy: z.array(
    z.object({
      hcc: z.string(),
      label: z.string(),
      dropped_by: z.array(z.string()),
      diagnoses: z.array(diagnosisEvidenceSchema),
    }),
  ),
  terms: z.array(
    z.object({ variable: z.string(), label: z.string(), kind: z.string(), coefficient: z.number() }),
  ),
  defaulted: z.array(z.object({ input: z.string(), reason: z.string() })),
  completeness: z.object({ status: z.enum(['complete', 'incomplete', 'unknown']), note: z.string() }),
  warnings: z.array(z.string()),
  /**
   * The Part C model Medicare's ESRD status in Coverage chose (ESRD-V24 or CMS-HCC) and why; `esrd` null when
   * the data carries no ESRD status. Absent on scores stored before the choice was recorded.
   */
  model_choice: z
    .object({ model: z.string(), esrd: z.boolean().nullable(), reason: z.string() })
    .nullable()
    .optional(),
  /** What the claims cannot show (a record shorter than a year: HCCs may be missing). */
  data_limitations: z.array(dataLimitationSchema).optional(),
})
export type RiskScore = z.infer<typeof riskScoreSchema>

/** GET /api/healthplans/requests/{id}/data/. Agents get medications only: claims and risk_score are empty. */
export const requestDataSchema = z.object({
  patient_identifier: z.string(),
  patient_id: z.string(),
  data_as_of: z.string().nullable(),
  data: z.object({ medications: z.array(medicationSchema), claims: z.array(claimSchema) }),
  risk_score: riskScoreSchema.nullable(),
})
export type RequestData = z.infer<typeof requestDataSchema>

export const PATIENT_DATA_MESSAGES = {
  noMedications: 'No medications available.',
  noClaims: 'No claims available.',
  noPatients: 'No patients found matching your search criteria.',
  loadFailed: 'Failed to load patient data',
  searchFailed: 'Failed to search patients',
  detailsFailed: 'Error fetching patient details',
  searchError: 'Error searching for patients',
} as const

/** A beneficiary's Medicare coverage as Blue Button's Coverage resources state it (agents' policies page). */
export const coverageSchema = z.object({
  reference_year: z.string().nullable(),
  parts: z.array(
    z.object({
      part: z.string(),
      status: z.string().nullable(),
      start: z.string().nullable(),
      end: z.string().nullable(),
    }),
  ),
  /** The newest month's Medicare Advantage (Part C) and drug plan (Part D) contract and plan numbers. */
  part_c: z.object({ contract: z.string(), plan: z.string().nullable() }).nullable(),
  part_d: z.object({ contract: z.string(), plan: z.string().nullable() }).nullable(),
  dual_status: z.string().nullable(),
  last_updated: z.string().nullable(),
})
export type Coverage = z.infer<typeof coverageSchema>
