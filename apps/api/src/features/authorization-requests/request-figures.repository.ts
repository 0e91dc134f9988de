// The dashboard's request figures in one aggregate query, under the same scope as the request list: how
// many in each status, how many sent became authorized, which wait for an answer over 48 hours, which
// authorizations end within 30 days, and whose latest data pull failed.
import { AUTHORIZATION_STATUSES } from '@blueconsent/contract/authorization-requests'
import { eq, sql } from 'drizzle-orm'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { attentionCondition, scopeCondition } from './authorization-requests.repository.ts'

export type RequestFigures = {
  by_status: Record<string, number>
  sent: number
  authorized_ever: number
  conversion_percent: number | null
  awaiting_over_48h: number
  expiring_within_30_days: number
  ingestion_failures: number
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

export async function requestFigures(db: DbOrTx, principal: Principal, now: Date): Promise<RequestFigures> {
  const scope = scopeCondition(principal)
  const perStatus = AUTHORIZATION_STATUSES.map(
    (status) => sql`count(*) filter (where ${authorizationRequests.status} = ${status})::int`,
  )
  // One pass over the requests in scope, each figure counted with the condition its list filters by; the
  // newest run of each request joined once, not looked up per row (the same newest run as 'pull_failed').
  const [row] = rowsOf<{
    statuses: number[]
    authorized_ever: number
    awaiting: number
    expiring: number
    failures: number
  }>(
    await db.execute(sql`with newest_run as (
        select distinct on (${ingestionRuns.requestId}) ${ingestionRuns.requestId} as request_id, ${ingestionRuns.status} as status
        from ${ingestionRuns} order by ${ingestionRuns.requestId}, ${ingestionRuns.createdAt} desc)
      select array[${sql.join(perStatus, sql`, `)}] as statuses,
        count(*) filter (where ${attentionCondition('authorized', now)})::int as authorized_ever,
        count(*) filter (where ${attentionCondition('waiting_over_48h', now)})::int as awaiting,
        count(*) filter (where ${attentionCondition('ending_within_30_days', now)})::int as expiring,
        count(*) filter (where newest_run.status = 'failed')::int as failures
      from ${authorizationRequests}
        join ${patients} on ${patients.id} = ${authorizationRequests.patientId}
        left join newest_run on newest_run.request_id = ${authorizationRequests.id}
      where ${scope}`),
  )
  const statuses = Object.fromEntries(
    AUTHORIZATION_STATUSES.map(
      (status, index) => [status, Number(row?.statuses[index] ?? 0)] as const,
    ).filter(([, n]) => n > 0),
  )
  const sent = Object.values(statuses).reduce((sum, n) => sum + n, 0)
  const authorizedEver = Number(row?.authorized_ever ?? 0)
  return {
    by_status: statuses,
    sent,
    authorized_ever: authorizedEver,
    conversion_percent: sent === 0 ? null : Math.round((authorizedEver / sent) * 100),
    awaiting_over_48h: Number(row?.awaiting ?? 0),
    expiring_within_30_days: Number(row?.expiring ?? 0),
    ingestion_failures: Number(row?.failures ?? 0),
  }
}

export type UpcomingExpiry = {
  request_id: string
  patient_id: string
  patient_name: string
  expires_at: string
}

/** The soonest-ending live authorizations in scope (an agent's clients: about ten hours each). */
export async function upcomingExpiries(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  limit = 10,
): Promise<UpcomingExpiry[]> {
  const rows = rowsOf<{ id: string; patient_id: string; patient_name: string; expires_at: string | Date }>(
    await db.execute(sql`select ${authorizationRequests.id} as id, ${authorizationRequests.patientId} as patient_id,
        ${authorizationRequests.patientName} as patient_name, ${authorizationRequests.expiresAt} as expires_at
      from ${authorizationRequests} join ${patients} on ${patients.id} = ${authorizationRequests.patientId}
      where ${scopeCondition(principal)} and ${authorizationRequests.status} = 'authorized'
        and ${authorizationRequests.expiresAt} > ${now.toISOString()}
      order by ${authorizationRequests.expiresAt} asc limit ${limit}`),
  )
  return rows.map((row) => ({
    request_id: row.id,
    patient_id: row.patient_id,
    patient_name: row.patient_name,
    expires_at: new Date(row.expires_at).toISOString(),
  }))
}

export type RequestStatusCounts = { by_status: Record<string, number>; failed_ingestions: number }

/**
 * The admin overview's request figures: requests per status, and requests whose newest data pull failed,
 * for one organisation or (null) the whole platform.
 */
export async function requestStatusCounts(
  db: DbOrTx,
  organizationId: string | null,
): Promise<RequestStatusCounts> {
  const scope = organizationId === null ? sql`true` : eq(authorizationRequests.organizationId, organizationId)
  const rows = rowsOf<{ status: string; requests: number; failed: number }>(
    await db.execute(sql`with newest_run as (
        select distinct on (${ingestionRuns.requestId}) ${ingestionRuns.requestId} as request_id, ${ingestionRuns.status} as status
        from ${ingestionRuns} order by ${ingestionRuns.requestId}, ${ingestionRuns.createdAt} desc)
      select ${authorizationRequests.status} as status, count(*)::int as requests,
        count(*) filter (where newest_run.status = 'failed')::int as failed
      from ${authorizationRequests} left join newest_run on newest_run.request_id = ${authorizationRequests.id}
      where ${scope} group by ${authorizationRequests.status}`),
  )
  const by_status = Object.fromEntries(AUTHORIZATION_STATUSES.map((status) => [status, 0]))
  let failed = 0
  for (const row of rows) {
    by_status[row.status] = Number(row.requests)
    failed += Number(row.failed)
  }
  return { by_status, failed_ingestions: failed }
}
