// Queries for authorization requests. Scoping lives in `scopeCondition` so the list, the
// single read and every action use the same rule.
import { AWAITING_ALERT_HOURS, type RequestAttention } from '@blueconsent/contract/authorization-requests'
import {
  DEFAULT_REMINDER_HOURS,
  DEFAULT_RENEWAL_NOTICE_DAYS,
} from '@blueconsent/contract/organization-settings'
import { and, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { AUTHORIZATION } from '@blueconsent/contract/shared'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import {
  authorizationRequestCounts,
  authorizationRequestEvents,
  authorizationRequests,
  organizationSettings,
} from '../../platform/db/schema/authorization-requests.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { users } from '../../platform/db/schema/users.ts'

export type RequestRow = typeof authorizationRequests.$inferSelect
export type RequestPatch = Partial<
  Omit<typeof authorizationRequests.$inferInsert, 'id' | 'status' | 'organizationId'>
>
export type PatientRow = typeof patients.$inferSelect
export type RunRow = typeof ingestionRuns.$inferSelect
export type RequesterRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'role'>

const isAgent = (principal: Principal): boolean =>
  principal.role === 'AGENT_ADMIN' || principal.role === 'AGENT_USER'

/**
 * Organisation always; agents only their own requests; without all_tins, patients on the user's TINs or
 * patients with no TIN that the user asked for. Admin roles also see no-TIN patients of the organisation:
 * organisations without TINs (physician groups) would otherwise have an empty review page.
 * Needs `patients` joined.
 */
export function scopeCondition(principal: Principal): SQL {
  // Platform administrators belong to no organisation and see no requests.
  if (principal.organizationId === null) return sql`false`
  const conditions: (SQL | undefined)[] = [eq(authorizationRequests.organizationId, principal.organizationId)]
  if (isAgent(principal)) conditions.push(eq(authorizationRequests.requesterUserId, principal.userId))
  if (!principal.allTins) {
    const orgAdmin = principal.permissions.includes('authorization_requests.view_organization')
    const own = orgAdmin
      ? isNull(patients.tinId)
      : and(isNull(patients.tinId), eq(authorizationRequests.requesterUserId, principal.userId))
    conditions.push(principal.tinIds.length > 0 ? or(inArray(patients.tinId, principal.tinIds), own) : own)
  }
  return and(...conditions) as SQL
}

const HOUR_MS = 3_600_000

/**
 * When access ends as staff plan around it (effectiveAccessEnd in the contract's durations): Medicare's grant
 * end when a provider's grant ends before the portal's own end.
 */
const staffAccessEnd = sql`case when ${authorizationRequests.authorizationType} = 'healthcare_provider'
  then least(${authorizationRequests.expiresAt}, ${authorizationRequests.medicareAccessEndsAt})
  else ${authorizationRequests.expiresAt} end`

/**
 * The rows each dashboard figure counts and the list behind it shows: one condition per set, used by both
 * (request-figures.repository.ts counts with it, the list filters with it). The newest pull of a request is
 * its latest run by creation time.
 */
export function attentionCondition(attention: RequestAttention, now: Date): SQL {
  const nowIso = now.toISOString()
  switch (attention) {
    case 'waiting_over_48h':
      return sql`${authorizationRequests.status} in ('pending', 'consent_pending')
        and (${authorizationRequests.expiresAt} is null or ${authorizationRequests.expiresAt} > ${nowIso})
        and ${authorizationRequests.createdAt} < ${new Date(now.getTime() - AWAITING_ALERT_HOURS * HOUR_MS).toISOString()}`
    case 'ending_within_30_days':
      return sql`${authorizationRequests.status} = 'authorized' and ${staffAccessEnd} > ${nowIso}
        and ${staffAccessEnd} <= ${new Date(now.getTime() + AUTHORIZATION.renewalWindowDays * 24 * HOUR_MS).toISOString()}`
    case 'pull_failed':
      return sql`(select ${ingestionRuns.status} from ${ingestionRuns}
        where ${ingestionRuns.requestId} = ${authorizationRequests.id}
        order by ${ingestionRuns.createdAt} desc limit 1) = 'failed'`
    case 'authorized':
      return sql`${authorizationRequests.authorizedAt} is not null`
  }
}

export async function findScopedRequest(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<{ request: RequestRow; patient: PatientRow } | undefined> {
  const [row] = await db
    .select({ request: authorizationRequests, patient: patients })
    .from(authorizationRequests)
    .innerJoin(patients, eq(patients.id, authorizationRequests.patientId))
    .where(and(eq(authorizationRequests.id, id), scopeCondition(principal)))
  return row
}

export type ListFilters = {
  principal: Principal
  organizationWide: boolean
  status: RequestRow['status'] | undefined
  requesterId: string | undefined
  /** The requester's own list: the requests they hid (true) or the others (false). */
  hidden: boolean
  /** One dashboard figure's set, at `now` (see attentionCondition). */
  attention?: { set: RequestAttention; now: Date } | undefined
  limit: number
  offset: number
  /** The resend event counted per row, from `since` (the start of the UTC day). */
  resends: { event: string; since: Date }
}

/** The request columns a list row shows (request-views.ts), and no others: the list never reads tokens. */
const listedRequestColumns = {
  id: authorizationRequests.id,
  status: authorizationRequests.status,
  requesterUserId: authorizationRequests.requesterUserId,
  authorizationType: authorizationRequests.authorizationType,
  patientName: authorizationRequests.patientName,
  contactMethod: authorizationRequests.contactMethod,
  contactEncrypted: authorizationRequests.contactEncrypted,
  createdAt: authorizationRequests.createdAt,
  updatedAt: authorizationRequests.updatedAt,
  expiresAt: authorizationRequests.expiresAt,
  medicareAccessEndsAt: authorizationRequests.medicareAccessEndsAt,
  authorizedAt: authorizationRequests.authorizedAt,
  consentAnsweredAt: authorizationRequests.consentAnsweredAt,
  statusMessage: authorizationRequests.statusMessage,
  renewalOfId: authorizationRequests.renewalOfId,
  identityReview: authorizationRequests.identityReview,
  patientBirthDateEncrypted: authorizationRequests.patientBirthDateEncrypted,
  identityEvidenceEncrypted: authorizationRequests.identityEvidenceEncrypted,
  identityReviewedByUserId: authorizationRequests.identityReviewedByUserId,
  identityReviewedAt: authorizationRequests.identityReviewedAt,
  identityReviewReasonEncrypted: authorizationRequests.identityReviewReasonEncrypted,
}
export type ListedRequest = { [K in keyof typeof listedRequestColumns]: RequestRow[K] }
export type ListedPatient = Pick<PatientRow, 'id' | 'mrnEncrypted' | 'lastSyncedAt'>
export type ListedRun = Pick<RunRow, 'status' | 'pagesFetched' | 'pagesTotal' | 'error'>
export type ListedRow = {
  request: ListedRequest
  patient: ListedPatient
  requester: Omit<RequesterRow, 'id'> | null
  run: ListedRun | null
  resendsToday: number
  /** Who decided the identity review, when someone has. */
  reviewerName: string | null
}

/** Whether `scopeCondition` reads the patient's TIN (only callers without all TINs are limited by it). */
const scopeReadsPatients = (principal: Principal): boolean =>
  principal.organizationId !== null && !principal.allTins

/**
 * One page of the list and its total in one statement: the `page` CTE finds the page's ids (from the list
 * indexes alone, joining patients only when the TIN scope needs them), the total is a scalar subquery
 * (`totalQuery`, evaluated once), then each row of the page is joined to the columns it shows, its requester,
 * its newest ingestion run and today's resends. It replaced six sequential statements (count, page with whole
 * patient rows, requesters, runs, resends), which bench/requests/list.ts measured as the cost that mattered.
 * The total is not a window count (`count(*) over ()`) on the page's scan: that keeps every row of the scope
 * in a tuplestore to count it, which at 200,000 requests spilled to disk and took half again as long.
 */
export async function listScopedRequests(
  db: DbOrTx,
  filters: ListFilters,
): Promise<{ total: number; rows: ListedRow[] }> {
  const { principal } = filters
  const conditions: (SQL | undefined)[] = [scopeCondition(principal)]
  if (!filters.organizationWide) {
    conditions.push(
      eq(authorizationRequests.requesterUserId, principal.userId),
      eq(authorizationRequests.hiddenByRequester, filters.hidden),
    )
  }
  if (filters.status) conditions.push(eq(authorizationRequests.status, filters.status))
  if (filters.requesterId) conditions.push(eq(authorizationRequests.requesterUserId, filters.requesterId))
  if (filters.attention) conditions.push(attentionCondition(filters.attention.set, filters.attention.now))
  const where = and(...conditions)
  const pageIds = db
    .select({
      pageId: sql<string>`${authorizationRequests.id}`.as('page_id'),
      pageCreatedAt: sql<Date>`${authorizationRequests.createdAt}`.as('page_created_at'),
    })
    .from(authorizationRequests)
    .$dynamic()
  const pageQuery = withTinScopeJoin(pageIds, principal)
    .where(where)
    .orderBy(desc(authorizationRequests.createdAt), desc(authorizationRequests.id))
    .limit(filters.limit)
    .offset(filters.offset)
  const page = db.$with('page').as(pageQuery)
  const newestRun = db
    .select({
      status: ingestionRuns.status,
      pagesFetched: ingestionRuns.pagesFetched,
      pagesTotal: ingestionRuns.pagesTotal,
      error: ingestionRuns.error,
    })
    .from(ingestionRuns)
    .where(eq(ingestionRuns.requestId, authorizationRequests.id))
    .orderBy(desc(ingestionRuns.createdAt), desc(ingestionRuns.id))
    .limit(1)
    .as('newest_run')
  const resends = db
    .select({ total: sql<number>`count(*)`.mapWith(Number).as('resends_total') })
    .from(authorizationRequestEvents)
    .where(
      and(
        eq(authorizationRequestEvents.requestId, authorizationRequests.id),
        eq(authorizationRequestEvents.event, filters.resends.event),
        gte(authorizationRequestEvents.occurredAt, filters.resends.since),
      ),
    )
    .as('resends')
  const rows = await db
    .with(page)
    .select({
      total: sql<number>`(${totalQuery(db, filters, where)})`.mapWith(Number),
      request: listedRequestColumns,
      patient: { id: patients.id, mrnEncrypted: patients.mrnEncrypted, lastSyncedAt: patients.lastSyncedAt },
      requesterFirstName: users.firstName,
      requesterLastName: users.lastName,
      requesterRole: users.role,
      runStatus: newestRun.status,
      runPagesFetched: newestRun.pagesFetched,
      runPagesTotal: newestRun.pagesTotal,
      runError: newestRun.error,
      resendsToday: resends.total,
      reviewerName: sql<
        string | null
      >`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users}
        where ${users.id} = ${authorizationRequests.identityReviewedByUserId})`,
    })
    .from(page)
    .innerJoin(authorizationRequests, eq(authorizationRequests.id, page.pageId))
    .innerJoin(patients, eq(patients.id, authorizationRequests.patientId))
    .leftJoin(users, eq(users.id, authorizationRequests.requesterUserId))
    .leftJoinLateral(newestRun, sql`true`)
    .innerJoinLateral(resends, sql`true`)
    .orderBy(desc(page.pageCreatedAt), desc(page.pageId))
  const first = rows[0]
  // Past the last page there is no row to carry the total: it is read on its own then (rare).
  const total = first ? first.total : filters.offset > 0 ? await countTotal(db, filters, where) : 0
  return {
    total,
    rows: rows.map((row) => ({
      request: row.request,
      patient: row.patient,
      requester:
        row.requesterRole === null
          ? null
          : {
              firstName: row.requesterFirstName ?? '',
              lastName: row.requesterLastName ?? '',
              role: row.requesterRole,
            },
      run:
        row.runStatus === null
          ? null
          : {
              status: row.runStatus,
              pagesFetched: row.runPagesFetched ?? 0,
              pagesTotal: row.runPagesTotal,
              error: row.runError,
            },
      resendsToday: row.resendsToday,
      reviewerName: row.reviewerName,
    })),
  }
}

/** `query` joined to the patient of each request when the caller's TIN scope reads the patient's TIN. */
function withTinScopeJoin<Query extends PgSelect>(query: Query, principal: Principal): Query {
  if (!scopeReadsPatients(principal)) return query
  // The join only adds `patients` to what the query could select; every caller names its own columns.
  return query.innerJoin(patients, eq(patients.id, authorizationRequests.patientId)) as unknown as Query
}

/**
 * The list's total. Without a TIN limit the scope and every filter are columns of the kept counts
 * (`authorization_request_counts`, exact: a trigger keeps them in the writer's transaction), so the total is
 * a sum over a few rows whatever the organisation holds; a TIN-limited caller's total depends on each
 * patient's TIN, so it is counted over the rows in scope.
 */
function totalQuery(db: DbOrTx, filters: ListFilters, where: SQL | undefined) {
  const { principal } = filters
  // The kept counts have no column for a figure's set: those totals are counted over the rows in scope.
  if (principal.organizationId === null || scopeReadsPatients(principal) || filters.attention)
    return withTinScopeJoin(
      db.select({ total: count() }).from(authorizationRequests).$dynamic(),
      principal,
    ).where(where)
  const counts = authorizationRequestCounts
  const ownOnly = isAgent(principal) || !filters.organizationWide
  return db
    .select({ total: sql<number>`coalesce(sum(${counts.requests}), 0)`.mapWith(Number) })
    .from(counts)
    .where(
      and(
        eq(counts.organizationId, principal.organizationId),
        ownOnly ? eq(counts.requesterUserId, principal.userId) : undefined,
        filters.organizationWide ? undefined : eq(counts.hiddenByRequester, filters.hidden),
        filters.status ? eq(counts.status, filters.status) : undefined,
        filters.requesterId ? eq(counts.requesterUserId, filters.requesterId) : undefined,
      ),
    )
}

async function countTotal(db: DbOrTx, filters: ListFilters, where: SQL | undefined): Promise<number> {
  const [totals] = await totalQuery(db, filters, where)
  return totals?.total ?? 0
}

/** Requests that block a new one: authorized, or pending/consent_pending, and not past their expiry. */
export async function findActiveRequestForPatient(
  db: DbOrTx,
  patientId: string,
  now: Date,
  exceptId?: string,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.patientId, patientId),
        inArray(authorizationRequests.status, ['authorized', 'pending', 'consent_pending']),
        or(isNull(authorizationRequests.expiresAt), gt(authorizationRequests.expiresAt, now)),
        exceptId ? ne(authorizationRequests.id, exceptId) : undefined,
      ),
    )
    .orderBy(desc(authorizationRequests.createdAt))
    .limit(1)
  return row
}

/** What opening a request needs to know, read together once the patient is locked. */
export type OpeningFacts = {
  /** The id of a request that blocks a new one (see findActiveRequestForPatient), or null. */
  activeRequestId: string | null
  /** The organisation's default authorization length (admin settings), or null for 13 months. */
  defaultDurationDays: number | null
  /** The requester as the new request's answer names them. */
  requester: Omit<RequesterRow, 'id'> | null
}

/**
 * The blocking request, the organisation's default length and the requester's name, in one round trip.
 * Run after the patient row is locked: the statement's snapshot then sees every request committed for them.
 */
export async function findOpeningFacts(
  db: DbOrTx,
  input: { patientId: string; organizationId: string; requesterUserId: string; now: Date; exceptId?: string },
): Promise<OpeningFacts> {
  const active = db
    .select({ id: authorizationRequests.id })
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.patientId, input.patientId),
        inArray(authorizationRequests.status, ['authorized', 'pending', 'consent_pending']),
        or(isNull(authorizationRequests.expiresAt), gt(authorizationRequests.expiresAt, input.now)),
        input.exceptId ? ne(authorizationRequests.id, input.exceptId) : undefined,
      ),
    )
    .orderBy(desc(authorizationRequests.createdAt))
    .limit(1)
  const settings = db
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
  const [row] = await db
    .select({
      activeRequestId: sql<string | null>`(${active})`,
      settings: sql<Record<string, unknown> | null>`(${settings})`,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(users, eq(users.id, input.requesterUserId))
  const days = row?.settings?.default_duration_days
  return {
    activeRequestId: row?.activeRequestId ?? null,
    defaultDurationDays: typeof days === 'number' ? days : null,
    requester: row?.role
      ? { firstName: row.firstName ?? '', lastName: row.lastName ?? '', role: row.role }
      : null,
  }
}

export async function insertRequest(
  db: DbOrTx,
  row: typeof authorizationRequests.$inferInsert,
): Promise<RequestRow> {
  const [inserted] = await db.insert(authorizationRequests).values(row).returning()
  if (!inserted) throw new Error('request insert returned no row')
  return inserted
}

export async function updateRequest(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof authorizationRequests.$inferInsert>,
): Promise<RequestRow> {
  const [updated] = await db
    .update(authorizationRequests)
    .set(patch)
    .where(eq(authorizationRequests.id, id))
    .returning()
  if (!updated) throw new Error('request update found no row')
  return updated
}

export async function findRequesters(db: DbOrTx, ids: string[]): Promise<Map<string, RequesterRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The newest ingestion run of each request. */
export async function newestRuns(db: DbOrTx, requestIds: string[]): Promise<Map<string, RunRow>> {
  if (requestIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([ingestionRuns.requestId])
    .from(ingestionRuns)
    .where(inArray(ingestionRuns.requestId, requestIds))
    .orderBy(ingestionRuns.requestId, desc(ingestionRuns.createdAt), desc(ingestionRuns.id))
  return new Map(rows.map((row) => [row.requestId, row]))
}

export async function countEventsSince(
  db: DbOrTx,
  requestIds: string[],
  event: string,
  since: Date,
): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map()
  const rows = await db
    .select({ requestId: authorizationRequestEvents.requestId, total: count() })
    .from(authorizationRequestEvents)
    .where(
      and(
        inArray(authorizationRequestEvents.requestId, requestIds),
        eq(authorizationRequestEvents.event, event),
        gte(authorizationRequestEvents.occurredAt, since),
      ),
    )
    .groupBy(authorizationRequestEvents.requestId)
  return new Map(rows.map((row) => [row.requestId, Number(row.total)]))
}

export type OrganizationSchedule = { reminderHours: number[]; renewalNoticeDays: number }
/** The platform's schedule for organisations that never saved their own (the admin settings page shows it). */
export const DEFAULT_SCHEDULE: OrganizationSchedule = {
  reminderHours: [...DEFAULT_REMINDER_HOURS],
  renewalNoticeDays: DEFAULT_RENEWAL_NOTICE_DAYS,
}

export async function findSchedules(
  db: DbOrTx,
  organizationIds: string[],
): Promise<Map<string, OrganizationSchedule>> {
  if (organizationIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(organizationSettings)
    .where(inArray(organizationSettings.organizationId, organizationIds))
  return new Map(
    rows.map((row) => [
      row.organizationId,
      { reminderHours: row.reminderHours, renewalNoticeDays: row.renewalNoticeDays },
    ]),
  )
}

/** The organisation's default authorization length in days (admin settings), or null for the platform's. */
/**
 * The authorization length chosen when the request was created (its 'created' or 'renewal_created' event):
 * kept there, not in a column, because only the consent step reads it once.
 */
export async function findRequestedDurationDays(db: DbOrTx, requestId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: sql<string | null>`${authorizationRequestEvents.details}->>'duration_days'` })
    .from(authorizationRequestEvents)
    .where(
      and(
        eq(authorizationRequestEvents.requestId, requestId),
        inArray(authorizationRequestEvents.event, ['created', 'renewal_created']),
      ),
    )
    .orderBy(authorizationRequestEvents.id)
    .limit(1)
  return row?.days == null ? null : Number(row.days)
}

const SWEEP_BATCH = 500

/** Live requests whose expiry, or a provider's Medicare grant end, has passed. */
export async function findDueForExpiry(db: DbOrTx, now: Date): Promise<RequestRow[]> {
  return db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        inArray(authorizationRequests.status, ['pending', 'consent_pending', 'authorized']),
        or(
          lte(authorizationRequests.expiresAt, now),
          and(
            eq(authorizationRequests.status, 'authorized'),
            eq(authorizationRequests.authorizationType, 'healthcare_provider'),
            lte(authorizationRequests.medicareAccessEndsAt, now),
          ),
        ),
      ),
    )
    .limit(SWEEP_BATCH)
}

/** Unanswered, unexpired requests at least an hour old whose patient has not opted out of texts. */
/**
 * A deactivated organisation sends nothing: its reminders and renewal notices wait, unclaimed, and the sweep
 * finds them again once it is reactivated (expiry still happens on time: an authorization ends when it ends).
 */
const organizationIsActive = sql`exists (select 1 from ${organizations}
  where ${organizations.id} = ${authorizationRequests.organizationId} and ${organizations.isActive})`

export async function findReminderCandidates(db: DbOrTx, now: Date, hourAgo: Date): Promise<RequestRow[]> {
  return db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        inArray(authorizationRequests.status, ['pending', 'consent_pending']),
        gt(authorizationRequests.expiresAt, now),
        isNull(authorizationRequests.consentAnsweredAt),
        or(isNull(authorizationRequests.smsConsent), ne(authorizationRequests.smsConsent, 'opted_out')),
        lte(authorizationRequests.createdAt, hourAgo),
        organizationIsActive,
      ),
    )
    .limit(SWEEP_BATCH)
}

/**
 * Marks the reminder as sent (and stores the new link's hash) only if nobody else did since `row` was
 * read: a concurrent sweep's claim then matches nothing.
 */
export async function claimReminder(
  db: DbOrTx,
  row: RequestRow,
  patch: Pick<typeof authorizationRequests.$inferInsert, 'remindersSent' | 'updatedAt' | 'consentTokenHash'>,
): Promise<RequestRow | undefined> {
  const [claimed] = await db
    .update(authorizationRequests)
    .set(patch)
    .where(
      and(
        eq(authorizationRequests.id, row.id),
        eq(authorizationRequests.remindersSent, row.remindersSent),
        eq(authorizationRequests.status, row.status),
      ),
    )
    .returning()
  return claimed
}

/** Authorized provider requests ending within `horizon` whose requester has not been told yet. */
export async function findRenewalCandidates(db: DbOrTx, now: Date, horizon: Date): Promise<RequestRow[]> {
  return db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.status, 'authorized'),
        eq(authorizationRequests.authorizationType, 'healthcare_provider'),
        isNull(authorizationRequests.renewalNoticeSentAt),
        gt(authorizationRequests.expiresAt, now),
        lte(authorizationRequests.expiresAt, horizon),
        organizationIsActive,
      ),
    )
    .limit(SWEEP_BATCH)
}

export async function claimRenewalNotice(
  db: DbOrTx,
  requestId: string,
  at: Date,
): Promise<RequestRow | undefined> {
  const [claimed] = await db
    .update(authorizationRequests)
    .set({ renewalNoticeSentAt: at, updatedAt: at })
    .where(and(eq(authorizationRequests.id, requestId), isNull(authorizationRequests.renewalNoticeSentAt)))
    .returning()
  return claimed
}

/**
 * Authorized provider requests whose Medicare grant ends between `now` and `horizon`, with renewal reminders
 * still to send (`remindersInAll` marks). A deactivated organisation's wait, unclaimed, like its other notices.
 */
export async function findGrantEndCandidates(
  db: DbOrTx,
  now: Date,
  horizon: Date,
  remindersInAll: number,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.status, 'authorized'),
        eq(authorizationRequests.authorizationType, 'healthcare_provider'),
        sql`${authorizationRequests.grantEndRemindersSent} < ${remindersInAll}`,
        gt(authorizationRequests.medicareAccessEndsAt, now),
        lte(authorizationRequests.medicareAccessEndsAt, horizon),
        organizationIsActive,
      ),
    )
    .limit(SWEEP_BATCH)
}

/**
 * Marks the grant-end reminders up to `sent` as sent, only if nobody did since `row` was read and the request
 * is still authorized: a concurrent sweep's claim (or one after a restart) then matches nothing.
 */
export async function claimGrantEndReminder(
  db: DbOrTx,
  row: RequestRow,
  sent: number,
  at: Date,
): Promise<RequestRow | undefined> {
  const [claimed] = await db
    .update(authorizationRequests)
    .set({ grantEndRemindersSent: sent, updatedAt: at })
    .where(
      and(
        eq(authorizationRequests.id, row.id),
        eq(authorizationRequests.grantEndRemindersSent, row.grantEndRemindersSent),
        eq(authorizationRequests.status, 'authorized'),
      ),
    )
    .returning()
  return claimed
}

/** A renewal of the request the patient already approved: nothing is left to remind them of. */
export async function hasAuthorizedRenewal(db: DbOrTx, requestId: string): Promise<boolean> {
  const [renewal] = await db
    .select({ id: authorizationRequests.id })
    .from(authorizationRequests)
    .where(
      and(eq(authorizationRequests.renewalOfId, requestId), eq(authorizationRequests.status, 'authorized')),
    )
    .limit(1)
  return renewal !== undefined
}

export async function hasLiveRenewal(db: DbOrTx, requestId: string): Promise<boolean> {
  const [renewal] = await db
    .select({ id: authorizationRequests.id })
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.renewalOfId, requestId),
        inArray(authorizationRequests.status, ['pending', 'consent_pending', 'authorized']),
      ),
    )
    .limit(1)
  return renewal !== undefined
}

export async function findRequest(db: DbOrTx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(authorizationRequests).where(eq(authorizationRequests.id, id))
  return row
}

/** Applies the patch only while the request still has the status `current` was read with. */
export async function updateRequestIfStatus(
  db: DbOrTx,
  current: Pick<RequestRow, 'id' | 'status'>,
  patch: RequestPatch & Pick<RequestRow, 'status'>,
): Promise<RequestRow | undefined> {
  const [updated] = await db
    .update(authorizationRequests)
    .set(patch)
    .where(and(eq(authorizationRequests.id, current.id), eq(authorizationRequests.status, current.status)))
    .returning()
  return updated
}

/** The event row and its audit row in one statement (a data-modifying CTE): one round trip, not two. */
export async function insertRequestEventWithAudit(
  db: DbOrTx,
  row: typeof authorizationRequestEvents.$inferInsert,
  audit: typeof auditLog.$inferInsert,
): Promise<void> {
  const event = db.$with('recorded_event', {}).as(db.insert(authorizationRequestEvents).values(row).getSQL())
  await db.with(event).insert(auditLog).values(audit)
}

/** Shows again the requester's own hidden requests among `ids` (in their organisation); returns their ids. */
export async function unhideOwnRequests(
  db: DbOrTx,
  principal: Principal,
  ids: readonly string[],
  now: Date,
): Promise<string[]> {
  if (principal.organizationId === null || ids.length === 0) return []
  const rows = await db
    .update(authorizationRequests)
    .set({ hiddenByRequester: false, updatedAt: now })
    .where(
      and(
        inArray(authorizationRequests.id, [...ids]),
        eq(authorizationRequests.organizationId, principal.organizationId),
        eq(authorizationRequests.requesterUserId, principal.userId),
        eq(authorizationRequests.hiddenByRequester, true),
      ),
    )
    .returning({ id: authorizationRequests.id })
  return rows.map((row) => row.id)
}
