// Medication adherence (proportion of days covered for the three Part D Star measures), the visit planner and
// the pre-visit brief, as the API serves them.
import { z } from 'zod'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'

export const ADHERENCE_MEASURES = ['diabetes', 'ras', 'statins'] as const
export const adherenceMeasureSchema = z.enum(ADHERENCE_MEASURES)
export type AdherenceMeasure = z.infer<typeof adherenceMeasureSchema>

/** Below this proportion of days covered a patient is flagged, as in the Star measures. */
export const ADHERENCE_THRESHOLD = 0.8

export const MEASURE_STATUSES = [
  'adherent',
  'below_threshold',
  'not_enough_fills',
  'too_soon',
  'excluded',
  'no_fills',
] as const
export const measureStatusSchema = z.enum(MEASURE_STATUSES)
export type MeasureStatus = z.infer<typeof measureStatusSchema>

export const ADHERENCE_EXCLUSIONS = ['hospice', 'esrd', 'insulin', 'sacubitril_valsartan'] as const

const fillSchema = z.object({
  date: z.string(),
  drug_name: z.string().nullable(),
  days_supply: z.number().nullable(),
})

export const measureOutcomeSchema = z.object({
  measure: adherenceMeasureSchema,
  label: z.string(),
  status: measureStatusSchema,
  exclusion: z.enum(ADHERENCE_EXCLUSIONS).nullable(),
  /** 0 to 1; null when the patient is not measured. */
  pdc: z.number().nullable(),
  fills: z.number().int(),
  index_date: z.string().nullable(),
  period_end: z.string(),
  period_days: z.number().int(),
  covered_days: z.number().int(),
  stay_days: z.number().int(),
  last_fill: fillSchema.nullable(),
  covered_through: z.string().nullable(),
  ran_out_on: z.string().nullable(),
  days_without: z.number().int(),
})
export type MeasureOutcome = z.infer<typeof measureOutcomeSchema>

export const patientAdherenceSchema = z.object({
  patient_id: z.string(),
  /** False without an active authorization (or before the first pull): nothing is measured. */
  served: z.boolean(),
  year: z.number().int(),
  as_of: z.string(),
  threshold: z.number(),
  measures: z.array(measureOutcomeSchema),
  /** Fills whose drug Medicare did not name: they cannot be placed in a measure. */
  unnamed_fills: z.number().int(),
})
export type PatientAdherence = z.infer<typeof patientAdherenceSchema>

export const adherenceFlagSchema = z.object({
  measure: adherenceMeasureSchema,
  label: z.string(),
  pdc: z.number(),
  last_fill: fillSchema.nullable(),
  ran_out_on: z.string().nullable(),
  days_without: z.number().int(),
})
export type AdherenceFlag = z.infer<typeof adherenceFlagSchema>

/** Annual wellness visit codes: initial (G0438) and subsequent (G0439). */
export const WELLNESS_VISIT_CODES = ['G0438', 'G0439'] as const

export const visitPlannerQuerySchema = z.looseObject({
  /** `true`: only patients with a measure below the threshold. */
  below_threshold: z.enum(['true', 'false']).optional(),
})
export type VisitPlannerQuery = z.infer<typeof visitPlannerQuerySchema>

export const plannedPatientSchema = z.object({
  patient_id: z.string(),
  patient_name: z.string(),
  birth_date: z.string().nullable(),
  last_wellness_visit: z.object({ date: z.string(), code: z.string() }).nullable(),
  /** The first day the next annual wellness visit is covered; null when the patient never had one. */
  wellness_due_on: z.string().nullable(),
  adherence_flags: z.array(adherenceFlagSchema),
})
export type PlannedPatient = z.infer<typeof plannedPatientSchema>

export const visitPlannerSchema = z.object({
  as_of: z.string(),
  year: z.number().int(),
  /** Patients due for their annual wellness visit now or within the horizon, soonest due first. */
  wellness_due: z.array(plannedPatientSchema),
  horizon_days: z.number().int(),
})
export type VisitPlanner = z.infer<typeof visitPlannerSchema>

export const briefMedicationSchema = z.object({
  drug_name: z.string().nullable(),
  last_fill: z.string(),
  days_supply: z.number().nullable(),
  fills: z.number().int(),
  prescriber_name: z.string().nullable(),
  measure: adherenceMeasureSchema.nullable(),
})

export const briefVisitSchema = z.object({
  date: z.string().nullable(),
  claim_type: z.string(),
  provider_name: z.string().nullable(),
  codes: z.array(z.string()),
})

export const briefGapSchema = z.object({
  title: z.string(),
  detail: z.string(),
  evidence: z.array(z.string()),
})
export type BriefGap = z.infer<typeof briefGapSchema>

export const briefChangesSchema = z.object({
  /** When this user last opened the brief; null: never (everything is new). */
  since: z.string().nullable(),
  new_fills: z.array(fillSchema),
  new_claims: z.array(briefVisitSchema),
})

export const preVisitBriefSchema = z.object({
  patient_id: z.string(),
  patient_name: z.string(),
  birth_date: z.string().nullable(),
  served: z.boolean(),
  data_as_of: z.string().nullable(),
  generated_at: z.string(),
  adherence: patientAdherenceSchema,
  medications: z.array(briefMedicationSchema),
  last_visits: z.array(briefVisitSchema),
  last_wellness_visit: z.object({ date: z.string(), code: z.string() }).nullable(),
  wellness_due_on: z.string().nullable(),
  open_gaps: z.array(briefGapSchema),
  /** False while no gap worklist feeds the brief: an empty list then means "not computed", not "none". */
  open_gaps_available: z.boolean(),
  changes: briefChangesSchema,
})
export type PreVisitBrief = z.infer<typeof preVisitBriefSchema>

export const briefOpenedSchema = z.object({ opened_at: z.string() })

export const patientAdherenceQuerySchema = z.looseObject({
  year: z.coerce.number().int().min(2006).max(9999).optional(),
})

/**
 * Roles that see claims (the measures need the stays and diagnoses on them); agents get 403. A patient out
 * of scope answers 404 like every patient read.
 */
export const ADHERENCE_ENDPOINTS = {
  patient: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/adherence/',
    access: 'CLAIMS_VIEW',
    params: idParamsSchema,
    query: patientAdherenceQuerySchema,
    answers: { 200: patientAdherenceSchema },
  }),
  visitPlanner: defineEndpoint({
    method: 'GET',
    path: '/api/adherence/visit-planner/',
    access: 'CLAIMS_VIEW',
    query: visitPlannerQuerySchema,
    answers: { 200: visitPlannerSchema },
  }),
  brief: defineEndpoint({
    method: 'GET',
    path: '/api/patients/:id/brief/',
    access: 'CLAIMS_VIEW',
    params: idParamsSchema,
    answers: { 200: preVisitBriefSchema },
  }),
  /** Records an opening of the brief, so the next one lists what changed after it. */
  briefOpened: defineEndpoint({
    method: 'POST',
    path: '/api/patients/:id/brief/opened/',
    access: 'CLAIMS_VIEW',
    params: idParamsSchema,
    answers: { 200: briefOpenedSchema },
  }),
}
