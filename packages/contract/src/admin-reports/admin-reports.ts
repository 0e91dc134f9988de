// The admin area's reports: what happened in a date range, for the whole platform or one
// organisation. A platform administrator may pick 'All organisations' or one; an organisation admin sees only
// their own (the server answers 404 for another organisation's id).
import { z } from 'zod'
import { AUTHORIZATION_STATUSES } from '../authorization-requests/authorization-requests.ts'
import { idSchema } from '../shared/common.ts'
import { DATE_MESSAGES, isoDaySchema, parseDay } from '../shared/dates.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

/** The longest range one report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366
/** The range a report covers when none is given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30

export const ADMIN_REPORT_MESSAGES = {
  badDate: DATE_MESSAGES.badDay,
  fromAfterTo: 'The start date must be on or before the end date.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  loadFailed: 'Failed to load the report. Please try again.',
  exportFailed: 'The CSV could not be downloaded. Please try again.',
} as const

const DAY_MS = 24 * 60 * 60 * 1000

export const formatDay = (date: Date): string => date.toISOString().slice(0, 10)

/** Days from `from` to `to`, both included (1 for the same day). */
export const daysInRange = (from: Date, to: Date): number =>
  Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1

/** The last REPORT_DEFAULT_DAYS days up to `today` (UTC), both ends included. */
export function defaultReportRange(today: Date): { from: string; to: string } {
  const to = formatDay(today)
  const from = formatDay(new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS))
  return { from, to }
}

/** Checks a range the user typed: real days, in order, at most REPORT_MAX_DAYS. Shared by form and server. */
export const reportRangeSchema = z
  .object({ from: isoDaySchema, to: isoDaySchema })
  .superRefine((range, ctx) => {
    const from = parseDay(range.from)
    const to = parseDay(range.to)
    // A day that is not one was already reported by isoDaySchema.
    if (!from || !to) return
    if (from > to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: ADMIN_REPORT_MESSAGES.fromAfterTo })
    else if (daysInRange(from, to) > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: ADMIN_REPORT_MESSAGES.tooLong })
  })
export type ReportRange = z.infer<typeof reportRangeSchema>

/** GET /api/admin/reports/ and /export/: no dates means the last 30 days; no organisation means the caller's scope. */
export const adminReportQuerySchema = z
  .looseObject({
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    organization_id: idSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Give both from and to, or neither.' })
      return
    }
    if (query.from === undefined || query.to === undefined) return
    if (!parseDay(query.from) || !parseDay(query.to)) return
    const checked = reportRangeSchema.safeParse({ from: query.from, to: query.to })
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' })
  })
export type AdminReportQuery = z.input<typeof adminReportQuerySchema>

/** The ISO week ('2026-W48') a UTC day falls in, and the Monday it starts on. */
export function isoWeekOf(day: Date): { week: string; week_start: string } {
  const weekday = (day.getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  const monday = new Date(day.getTime() - weekday * DAY_MS)
  const thursday = new Date(monday.getTime() + 3 * DAY_MS)
  const year = thursday.getUTCFullYear()
  const firstThursday = new Date(Date.UTC(year, 0, 4))
  const firstMonday = new Date(firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * DAY_MS)
  const number = Math.round((monday.getTime() - firstMonday.getTime()) / (7 * DAY_MS)) + 1
  return { week: `${year}-W${String(number).padStart(2, '0')}`, week_start: formatDay(monday) }
}

/** Every ISO week the range touches, oldest first, so a week without requests still shows its 0. */
export function weeksOfRange(from: Date, to: Date): { week: string; week_start: string }[] {
  const weeks: { week: string; week_start: string }[] = []
  for (
    let day = parseDay(isoWeekOf(from).week_start) ?? from;
    day <= to;
    day = new Date(day.getTime() + 7 * DAY_MS)
  )
    weeks.push(isoWeekOf(day))
  return weeks
}

export const MESSAGE_CHANNELS = ['email', 'sms'] as const

export const adminReportSchema = z.object({
  /** Whether the caller administers the platform (may pick any organisation) or one organisation. */
  viewer: z.enum(['platform', 'organization']),
  organization: z.object({ id: idSchema, name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  /** Requests sent in the range, by their status today. */
  requests_by_status: z.array(z.object({ status: z.enum(AUTHORIZATION_STATUSES), count: z.number().int() })),
  /** Requests sent per ISO week of the range. */
  requests_by_week: z.array(z.object({ week: z.string(), week_start: z.string(), count: z.number().int() })),
  conversion: z.object({
    sent: z.number().int(),
    approved: z.number().int(),
    /** approved / sent, 0 to 1 (4 decimals); null when nothing was sent. */
    rate: z.number().nullable(),
    /** Hours from sending to the patient's consent, over the approved requests (1 decimal). */
    median_hours: z.number().nullable(),
    p90_hours: z.number().nullable(),
  }),
  ingestion: z.object({ runs: z.number().int(), failed: z.number().int() }),
  /** Outgoing messages carry no organisation: only the whole platform's report has them (else null). */
  messages: z
    .array(z.object({ channel: z.enum(MESSAGE_CHANNELS), sent: z.number().int(), failed: z.number().int() }))
    .nullable(),
  /** Distinct people who signed in during the range. */
  active_users: z.number().int(),
})
export type AdminReport = z.infer<typeof adminReportSchema>

/**
 * The report as CSV rows (section, item, value): the server's export and any test read the same figures in
 * the same order as the JSON report.
 */
export function adminReportRows(report: AdminReport): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [
    ['section', 'item', 'value'],
    ['report', 'from', report.from],
    ['report', 'to', report.to],
    ['report', 'organization', report.organization?.name ?? 'All organisations'],
  ]
  for (const row of report.requests_by_status) rows.push(['requests_by_status', row.status, row.count])
  for (const row of report.requests_by_week) rows.push(['requests_by_week', row.week, row.count])
  const { conversion } = report
  rows.push(
    ['conversion', 'sent', conversion.sent],
    ['conversion', 'approved', conversion.approved],
    ['conversion', 'rate', conversion.rate],
    ['conversion', 'median_hours', conversion.median_hours],
    ['conversion', 'p90_hours', conversion.p90_hours],
    ['ingestion', 'runs', report.ingestion.runs],
    ['ingestion', 'failed', report.ingestion.failed],
  )
  for (const row of report.messages ?? [])
    rows.push(
      [`messages_${row.channel}`, 'sent', row.sent],
      [`messages_${row.channel}`, 'failed', row.failed],
    )
  rows.push(['users', 'active_users', report.active_users])
  return rows
}

/** The report and its CSV, behind the admin guard; the server decides the scope (404 outside it). */
export const ADMIN_REPORT_ENDPOINTS = {
  report: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports/',
    access: 'ADMIN_GUARD',
    query: adminReportQuerySchema,
    answers: { 200: adminReportSchema },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports/export/',
    access: 'ADMIN_GUARD',
    query: adminReportQuerySchema,
  }),
}
