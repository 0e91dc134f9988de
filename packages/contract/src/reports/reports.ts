// The ACO's risk-score and HCC report (/app/aco/reports): each patient's newest Part C score for a model and
// payment year, with its HCCs, beside their Part D (RxHCC) score with its RxHCCs, filtered by TIN; CSV export
// is audited.
import { z } from 'zod'
import { defineEndpoint } from '../shared/endpoints.ts'

export const riskReportQuerySchema = z.object({
  tin: z.string().max(100).optional(),
  model: z.string().max(20).optional(),
  payment_year: z.coerce.number().int().min(2000).max(2100).optional(),
})
export type RiskReportQuery = z.infer<typeof riskReportQuerySchema>

export const riskReportRowSchema = z.object({
  patient_id: z.string(),
  patient_name: z.string(),
  tin: z.string().nullable(),
  model: z.string(),
  payment_year: z.number(),
  score: z.number(),
  payment_score: z.number().nullable(),
  hccs: z.array(z.object({ hcc: z.string(), label: z.string() })),
  /** The Part D model (RxHCC-V08), null when no Part D score is computed for the patient yet. */
  part_d_model: z.string().nullable(),
  /** The Part D score normalised for MA-PD plans, and for stand-alone PDPs. */
  part_d_score: z.number().nullable(),
  part_d_pdp_score: z.number().nullable(),
  rx_hccs: z.array(z.object({ rx_hcc: z.string(), label: z.string() })),
  calculated_at: z.string(),
})
export type RiskReportRow = z.infer<typeof riskReportRowSchema>

export const riskReportSchema = z.object({
  count: z.number(),
  average_score: z.number().nullable(),
  results: z.array(riskReportRowSchema),
  models: z.array(z.string()),
  payment_years: z.array(z.number()),
  tins: z.array(z.object({ id: z.string(), name: z.string(), masked: z.string() })),
})
export type RiskReport = z.infer<typeof riskReportSchema>

/** At most this many patients per report; the CSV carries the same rows. */
export const RISK_REPORT_LIMIT = 5_000

/** An ACO's users, scoped to their TINs like every patient read. */
export const REPORT_ENDPOINTS = {
  risk: defineEndpoint({
    method: 'GET',
    path: '/api/reports/risk/',
    access: 'ACO_REPORTS',
    query: riskReportQuerySchema,
    answers: { 200: riskReportSchema },
  }),
  /** The same rows as a CSV file. */
  riskExport: defineEndpoint({
    method: 'GET',
    path: '/api/reports/risk/export/',
    access: 'ACO_REPORTS',
    query: riskReportQuerySchema,
  }),
}
