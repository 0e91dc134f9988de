// Patients as served to staff. Fields that clients know by two names
// (name/full_name, birth_date/date_of_birth, mrn/medical_record_number, phone_number/phone) are all filled so a
// client reading either name works. The MBI is null unless the role's display options allow it.
import { z } from 'zod'
import { authorizationStatusSchema } from '../authorization-requests/index.ts'
import { paginated } from '../shared/common.ts'
import {
  claimDiagnosisSchema,
  claimLineSchema,
  claimSchema,
  medicationSchema,
  riskScoreSchema,
} from './patient-data.ts'

// The id rule is `isValidPatientId` and its message `MESSAGES.patientId`, in validators.ts.

/** The newest authorization request of the caller's scope for this patient, or null. */
export const patientAuthorizationSchema = z.object({
  status: authorizationStatusSchema,
  request_id: z.string(),
  expires_at: z.string().nullable(),
  /** When Medicare's own access ends (see the request's field of that name); optional for older answers. */
  medicare_access_ends_at: z.string().nullable().optional(),
  /** The Medicare record it brought waits for an identity review (its data is not shown until confirmed). */
  under_identity_review: z.boolean().optional(),
  /**
   * Whether the patient shared alcohol & substance use (42 CFR Part 2) claims: false when they chose not to on
   * Medicare's (v3) consent screen, so such conditions may be missing; null when Medicare did not say.
   */
  substance_use_claims_shared: z.boolean().nullable().optional(),
})

export const patientSchema = z.object({
  id: z.string(),
  name: z.string(),
  full_name: z.string(),
  given_names: z.array(z.string()),
  family_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  mrn: z.string().nullable(),
  medical_record_number: z.string().nullable(),
  medicare_number: z.string().nullable(),
  member_number: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone: z.string().nullable(),
  address_line: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  created_at: z.string(),
  tin_id: z.string().nullable(),
  data_as_of: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  authorization: patientAuthorizationSchema.nullable(),
  /**
   * Lists only: the newest CMS-HCC score, for roles that see risk scores and patients under an active
   * authorization (null otherwise, or before the first score).
   */
  risk_score: z.number().nullable().optional(),
})
export type Patient = z.infer<typeof patientSchema>

export const patientListSchema = paginated(patientSchema)
export type PatientList = z.infer<typeof patientListSchema>

/** GET /api/patients/{id}/basic_info/: demographics only, no contact details or identifiers. */
export const basicInfoSchema = patientSchema.pick({
  id: true,
  name: true,
  full_name: true,
  given_names: true,
  family_name: true,
  birth_date: true,
  date_of_birth: true,
  gender: true,
  state: true,
  postal_code: true,
  data_as_of: true,
  last_synced_at: true,
})
export type BasicInfo = z.infer<typeof basicInfoSchema>

/**
 * GET /api/patients/{id}/risk_score/: `score` and `calculation_date` are null when no score is served (no
 * active authorization, agent, or not computed yet); `explanation` carries the full model output.
 */
/** Shown beside a risk score or a worklist row when the patient did not share substance-use claims. */
export const SUBSTANCE_USE_NOT_SHARED_NOTE =
  'May be missing substance-use conditions: the patient chose not to share alcohol and substance use records with Medicare.'

export const patientRiskScoreSchema = z.object({
  score: z.number().nullable(),
  calculation_date: z.string().nullable(),
  explanation: riskScoreSchema.nullable(),
  /** As on the patient's authorization: false means the score may miss substance-use conditions. */
  substance_use_claims_shared: z.boolean().nullable().optional(),
})
export type PatientRiskScore = z.infer<typeof patientRiskScoreSchema>

/**
 * Claims in patient views carry `record_id`, the id for GET /api/claims/{record_id}/ (a claim's `id` is the
 * Blue Button resource id, unique per patient only).
 */
export const patientClaimSchema = claimSchema.extend({ record_id: z.string() })
export type PatientClaim = z.infer<typeof patientClaimSchema>

/** GET /api/patients/{id}/consolidated/. Agents get medications only; lists are empty without an active authorization. */
export const consolidatedSchema = z.object({
  patient_id: z.string(),
  data_as_of: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  medications: z.array(medicationSchema),
  claims: z.array(patientClaimSchema),
})
export type Consolidated = z.infer<typeof consolidatedSchema>

/** GET /api/claims/{id}/ (record_id, or a Blue Button claim id within the caller's patients). */
export const claimDetailSchema = patientClaimSchema.extend({
  patient_id: z.string(),
  diagnoses: z.array(claimDiagnosisSchema),
  lines: z.array(claimLineSchema),
  procedures: z.array(
    z.object({
      sequence: z.number().int(),
      code: z.string(),
      system: z.string(),
      performed_on: z.string().nullable(),
    }),
  ),
})
export type ClaimDetail = z.infer<typeof claimDetailSchema>

export const PATIENT_LIST_ORDERINGS = [
  'name',
  '-name',
  'data_as_of',
  '-data_as_of',
  'risk_score',
  '-risk_score',
] as const
export type PatientListOrdering = (typeof PATIENT_LIST_ORDERINGS)[number]

/** GET /api/patients/: one of the parameters; unknown ones (cache busters like `_t`) are ignored. */
export const patientSearchQuerySchema = z
  .object({
    mrn: z.string().trim().min(1).max(64).optional(),
    medicare_number: z.string().trim().min(1).max(32).optional(),
    search: z.string().trim().min(1).max(200).optional(),
    uuid: z.string().trim().optional(),
    /** A leading '-' sorts descending; default by name. Risk score sorts only the scores the caller may see. */
    ordering: z.enum(PATIENT_LIST_ORDERINGS).optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .passthrough()
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>

export const PATIENT_EXPORT_FORMATS = ['csv', 'fhir'] as const
/**
 * An export's file name: what it holds and the day it was made ('patient-claims-2026-11-27.csv'), never the
 * patient's id, which means nothing to the person saving it.
 */
export const patientExportFilename = (
  format: (typeof PATIENT_EXPORT_FORMATS)[number],
  day: string,
): string => (format === 'csv' ? `patient-claims-${day}.csv` : `patient-fhir-${day}.json`)

export const patientExportQuerySchema = z
  .object({ format: z.enum(PATIENT_EXPORT_FORMATS).default('csv') })
  .passthrough()

export const noteSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  body: z.string(),
  author: z.object({ id: z.string().nullable(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Note = z.infer<typeof noteSchema>
export const noteListSchema = paginated(noteSchema)
export const noteBodySchema = z.object({ body: z.string().trim().min(1).max(5000) })
export type NoteBody = z.infer<typeof noteBodySchema>
