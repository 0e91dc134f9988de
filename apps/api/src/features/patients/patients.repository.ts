// Queries for patients. Every query goes through `patientScope` (patient-scope.ts): the organisation;
// without all_tins, patients on the user's TINs or with no TIN; agents only patients with an authorized,
// unexpired request of their own.
import { isAgentRole } from '@blueconsent/contract/shared'
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { type Principal } from '../../platform/identity/index.ts'
import { readAll, type DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import {
  claimDiagnoses,
  claimLines,
  claimProcedures,
  claims,
  coverages,
  medications,
  released,
  riskScores,
} from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import {
  activeAuthorizationExists,
  activeAuthorizationId,
  activeAuthorizationIdWith,
  patientScope,
  patientScopeWith,
  shapeName,
  shapeOf,
  type ScopeInputs,
  type ScopeShape,
} from './patient-scope.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'

export type PatientRow = typeof patients.$inferSelect
export type ClaimRow = typeof claims.$inferSelect

/** A patient in scope, with the caller's active authorization for it (null: none), in one query. */
export type ScopedPatient = { row: PatientRow; authorizationId: string | null }

function prepareScopedPatients(db: DbOrTx, shape: ScopeShape, name: string) {
  const inputs: ScopeInputs = {
    organizationId: sql.placeholder('organizationId'),
    userId: sql.placeholder('userId'),
    tinIds: sql`${sql.placeholder('tinIds')}::uuid[]`,
    now: sql.placeholder('now'),
  }
  return db
    .select({ row: patients, authorizationId: activeAuthorizationIdWith(shape, inputs) })
    .from(patients)
    .where(and(sql`${patients.id} = any(${sql.placeholder('ids')}::uuid[])`, patientScopeWith(shape, inputs)))
    .prepare(name)
}

// Per database handle, one statement per scope shape (a handful: role, organisation type, all_tins).
const scopedPatientStatements = new WeakMap<DbOrTx, Map<string, ReturnType<typeof prepareScopedPatients>>>()

/** What a scoped read of patients depends on besides the ids: callers equal in this read the same rows. */
export function scopeKeyOf(principal: Principal): string {
  const shape = shapeOf(principal)
  return [
    shapeName(shape),
    principal.organizationId ?? '',
    // Only an agent's scope names the user (the requests they made themselves).
    isAgentRole(shape.role) ? principal.userId : '',
    shape.allTins ? '' : [...principal.tinIds].sort().join(','),
  ].join('/')
}

/**
 * Patients in the caller's scope among `ids` (UUIDs), each with the caller's active authorization for it
 * (null: none), in one statement. Every read of one patient (the record, its data, claims, notes, the audit
 * reason) starts here, so the statement is prepared per scope shape: Drizzle builds it once and PostgreSQL
 * plans it once per connection.
 */
export async function findScopedPatients(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  ids: readonly string[],
): Promise<Map<string, ScopedPatient>> {
  const shape = shapeOf(principal)
  const name = `scoped_patients_${shapeName(shape)}`
  let statements = scopedPatientStatements.get(db)
  if (!statements) {
    statements = new Map()
    scopedPatientStatements.set(db, statements)
  }
  let statement = statements.get(name)
  if (!statement) {
    statement = prepareScopedPatients(db, shape, name)
    statements.set(name, statement)
  }
  const found = await statement.execute({
    organizationId: principal.organizationId,
    userId: principal.userId,
    tinIds: principal.tinIds,
    now: now.toISOString(),
    ids,
  })
  return new Map(found.map((scoped) => [scoped.row.id, scoped]))
}

export type SearchPage = { where: SQL; orderBy: SQL[]; limit: number; offset: number }

export type SearchedPatient = {
  patient: PatientRow
  /** The newest request for the patient within the caller's view (agents: their own). */
  newestRequest: NewestRequest | undefined
  /** The caller has an active authorization for the patient (what the pull wrote is shown only then). */
  served: boolean
  /** The newest risk score, when asked for and served. */
  score: number | undefined
}

/**
 * One page of a search, its total and what each row shows, in one round trip: a window count beside the
 * limit, and per row the newest request, whether an active authorization serves it and its newest risk
 * score, as subqueries in the select list. PostgreSQL evaluates those only for the rows the limit lets
 * through (costly select-list expressions are computed after the sort when there is a limit), so they cost
 * 3 index probes a row on the page, not per match. It replaced four statements run one after another.
 * A page past the end counts separately.
 */
export async function searchPatientsInContext(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  page: SearchPage,
  options: { scores: boolean },
): Promise<{ total: number; rows: SearchedPatient[] }> {
  const ownRequests = and(
    eq(authorizationRequests.patientId, patients.id),
    principal.organizationId === null
      ? sql`false`
      : eq(authorizationRequests.organizationId, principal.organizationId),
    isAgentRole(principal.role) ? eq(authorizationRequests.requesterUserId, principal.userId) : undefined,
  )
  const newestRequest = sql<{
    id: string
    status: NewestRequest['status']
    expires_at: string | null
    medicare_access_ends_at: string | null
    identity_review: string
    part2_shared: boolean | null
  } | null>`(
    select json_build_object('id', ${authorizationRequests.id}, 'status', ${authorizationRequests.status}, 'expires_at', ${authorizationRequests.expiresAt}, 'medicare_access_ends_at', ${authorizationRequests.medicareAccessEndsAt}, 'identity_review', ${authorizationRequests.identityReview}, 'part2_shared', (select ${bluebuttonGrants.part2Shared} from ${bluebuttonGrants} where ${eq(bluebuttonGrants.id, authorizationRequests.grantId)}))
    from ${authorizationRequests} where ${ownRequests}
    order by ${authorizationRequests.createdAt} desc, ${authorizationRequests.id} desc limit 1)`
  const served = activeAuthorizationExists(principal, now)
  // Correlations go through eq(): Drizzle leaves a bare column unqualified in a one-table select list.
  const score = options.scores
    ? sql<string | null>`case when ${served} then (select ${riskScores.score} from ${riskScores}
        where ${eq(riskScores.patientId, patients.id)} and ${released(riskScores)} order by ${riskScores.calculatedAt} desc limit 1) end`
    : sql<string | null>`null`
  const found = await db
    .select({
      patient: patients,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      newestRequest,
      served: sql<boolean>`${served}`,
      score,
    })
    .from(patients)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset)
  const rows = found.map((row) => ({
    patient: row.patient,
    newestRequest: row.newestRequest
      ? {
          patientId: row.patient.id,
          id: row.newestRequest.id,
          status: row.newestRequest.status,
          expiresAt: row.newestRequest.expires_at === null ? null : new Date(row.newestRequest.expires_at),
          medicareAccessEndsAt:
            row.newestRequest.medicare_access_ends_at == null
              ? null
              : new Date(row.newestRequest.medicare_access_ends_at),
          underIdentityReview: row.newestRequest.identity_review === 'pending',
          part2Shared: row.newestRequest.part2_shared ?? null,
        }
      : undefined,
    served: row.served,
    score: row.score === null ? undefined : Number(row.score),
  }))
  if (found.length > 0 || page.offset === 0) return { total: found[0]?.total ?? 0, rows }
  const [totals] = await db.select({ total: count() }).from(patients).where(page.where)
  return { total: totals?.total ?? 0, rows: [] }
}

/**
 * When the first of the organisation's authorizations that are still running at `now` ends (null: none
 * does). Until then every "authorized and unexpired" condition (patientScope, activeAuthorizationExists)
 * gives the same answer as at `now`, so a search answer computed at `now` holds until that instant unless
 * the organisation's data revision moves first.
 */
export async function nextAuthorizationEnd(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: sql<string | null>`min(${authorizationRequests.expiresAt})` })
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.status, 'authorized'),
        sql`${authorizationRequests.expiresAt} > ${now.toISOString()}`,
        eq(authorizationRequests.organizationId, organizationId),
      ),
    )
  return row?.endsAt ? new Date(row.endsAt) : null
}

export type NewestRequest = {
  patientId: string
  id: string
  status: (typeof authorizationRequests.$inferSelect)['status']
  expiresAt: Date | null
  /** When Medicare's own access ends (Blue Button's grant end or a one-time grant's hour). */
  medicareAccessEndsAt: Date | null
  /** The Medicare record it brought waits for an identity review: not to be shown as approved. */
  underIdentityReview: boolean
  /** Whether the patient shared 42 CFR Part 2 (substance use) claims under its grant; null: not known. */
  part2Shared: boolean | null
}

/** The newest request per patient within the caller's view (agents: their own). */
export async function newestRequests(
  db: DbOrTx,
  principal: Principal,
  patientIds: string[],
): Promise<Map<string, NewestRequest>> {
  if (patientIds.length === 0 || principal.organizationId === null) return new Map()
  const rows = await db
    .select({
      patientId: authorizationRequests.patientId,
      id: authorizationRequests.id,
      status: authorizationRequests.status,
      expiresAt: authorizationRequests.expiresAt,
      medicareAccessEndsAt: authorizationRequests.medicareAccessEndsAt,
      identityReview: authorizationRequests.identityReview,
      part2Shared: bluebuttonGrants.part2Shared,
    })
    .from(authorizationRequests)
    .leftJoin(bluebuttonGrants, eq(bluebuttonGrants.id, authorizationRequests.grantId))
    .where(
      and(
        inArray(authorizationRequests.patientId, patientIds),
        eq(authorizationRequests.organizationId, principal.organizationId),
        isAgentRole(principal.role) ? eq(authorizationRequests.requesterUserId, principal.userId) : undefined,
      ),
    )
    .orderBy(desc(authorizationRequests.createdAt), desc(authorizationRequests.id))
  const newest = new Map<string, NewestRequest>()
  for (const { identityReview, ...row } of rows)
    if (!newest.has(row.patientId))
      newest.set(row.patientId, { ...row, underIdentityReview: identityReview === 'pending' })
  return newest
}

/**
 * A claim by its record id (uuid) or Blue Button id, among the caller's patients, with the caller's active
 * authorization for its patient (`activeAuthorizationId`). A Blue Button id is unique per patient only, so
 * when several patients in scope have a claim with it the lookup is ambiguous and finds nothing (404)
 * rather than one patient's claim picked for another's; clients use `record_id`.
 */
export async function findScopedClaim(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  id: string,
  byRecordId: boolean,
): Promise<{ claim: ClaimRow; authorizationId: string | null } | undefined> {
  const found = await db
    .select({ claim: claims, authorizationId: activeAuthorizationId(principal, now) })
    .from(claims)
    .innerJoin(patients, eq(patients.id, claims.patientId))
    .where(
      and(
        byRecordId ? eq(claims.id, id) : eq(claims.resourceId, id),
        released(claims),
        patientScope(principal, now),
      ),
    )
    .limit(2)
  return found.length === 1 ? found[0] : undefined
}

export async function claimChildren(db: DbOrTx, claimId: string) {
  const [diagnoses, lines, procedures] = await readAll(db, [
    () =>
      db
        .select()
        .from(claimDiagnoses)
        .where(eq(claimDiagnoses.claimId, claimId))
        .orderBy(claimDiagnoses.sequence),
    () => db.select().from(claimLines).where(eq(claimLines.claimId, claimId)).orderBy(claimLines.sequence),
    () =>
      db
        .select()
        .from(claimProcedures)
        .where(eq(claimProcedures.claimId, claimId))
        .orderBy(claimProcedures.sequence),
  ])
  return { diagnoses, lines, procedures }
}

/** The resources as pulled, for the FHIR export. */
export async function originalResources(db: DbOrTx, patientId: string): Promise<Record<string, unknown>[]> {
  const [coverageRows, claimRows, medicationRows] = await readAll(db, [
    () =>
      db
        .select({ resource: coverages.resource })
        .from(coverages)
        .where(and(eq(coverages.patientId, patientId), released(coverages)))
        .orderBy(coverages.resourceId),
    () =>
      db
        .select({ resource: claims.resource })
        .from(claims)
        .where(and(eq(claims.patientId, patientId), released(claims)))
        .orderBy(claims.resourceId),
    () =>
      db
        .select({ resource: medications.resource })
        .from(medications)
        .where(and(eq(medications.patientId, patientId), released(medications)))
        .orderBy(medications.resourceId),
  ])
  return [...coverageRows, ...claimRows, ...medicationRows].map((row) => row.resource)
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

/**
 * Holds, until the transaction ends, a lock on one way of finding a patient (an MRN or a contact, as its keyed
 * hash) in one organisation, so two requests for the same new patient create it once: the second waits, then
 * finds the first one's row.
 */
export async function lockPatientLookup(db: DbOrTx, organizationId: string, hash: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`patient:${organizationId}:${hash}`}, 0))`,
  )
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

/** The Blue Button patient id the consent returned (encrypted; the keyed hash finds it again). */
export async function setBlueButtonPatientId(
  db: DbOrTx,
  id: string,
  encrypted: string,
  hash: string,
  at: Date,
): Promise<void> {
  await db
    .update(patients)
    .set({ bluebuttonPatientEncrypted: encrypted, bluebuttonPatientHash: hash, updatedAt: at })
    .where(eq(patients.id, id))
}

export async function findPatientById(db: DbOrTx, id: string): Promise<PatientRow | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id))
  return row
}

/** The stored Coverage records (mapped by the Blue Button package) of one patient. */
export async function coverageRecordsOf(db: DbOrTx, patientId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ record: coverages.record })
    .from(coverages)
    .where(and(eq(coverages.patientId, patientId), released(coverages)))
    .orderBy(coverages.part, coverages.resourceId)
  return rows.map((row) => row.record)
}

/** A patient whose Medicare data the caller is served now, for lists built over that data (the visit planner). */
export type ServedPatient = {
  id: string
  fullName: string
  birthDate: string | null
  authorizationId: string
}

/**
 * The patients in the caller's scope with an active authorization and a completed pull (the data the caller
 * is served), by name, at most `limit`.
 */
export async function servedPatientsInScope(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  limit: number,
): Promise<ServedPatient[]> {
  const rows = await db
    .select({
      id: patients.id,
      fullName: patients.fullName,
      birthDate: patients.birthDate,
      authorizationId: activeAuthorizationId(principal, now),
    })
    .from(patients)
    .where(
      and(
        patientScope(principal, now),
        activeAuthorizationExists(principal, now),
        sql`${patients.dataAsOf} is not null`,
      ),
    )
    .orderBy(patients.fullName, patients.id)
    .limit(limit)
  return rows.flatMap((row) =>
    row.authorizationId === null ? [] : [{ ...row, authorizationId: row.authorizationId }],
  )
}

/** Whether the patient shared 42 CFR Part 2 (substance use) claims under this request's grant; null: not known. */
export async function requestPart2Shared(db: DbOrTx, requestId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ part2Shared: bluebuttonGrants.part2Shared })
    .from(authorizationRequests)
    .innerJoin(bluebuttonGrants, eq(bluebuttonGrants.id, authorizationRequests.grantId))
    .where(eq(authorizationRequests.id, requestId))
  return row?.part2Shared ?? null
}
