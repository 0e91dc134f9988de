import { describe, expect, it } from 'vitest'
import {
  ADMIN_REPORT_MESSAGES,
  adminReportQuerySchema,
  adminReportRows,
  defaultReportRange,
  isoWeekOf,
  reportRangeSchema,
  weeksOfRange,
  type AdminReport,
} from './admin-reports.ts'
import { parseDay } from '../shared/dates.ts'

const day = (text: string): Date => parseDay(text) ?? new Date(Number.NaN)
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('report range', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(defaultReportRange(new Date('2026-11-26T12:00:00Z'))).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    })
  })

  it('refuses unreal days, a reversed range and more than 366 days', () => {
    expect(parseDay('2026-02-30')).toBeNull()
    expect(messagesOf(reportRangeSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toEqual([
      ADMIN_REPORT_MESSAGES.badDate,
    ])
    expect(messagesOf(reportRangeSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      ADMIN_REPORT_MESSAGES.fromAfterTo,
    ])
    expect(reportRangeSchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true)
    expect(messagesOf(reportRangeSchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }))).toEqual([
      ADMIN_REPORT_MESSAGES.tooLong,
    ])
  })

  it('takes both dates or neither in the query', () => {
    expect(adminReportQuerySchema.safeParse({}).success).toBe(true)
    expect(adminReportQuerySchema.safeParse({ from: '2026-01-01' }).success).toBe(false)
    expect(adminReportQuerySchema.safeParse({ from: '2026-01-01', to: '2027-06-01' }).success).toBe(false)
    expect(adminReportQuerySchema.safeParse({ organization_id: 'nope' }).success).toBe(false)
  })
})

describe('ISO weeks', () => {
  it('names the week by its Thursday’s year', () => {
    expect(isoWeekOf(day('2026-11-26'))).toEqual({ week: '2026-W48', week_start: '2026-11-23' })
    expect(isoWeekOf(day('2027-01-01'))).toEqual({ week: '2026-W53', week_start: '2026-12-28' })
    expect(isoWeekOf(day('2024-12-30'))).toEqual({ week: '2025-W01', week_start: '2024-12-30' })
  })

  it('lists every week the range touches', () => {
    expect(weeksOfRange(day('2026-11-01'), day('2026-11-16')).map((w) => w.week)).toEqual([
      '2026-W44',
      '2026-W45',
      '2026-W46',
      '2026-W47',
    ])
  })
})

describe('CSV rows', () => {
  const report: AdminReport = {
    viewer: 'organization',
    organization: { id: '00000000-0000-4000-8000-000000000001', name: 'Riverbend' },
    from: '2026-11-01',
    to: '2026-11-07',
    requests_by_status: [{ status: 'authorized', count: 2 }],
    requests_by_week: [{ week: '2026-W44', week_start: '2026-10-26', count: 2 }],
    conversion: { sent: 2, approved: 1, rate: 0.5, median_hours: 3, p90_hours: 3 },
    ingestion: { runs: 1, failed: 0 },
    messages: null,
    active_users: 4,
  }

  it('has a header, the scope and every figure, without a messages section when there is none', () => {
    const rows = adminReportRows(report)
    expect(rows[0]).toEqual(['section', 'item', 'value'])
    expect(rows).toContainEqual(['report', 'organization', 'Riverbend'])
    expect(rows).toContainEqual(['conversion', 'rate', 0.5])
    expect(rows.some((row) => String(row[0]).startsWith('messages'))).toBe(false)
    const withMessages = adminReportRows({
      ...report,
      organization: null,
      messages: [{ channel: 'sms', sent: 3, failed: 1 }],
    })
    expect(withMessages).toContainEqual(['report', 'organization', 'All organisations'])
    expect(withMessages).toContainEqual(['messages_sms', 'failed', 1])
  })
})
