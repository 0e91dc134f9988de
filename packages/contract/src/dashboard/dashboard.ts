// The dashboard's figures (GET /api/dashboard/): one page, different content per role, every figure
// computed on the server under the caller's scope.
import { z } from 'zod'
import { defineEndpoint } from '../shared/endpoints.ts'

export const dashboardVisitSchema = z.object({ visited_at: z.string() })
export const DASHBOARD_KINDS = ['organization', 'agent', 'platform'] as const

const requestFiguresSchema = z.object({
  by_status: z.record(z.string(), z.number()),
  sent: z.number(),
  authorized_ever: z.number(),
  conversion_percent: z.number().nullable(),
  awaiting_over_48h: z.number(),
  expiring_within_30_days: z.number(),
  ingestion_failures: z.number(),
})
const patientFiguresSchema = z.object({
  patients_total: z.number(),
  patients_with_data: z.number(),
  scored: z.number(),
  average_score: z.number().nullable(),
  average_payment_score: z.number().nullable(),
  distribution: z.array(z.object({ band: z.string(), count: z.number() })),
  top_hccs: z.array(z.object({ hcc: z.string(), label: z.string(), patients: z.number() })),
})

export const dashboardSchema = z.object({
  kind: z.enum(DASHBOARD_KINDS),
  generated_at: z.string(),
  requests: requestFiguresSchema,
  patients: patientFiguresSchema.nullable(),
  upcoming_expiries: z.array(
    z.object({
      request_id: z.string(),
      patient_id: z.string(),
      patient_name: z.string(),
      expires_at: z.string(),
    }),
  ),
  platform: z
    .object({
      organizations: z.number(),
      users: z.number(),
      support_requests_open: z.number(),
    })
    .nullable(),
  /** Organisation dashboards: patients whose data was pulled since the user's previous visit. */
  changes_since_last_visit: z
    .object({
      since: z.string().nullable(),
      count: z.number(),
      patients: z.array(z.object({ id: z.string(), name: z.string(), last_synced_at: z.string() })),
    })
    .nullable(),
})
export type Dashboard = z.infer<typeof dashboardSchema>

export const DASHBOARD_ENDPOINTS = {
  figures: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/',
    access: 'SIGNED_IN',
    answers: { 200: dashboardSchema },
  }),
  /** The user has seen the dashboard; the next one's 'changed since your last visit' starts here. */
  visit: defineEndpoint({
    method: 'POST',
    path: '/api/dashboard/visit/',
    access: 'SIGNED_IN',
    answers: { 200: dashboardVisitSchema },
  }),
}
