// Queries for authorization requests. Scoping (DESIGN.md §5) lives in `scopeCondition` so the list, the
// single read and every action use the same rule.
import { and, count, desc, eq, gt, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  authorizationRequestEvents,
  authorizationRequests,
  organizationSettings,
} from '../../db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../db/schema/bluebutton.ts'
import { patients } from '../../db/schema/patients.ts'
import { users } from '../../db/schema/users.ts'
import type { Principal } from '../../plugins/access.ts'
import type { RequestRow } from './transitions.ts'

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

/** The same rule for one patient already loaded (create and MRN lookup). */
export function patientInScope(
  principal: Principal,
  patient: Pick<PatientRow, 'organizationId' | 'tinId'>,
): boolean {
  if (patient.organizationId !== principal.organizationId) return false
  return principal.allTins || patient.tinId === null || principal.tinIds.includes(patient.tinId)
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
  limit: number
  offset: number
}

export async function listScopedRequests(
  db: DbOrTx,
  filters: ListFilters,
): Promise<{ total: number; rows: { request: RequestRow; patient: PatientRow }[] }> {
  const { principal } = filters
  const conditions: (SQL | undefined)[] = [scopeCondition(principal)]
  if (!filters.organizationWide) {
    conditions.push(
      eq(authorizationRequests.requesterUserId, principal.userId),
      eq(authorizationRequests.hiddenByRequester, false),
    )
  }
  if (filters.status) conditions.push(eq(authorizationRequests.status, filters.status))
  if (filters.requesterId) conditions.push(eq(authorizationRequests.requesterUserId, filters.requesterId))
  const where = and(...conditions)
  const [totals] = await db
    .select({ total: count() })
    .from(authorizationRequests)
    .innerJoin(patients, eq(patients.id, authorizationRequests.patientId))
    .where(where)
  const rows = await db
    .select({ request: authorizationRequests, patient: patients })
    .from(authorizationRequests)
    .innerJoin(patients, eq(patients.id, authorizationRequests.patientId))
    .where(where)
    .orderBy(desc(authorizationRequests.createdAt), desc(authorizationRequests.id))
    .limit(filters.limit)
    .offset(filters.offset)
  return { total: totals?.total ?? 0, rows }
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

export async function findPatientByHash(
  db: DbOrTx,
  organizationId: string,
  column: 'mrnHash' | 'emailHash' | 'phoneHash',
  hash: string,
): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), eq(patients[column], hash)))
    .orderBy(desc(patients.createdAt))
    .limit(1)
  return row
}

export async function insertPatient(db: DbOrTx, row: typeof patients.$inferInsert): Promise<PatientRow> {
  const [inserted] = await db.insert(patients).values(row).returning()
  if (!inserted) throw new Error('patient insert returned no row')
  return inserted
}

/** Serialises creates for one patient so two staff cannot both pass the duplicate check. */
export async function lockPatient(db: DbOrTx, patientId: string): Promise<void> {
  await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update')
}

export async function updatePatient(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof patients.$inferInsert>,
): Promise<void> {
  await db.update(patients).set(patch).where(eq(patients.id, id))
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
export const DEFAULT_SCHEDULE: OrganizationSchedule = { reminderHours: [48, 120], renewalNoticeDays: 30 }

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

/** Releases data held for review: the held run counts as completed once staff confirm the identity. */
export async function releaseHeldRuns(db: DbOrTx, requestId: string, at: Date): Promise<void> {
  await db
    .update(ingestionRuns)
    .set({
      status: 'completed',
      finishedAt: sql`coalesce(${ingestionRuns.finishedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(ingestionRuns.requestId, requestId), eq(ingestionRuns.status, 'held_for_review')))
}
