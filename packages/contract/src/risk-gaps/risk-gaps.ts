// The recapture and suspect worklist (/app/risk-gaps): HCCs documented last year and not yet this year, and
// conditions implied by Part D fills with no supporting diagnosis, each with its evidence and its estimated
// effect on the risk score; statuses kept per gap. Also each patient's Part D (RxHCC) score and its caveats.
import { z } from 'zod'
import { dataLimitationSchema } from '../shared/data-limitations.ts'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'

export const GAP_TYPES = ['recapture', 'suspect'] as const
export const gapTypeSchema = z.enum(GAP_TYPES)
export type GapType = z.infer<typeof gapTypeSchema>

export const GAP_STATUSES = ['open', 'addressed', 'dismissed', 'deferred'] as const
export const gapStatusSchema = z.enum(GAP_STATUSES)
export type GapStatus = z.infer<typeof gapStatusSchema>

export const GAP_TYPE_LABELS: Record<GapType, string> = { recapture: 'Recapture', suspect: 'Suspect' }
export const GAP_STATUS_LABELS: Record<GapStatus, string> = {
  open: 'Open',
  addressed: 'Addressed',
  dismissed: 'Dismissed',
  deferred: 'Deferred',
}

export const confidenceSchema = z.enum(['high', 'medium', 'low'])
export type Confidence = z.infer<typeof confidenceSchema>

export const gapClaimEvidenceSchema = z.object({
  claim_id: z.string(),
  claim_type: z.string(),
  date: z.string().nullable(),
  codes: z.array(z.string()),
  provider_name: z.string().nullable(),
  provider_npi: z.string().nullable(),
})
export type GapClaimEvidence = z.infer<typeof gapClaimEvidenceSchema>

export const gapFillEvidenceSchema = z.object({
  medication_id: z.string(),
  drug_name: z.string().nullable(),
  ndc: z.string().nullable(),
  fill_date: z.string().nullable(),
  days_supply: z.number().nullable(),
  prescriber_name: z.string().nullable(),
  prescriber_npi: z.string().nullable(),
})
export type GapFillEvidence = z.infer<typeof gapFillEvidenceSchema>

export const gapRuleSchema = z.object({
  id: z.string(),
  drug_class: z.string(),
  rationale: z.string(),
  sources: z.array(z.string()),
})

export const riskGapSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  tin: z.string().nullable(),
  type: gapTypeSchema,
  condition: z.string(),
  /** CMS-HCC model the value is computed with, e.g. V28. */
  model: z.string(),
  hcc: z.string().nullable(),
  hcc_label: z.string().nullable(),
  /** Estimated change of the normalised CMS-HCC score when the gap is documented (0 when trumped). */
  value: z.number(),
  rx_hcc: z.string().nullable(),
  rx_hcc_label: z.string().nullable(),
  /** Estimated change of the normalised Part D (RxHCC, MA-PD) score. */
  rx_value: z.number(),
  /** The payment HCC already documented this year that makes this one worth nothing. */
  trumped_by: z.string().nullable(),
  /** Suspects only: how strongly the fills imply the condition. */
  confidence: confidenceSchema.nullable(),
  /** The code a documented diagnosis would most likely carry (suspects), or the last code documented. */
  suggested_code: z.string().nullable(),
  last_date: z.string().nullable(),
  provider_name: z.string().nullable(),
  provider_npi: z.string().nullable(),
  claims: z.array(gapClaimEvidenceSchema),
  fills: z.array(gapFillEvidenceSchema),
  rule: gapRuleSchema.nullable(),
  /** The patient's Part D (RxHCC) score normalised for MA-PD plans. */
  part_d_score: z.number().nullable(),
  /** What the patient's record cannot show (a record shorter than a year: HCCs may be missing). */
  data_limitations: z.array(dataLimitationSchema),
  status: gapStatusSchema,
  status_reason: z.string().nullable(),
  defer_until: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  computed_at: z.string(),
  /**
   * The patient chose on Medicare's consent screen not to share alcohol and substance use (42 CFR Part 2)
   * claims, so conditions from them may be missing from the worklist and the risk score.
   */
  substance_use_may_be_missing: z.boolean().optional(),
})
export type RiskGap = z.infer<typeof riskGapSchema>

export const RISK_GAP_PAGE_SIZE = 25
/** At most this many gaps in one CSV export. */
export const RISK_GAP_EXPORT_LIMIT = 50_000

export const riskGapQuerySchema = z.object({
  tin: z.uuid().optional(),
  provider: z
    .string()
    .regex(/^\d{10}$/, 'Provider must be a 10-digit NPI.')
    .optional(),
  type: gapTypeSchema.optional(),
  status: gapStatusSchema.default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(RISK_GAP_PAGE_SIZE),
})
export type RiskGapQuery = z.infer<typeof riskGapQuerySchema>
export type RiskGapQueryInput = z.input<typeof riskGapQuerySchema>

/** One page, sorted by value; `has_more` instead of a total keeps the first page fast at any size. */
export const riskGapListSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  results: z.array(riskGapSchema),
})
export type RiskGapList = z.infer<typeof riskGapListSchema>

export const riskGapFiltersSchema = z.object({
  tins: z.array(z.object({ id: z.string(), name: z.string(), masked: z.string() })),
  providers: z.array(z.object({ npi: z.string(), name: z.string().nullable() })),
})
export type RiskGapFilters = z.infer<typeof riskGapFiltersSchema>

export const GAP_REASON_MAX = 500

export const riskGapStatusBodySchema = z
  .object({
    status: gapStatusSchema,
    reason: z.string().trim().max(GAP_REASON_MAX).optional(),
    defer_until: z.iso.date().optional(),
  })
  .superRefine((body, issues) => {
    if (body.status === 'dismissed' && !body.reason)
      issues.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the gap is dismissed.' })
    if (body.status !== 'deferred' && body.defer_until)
      issues.addIssue({ code: 'custom', path: ['defer_until'], message: 'Only a deferred gap has a date.' })
  })
export type RiskGapStatusBody = z.infer<typeof riskGapStatusBodySchema>

export const rxTermSchema = z.object({ variable: z.string(), label: z.string(), coefficient: z.number() })

/** One RxHCC with the diagnoses and claims behind it and the fills of drugs that support it. */
export const rxHccExplanationSchema = z.object({
  rx_hcc: z.string(),
  label: z.string(),
  coefficient: z.number(),
  diagnoses: z.array(
    z.object({
      code: z.string(),
      claims: z.array(z.object({ claim_id: z.string(), date: z.string().nullable() })),
    }),
  ),
  fills: z.array(gapFillEvidenceSchema),
})

export const partDScoreSchema = z.object({
  model: z.literal('RxHCC-V08'),
  payment_year: z.number().int(),
  segment: z.string(),
  segment_label: z.string(),
  raw_score: z.number(),
  /** Normalised per Part D plan type. */
  normalized: z.array(z.object({ plan: z.string(), factor: z.number(), score: z.number() })),
  rx_hccs: z.array(rxHccExplanationSchema),
  dropped: z.array(z.object({ rx_hcc: z.string(), label: z.string(), dropped_by: z.array(z.string()) })),
  terms: z.array(rxTermSchema),
})
export type PartDScore = z.infer<typeof partDScoreSchema>

/** The patient's Part D score, open gaps and what the data cannot show. */
export const patientRiskGapsSchema = z.object({
  patient_id: z.string(),
  computed_at: z.string().nullable(),
  part_d_score: partDScoreSchema.nullable(),
  gaps: z.array(riskGapSchema),
  /** Sentences saying HCCs may be missing (a record shorter than a year, withheld substance-use claims). */
  caveats: z.array(z.string()),
  /** The same limitations as entries with a code (short_history), for screens and exports to key on. */
  data_limitations: z.array(dataLimitationSchema),
})
export type PatientRiskGaps = z.infer<typeof patientRiskGapsSchema>

/** ACO and physician roles (clinicians included) with patient access; agents never. */
export const RISK_GAP_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/risk-gaps/',
    access: 'PROVIDER_PATIENTS_VIEW',
    query: riskGapQuerySchema,
    answers: { 200: riskGapListSchema },
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/risk-gaps/filters/',
    access: 'PROVIDER_PATIENTS_VIEW',
    answers: { 200: riskGapFiltersSchema },
  }),
  /** A CSV file of the filtered gaps, not a JSON answer. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/risk-gaps/export/',
    access: 'PROVIDER_PATIENTS_VIEW',
    query: riskGapQuerySchema,
  }),
  setStatus: defineEndpoint({
    method: 'PATCH',
    path: '/api/risk-gaps/:id/',
    access: 'PROVIDER_PATIENTS_VIEW',
    params: idParamsSchema,
    body: riskGapStatusBodySchema,
    answers: { 200: riskGapSchema },
  }),
  /** One patient's gaps and Part D score. */
  patient: defineEndpoint({
    method: 'GET',
    path: '/api/risk-gaps/patients/:id/',
    access: 'PROVIDER_PATIENTS_VIEW',
    params: idParamsSchema,
    answers: { 200: patientRiskGapsSchema },
  }),
}
