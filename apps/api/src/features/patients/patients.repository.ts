// Queries for patients. Every query goes through `patientScope`: the organisation;
// without all_tins, patients on the user's TINs or with no TIN (the same rule as `patientInScope` in
// patient-records.ts); agents only patients with an authorized, unexpired request of their own.
import { isAgentRole, roleFitsOrganizationType } from '@blueconsent/contract/shared'
import { and, count, desc, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { readAll, type DbOrTx } from '../../db/client.ts'
import { authorizationRequests } from '../../db/schema/authorization-requests.ts'
import {
  claimDiagnoses,
  claimLines,
  claimProcedures,
  claims,
  coverages,
  medications,
  riskScores,
} from '../../db/schema/clinical.ts'
import { patients } from '../../db/schema/patients.ts'
import type { Principal } from '../../plugins/access.ts'

export type PatientRow = typeof patients.$inferSelect
export type ClaimRow = typeof claims.$inferSelect

/**
 * What the scope conditions compare with: the principal's own values, or the placeholders of a prepared
 * statement (findScopedPatient). Both go through the same builders below, so a prepared scope cannot drift
 * from the one every other query uses.
 */
type ScopeInputs = {
  organizationId: string | Placeholder
  userId: string | Placeholder
  /** An expression of type uuid[]. */
  tinIds: SQL
  /** An ISO timestamp. */
  now: string | Placeholder
}

/** What decides the shape of the scope conditions (the rest are values). */
type ScopeShape = Pick<Principal, 'role' | 'organizationType' | 'allTins'> & { inOrganization: boolean }

const shapeOf = (principal: Principal): ScopeShape => ({
  role: principal.role,
  organizationType: principal.organizationType,
  allTins: principal.allTins,
  inOrganization: principal.organizationId !== null,
})

/** A name for the shape, unique per shape (prepared statements and batch keys are named by it). */
const shapeName = (shape: ScopeShape): string =>
  `${shape.role}_${shape.organizationType ?? 'none'}_${shape.allTins}_${shape.inOrganization}`

const inputsOf = (principal: Principal, now: Date): ScopeInputs => ({
  organizationId: principal.organizationId ?? '',
  userId: principal.userId,
  tinIds: sql`${sql.param(principal.tinIds)}::uuid[]`,
  now: now.toISOString(),
})

/** Authorized, unexpired and not held for an identity review: the only state in which data is served. */
function activeRequestWith(shape: ScopeShape, inputs: ScopeInputs): SQL {
  return and(
    eq(authorizationRequests.patientId, patients.id),
    eq(authorizationRequests.organizationId, patients.organizationId),
    eq(authorizationRequests.status, 'authorized'),
    sql`${authorizationRequests.expiresAt} > ${inputs.now}`,
    sql`${authorizationRequests.identityReview} not in ('pending', 'rejected')`,
    isAgentRole(shape.role) ? eq(authorizationRequests.requesterUserId, inputs.userId) : undefined,
  ) as SQL
}

const activeAuthorizationExistsWith = (shape: ScopeShape, inputs: ScopeInputs): SQL =>
  sql`exists (select 1 from ${authorizationRequests} where ${activeRequestWith(shape, inputs)})`

/**
 * The condition "the caller has an active authorization for this row of `patients`", for a query over
 * `patients`: what the Medicare pull wrote (the MBI, birth date, gender, state, ZIP) is matched on only then.
 */
export function activeAuthorizationExists(principal: Principal, now: Date): SQL {
  return activeAuthorizationExistsWith(shapeOf(principal), inputsOf(principal, now))
}

function patientScopeWith(shape: ScopeShape, inputs: ScopeInputs): SQL {
  // Platform administrators belong to no organisation and see no patients. A role in the wrong kind of
  // organisation (an agent role in an ACO, say) sees none either, as the web guards say.
  if (!shape.inOrganization) return sql`false`
  if (!roleFitsOrganizationType(shape.role, shape.organizationType)) return sql`false`
  const conditions: (SQL | undefined)[] = [eq(patients.organizationId, inputs.organizationId)]
  if (!shape.allTins) {
    conditions.push(or(isNull(patients.tinId), sql`${patients.tinId} = any(${inputs.tinIds})`))
  }
  if (isAgentRole(shape.role)) {
    conditions.push(activeAuthorizationExistsWith(shape, inputs))
  }
  return and(...conditions) as SQL
}

export function patientScope(principal: Principal, now: Date): SQL {
  return patientScopeWith(shapeOf(principal), inputsOf(principal, now))
}

/**
 * For a query over `patients`: the id of the caller's active authorization request for the row (agents:
 * their own), the most recently authorized if several, or null. What an audit row names as its reason.
 */
function activeAuthorizationIdWith(shape: ScopeShape, inputs: ScopeInputs): SQL<string | null> {
  return sql<
    string | null
  >`(select ${authorizationRequests.id} from ${authorizationRequests} where ${activeRequestWith(shape, inputs)} order by ${authorizationRequests.authorizedAt} desc nulls last, ${authorizationRequests.createdAt} desc, ${authorizationRequests.id} desc limit 1)`
}

const activeAuthorizationId = (principal: Principal, now: Date): SQL<string | null> =>
  activeAuthorizationIdWith(shapeOf(principal), inputsOf(principal, now))

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
  } | null>`(
    select json_build_object('id', ${authorizationRequests.id}, 'status', ${authorizationRequests.status}, 'expires_at', ${authorizationRequests.expiresAt})
    from ${authorizationRequests} where ${ownRequests}
    order by ${authorizationRequests.createdAt} desc, ${authorizationRequests.id} desc limit 1)`
  const served = activeAuthorizationExists(principal, now)
  // Correlations go through eq(): Drizzle leaves a bare column unqualified in a one-table select list.
  const score = options.scores
    ? sql<string | null>`case when ${served} then (select ${riskScores.score} from ${riskScores}
        where ${eq(riskScores.patientId, patients.id)} order by ${riskScores.calculatedAt} desc limit 1) end`
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
    })
    .from(authorizationRequests)
    .where(
      and(
        inArray(authorizationRequests.patientId, patientIds),
        eq(authorizationRequests.organizationId, principal.organizationId),
        isAgentRole(principal.role) ? eq(authorizationRequests.requesterUserId, principal.userId) : undefined,
      ),
    )
    .orderBy(desc(authorizationRequests.createdAt), desc(authorizationRequests.id))
  const newest = new Map<string, NewestRequest>()
  for (const row of rows) if (!newest.has(row.patientId)) newest.set(row.patientId, row)
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
    .where(and(byRecordId ? eq(claims.id, id) : eq(claims.resourceId, id), patientScope(principal, now)))
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
        .where(eq(coverages.patientId, patientId))
        .orderBy(coverages.resourceId),
    () =>
      db
        .select({ resource: claims.resource })
        .from(claims)
        .where(eq(claims.patientId, patientId))
        .orderBy(claims.resourceId),
    () =>
      db
        .select({ resource: medications.resource })
        .from(medications)
        .where(eq(medications.patientId, patientId))
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
    .where(eq(coverages.patientId, patientId))
    .orderBy(coverages.part, coverages.resourceId)
  return rows.map((row) => row.record)
}
