// The admin report's rules: its range (the last 30 days unless given, at most 366), its scope (a platform
// administrator: every organisation or the one picked; an organisation admin: only their own, another's id
// is 404), and the CSV, written from the very object the JSON report answers with. Views and exports are
// audited with the range and scope, no figures.
import {
  ADMIN_REPORT_MESSAGES,
  MESSAGE_CHANNELS,
  adminReportRows,
  defaultReportRange,
  weeksOfRange,
  type AdminReport,
} from '@blueconsent/contract/admin-reports'
import { parseDay } from '@blueconsent/contract/shared'
import { AUTHORIZATION_STATUSES } from '@blueconsent/contract/authorization-requests'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { csvLine } from '../../platform/lib/csv.ts'
import { adminScopeOf } from '../../platform/access/access.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import {
  conversionFigures,
  countActiveUsers,
  countIngestionRuns,
  countPlatformMessages,
  countRequestsByStatus,
  countRequestsByWeek,
  findOrganizationName,
  type ReportScope,
} from './admin-reports.repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_S = 60 * 60

export type ReportQuery = {
  from?: string | undefined
  to?: string | undefined
  organization_id?: string | undefined
}

/** Which organisation the report is about (null: all), or 404 when the caller may not see the one asked for. */
function scopeOf(source: Actor, asked: string | undefined): ReportScope {
  const scope = adminScopeOf(source.principal)
  if (scope.kind === 'platform') return asked ?? null
  // An admin-group member without an organisation administers nothing.
  if (scope.organizationId === null) throw notFound()
  if (asked !== undefined && asked !== scope.organizationId) throw notFound()
  return scope.organizationId
}

const hours = (seconds: number | null): number | null =>
  seconds === null ? null : Math.round((seconds / HOUR_S) * 10) / 10

export async function buildReport(ctx: AppContext, source: Actor, query: ReportQuery): Promise<AdminReport> {
  const range = query.from && query.to ? { from: query.from, to: query.to } : defaultReportRange(ctx.clock())
  const from = parseDay(range.from)
  const to = parseDay(range.to)
  // The contract's schema already refused bad dates; this keeps the service safe when called directly.
  if (!from || !to || from > to) throw new AppError(400, 'validation_error', ADMIN_REPORT_MESSAGES.badDate)
  const scope = scopeOf(source, query.organization_id)
  const organizationName = scope === null ? null : await findOrganizationName(ctx.db, scope)
  if (scope !== null && organizationName === null) throw notFound()
  const window = { from, until: new Date(to.getTime() + DAY_MS) }
  const [statuses, weeks, conversion, ingestion, messages, activeUsers] = await Promise.all([
    countRequestsByStatus(ctx.db, scope, window),
    countRequestsByWeek(ctx.db, scope, window),
    conversionFigures(ctx.db, scope, window),
    countIngestionRuns(ctx.db, scope, window),
    scope === null ? countPlatformMessages(ctx.db, window) : Promise.resolve(null),
    countActiveUsers(ctx.db, scope, window),
  ])
  const byStatus = new Map(statuses.map((row) => [row.status, row.count]))
  const byWeek = new Map(weeks.map((row) => [row.weekStart, row.count]))
  const byChannel = new Map((messages ?? []).map((row) => [row.channel, row]))
  return {
    viewer: adminScopeOf(source.principal).kind,
    organization: scope === null || organizationName === null ? null : { id: scope, name: organizationName },
    from: range.from,
    to: range.to,
    requests_by_status: AUTHORIZATION_STATUSES.map((status) => ({
      status,
      count: byStatus.get(status) ?? 0,
    })),
    requests_by_week: weeksOfRange(from, to).map((week) => ({
      ...week,
      count: byWeek.get(week.week_start) ?? 0,
    })),
    conversion: {
      sent: conversion.sent,
      approved: conversion.approved,
      rate:
        conversion.sent === 0 ? null : Math.round((conversion.approved / conversion.sent) * 10_000) / 10_000,
      median_hours: hours(conversion.medianSeconds),
      p90_hours: hours(conversion.p90Seconds),
    },
    ingestion,
    messages:
      messages === null
        ? null
        : MESSAGE_CHANNELS.map((channel) => ({
            channel,
            sent: Number(byChannel.get(channel)?.sent ?? 0),
            failed: Number(byChannel.get(channel)?.failed ?? 0),
          })),
    active_users: activeUsers,
  }
}

async function auditReport(ctx: AppContext, source: Actor, action: string, report: AdminReport) {
  await writeAudit(ctx.db, source, {
    action,
    patientId: null,
    targetType: 'admin',
    targetId: report.organization?.id ?? null,
    details: { from: report.from, to: report.to, organization_id: report.organization?.id ?? null },
    at: ctx.clock(),
  })
}

export async function viewReport(ctx: AppContext, source: Actor, query: ReportQuery): Promise<AdminReport> {
  const report = await buildReport(ctx, source, query)
  await auditReport(ctx, source, 'admin.report_viewed', report)
  return report
}

/** The CSV and its file name; its rows are the JSON report's, in the contract's order. */
export async function exportReport(
  ctx: AppContext,
  source: Actor,
  query: ReportQuery,
): Promise<{ body: string; filename: string }> {
  const report = await buildReport(ctx, source, query)
  await auditReport(ctx, source, 'admin.report_exported', report)
  const body = `${adminReportRows(report)
    .map((row) => csvLine(row))
    .join('\r\n')}\r\n`
  return { body, filename: `admin-report-${report.from}-to-${report.to}.csv` }
}
