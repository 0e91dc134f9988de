// The audit search for administrators: organisation admins see their organisation's rows, the
// platform ADMIN sees all. Filters: user, patient, action, from/to. The CSV export is itself audited.
import { auditSentence, type AuditEntry, type AuditList, type AuditQuery } from '@blueconsent/contract/audit'
import { DATE_MESSAGES, parseDateTime } from '@blueconsent/contract/shared'
import type { AppContext } from '../context.ts'
import { fieldError } from '../errors.ts'
import type { CryptoKeys } from '../lib/crypto.ts'
import { csvLine } from '../lib/csv.ts'
import type { Actor } from '../identity/principal.ts'
import { openSearchQuery, writeAudit } from './audit-writer.ts'
import {
  countAuditRows,
  selectAuditPeople,
  selectAuditRows,
  type AuditFilter,
  type AuditRowWithActor,
} from './audit.repository.ts'

export const AUDIT_EXPORT_LIMIT = 10_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** A date-only `to` includes that whole day. The contract's schema already refused what is not a date. */
function parseBound(field: 'from' | 'to', value: string): Date {
  const parsed = parseDateTime(value)
  if (!parsed) throw fieldError(field, DATE_MESSAGES.badDateTime)
  return field === 'to' && DATE_ONLY.test(value) ? new Date(parsed.getTime() + 86_400_000) : parsed
}

function toEntry(keys: CryptoKeys, { log, firstName, lastName, patientName }: AuditRowWithActor): AuditEntry {
  const name = [firstName, lastName].filter(Boolean).join(' ')
  return {
    id: log.id,
    occurred_at: log.occurredAt.toISOString(),
    actor_user_id: log.actorUserId,
    actor_name: name === '' ? null : name,
    organization_id: log.organizationId,
    action: log.action,
    target_type: log.targetType,
    target_id: log.targetId,
    patient_id: log.patientId,
    patient_name: patientName,
    reason: log.reason,
    ip_address: log.ipAddress,
    request_id: log.requestId,
    details: log.details,
    query: openSearchQuery(keys, log.queryEncrypted),
  }
}

async function selectRows(
  ctx: AppContext,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditEntry[]> {
  const rows = await selectAuditRows(ctx.db, filter, limit, offset)
  return rows.map((row) => toEntry(ctx.keys, row))
}

/** Organisation admins see their organisation only; an admin role without one (the platform ADMIN) all. */
function auditFilter(source: Actor, query: AuditQuery): AuditFilter {
  const { principal } = source
  return {
    organizationId: principal.role === 'ADMIN' ? undefined : principal.organizationId,
    user: query.user,
    patient: query.patient,
    action: query.action,
    from: query.from ? parseBound('from', query.from) : undefined,
    to: query.to ? parseBound('to', query.to) : undefined,
  }
}

export async function listAudit(
  ctx: AppContext,
  source: Actor,
  query: AuditQuery,
  path: string,
): Promise<AuditList> {
  const where = auditFilter(source, query)
  const total = await countAuditRows(ctx.db, where)
  const pageUrl = (page: number): string => {
    const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) })
    for (const name of ['user', 'patient', 'action', 'from', 'to'] as const)
      if (query[name]) params.set(name, String(query[name]))
    return `${path}?${params.toString()}`
  }
  return {
    count: total,
    next: query.page * query.page_size < total ? pageUrl(query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(query.page - 1) : null,
    results: await selectRows(ctx, where, query.page_size, (query.page - 1) * query.page_size),
  }
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_user_id',
  'actor_name',
  'organization_id',
  'action',
  'sentence',
  'target_type',
  'target_id',
  'patient_id',
  'patient_name',
  'ip_address',
  'request_id',
  'reason',
  'details',
  'query',
] as const

const auditCsvCell = (
  entry: AuditEntry,
  column: (typeof AUDIT_CSV_COLUMNS)[number],
): string | number | null => {
  if (column === 'details' || column === 'query') return entry[column] ? JSON.stringify(entry[column]) : null
  if (column === 'sentence') return auditSentence(entry)
  return entry[column] ?? null
}

export async function exportAudit(ctx: AppContext, source: Actor, query: AuditQuery): Promise<string> {
  const entries = await selectRows(ctx, auditFilter(source, query), AUDIT_EXPORT_LIMIT, 0)
  await writeAudit(ctx.db, source, {
    action: 'audit.export',
    patientId: null,
    targetType: 'audit_log',
    details: {
      rows: entries.length,
      filters: (['user', 'patient', 'action', 'from', 'to'] as const).filter(
        (name) => query[name] !== undefined,
      ),
    },
    at: ctx.clock(),
  })
  const lines = [csvLine(AUDIT_CSV_COLUMNS)]
  for (const e of entries) {
    lines.push(csvLine(AUDIT_CSV_COLUMNS.map((column) => auditCsvCell(e, column))))
  }
  return `${lines.join('\r\n')}\r\n`
}

/** The people in the caller's log, for the person filter. */
export async function listAuditPeople(ctx: AppContext, source: Actor) {
  const { principal } = source
  const rows = await selectAuditPeople(
    ctx.db,
    principal.role === 'ADMIN' ? undefined : principal.organizationId,
  )
  return {
    results: rows.map((row) => ({
      id: row.id,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
    })),
  }
}
