// Every query of the admin report. Each takes the report's window [from, until) and its scope: an
// organisation id, or null for the whole platform. Counts come back as numbers (::int), percentiles as
// seconds.
import { and, count, countDistinct, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'

/** null: every organisation; otherwise the one the report is about. */
export type ReportScope = string | null
export type Window = { from: Date; until: Date }

const requestsIn = (scope: ReportScope, window: Window): SQL | undefined =>
  and(
    gte(authorizationRequests.createdAt, window.from),
    lt(authorizationRequests.createdAt, window.until),
    scope === null ? undefined : eq(authorizationRequests.organizationId, scope),
  )

export async function findOrganizationName(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id))
  return row?.name ?? null
}

export async function countRequestsByStatus(db: DbOrTx, scope: ReportScope, window: Window) {
  return db
    .select({ status: authorizationRequests.status, count: count() })
    .from(authorizationRequests)
    .where(requestsIn(scope, window))
    .groupBy(authorizationRequests.status)
}

/** Requests per week, keyed by the UTC Monday the week starts on ('YYYY-MM-DD'). */
export async function countRequestsByWeek(db: DbOrTx, scope: ReportScope, window: Window) {
  const weekStart = sql<string>`to_char(date_trunc('week', ${authorizationRequests.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`
  return db
    .select({ weekStart, count: count() })
    .from(authorizationRequests)
    .where(requestsIn(scope, window))
    .groupBy(weekStart)
}

/** Sent and approved (the patient consented, whatever happened later), and the time to consent in seconds. */
export async function conversionFigures(db: DbOrTx, scope: ReportScope, window: Window) {
  const seconds = sql`extract(epoch from (${authorizationRequests.authorizedAt} - ${authorizationRequests.createdAt}))`
  const approved = sql`${authorizationRequests.authorizedAt} is not null`
  const [row] = await db
    .select({
      sent: count(),
      approved: sql<number>`(count(*) filter (where ${approved}))::int`,
      medianSeconds: sql<
        string | null
      >`percentile_cont(0.5) within group (order by ${seconds}) filter (where ${approved})`,
      p90Seconds: sql<
        string | null
      >`percentile_cont(0.9) within group (order by ${seconds}) filter (where ${approved})`,
    })
    .from(authorizationRequests)
    .where(requestsIn(scope, window))
  return {
    sent: row?.sent ?? 0,
    approved: Number(row?.approved ?? 0),
    medianSeconds: row?.medianSeconds == null ? null : Number(row.medianSeconds),
    p90Seconds: row?.p90Seconds == null ? null : Number(row.p90Seconds),
  }
}

/** Blue Button data pulls started in the window, of the scope's requests. */
export async function countIngestionRuns(db: DbOrTx, scope: ReportScope, window: Window) {
  const [row] = await db
    .select({
      runs: count(),
      failed: sql<number>`(count(*) filter (where ${ingestionRuns.status} = 'failed'))::int`,
    })
    .from(ingestionRuns)
    .innerJoin(authorizationRequests, eq(authorizationRequests.id, ingestionRuns.requestId))
    .where(
      and(
        gte(ingestionRuns.createdAt, window.from),
        lt(ingestionRuns.createdAt, window.until),
        scope === null ? undefined : eq(authorizationRequests.organizationId, scope),
      ),
    )
  return { runs: row?.runs ?? 0, failed: Number(row?.failed ?? 0) }
}

/** Outgoing messages by channel; they carry no organisation, so this is the platform's figure only. */
export async function countPlatformMessages(db: DbOrTx, window: Window) {
  return db
    .select({
      channel: outboxMessages.channel,
      sent: sql<number>`(count(*) filter (where ${outboxMessages.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${outboxMessages.status} = 'failed'))::int`,
    })
    .from(outboxMessages)
    .where(and(gte(outboxMessages.createdAt, window.from), lt(outboxMessages.createdAt, window.until)))
    .groupBy(outboxMessages.channel)
}

/** Distinct people with an 'auth.sign_in' audit row in the window (the row carries their organisation). */
export async function countActiveUsers(db: DbOrTx, scope: ReportScope, window: Window): Promise<number> {
  const [row] = await db
    .select({ users: countDistinct(auditLog.actorUserId) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.sign_in'),
        gte(auditLog.occurredAt, window.from),
        lt(auditLog.occurredAt, window.until),
        scope === null ? undefined : eq(auditLog.organizationId, scope),
      ),
    )
  return row?.users ?? 0
}
