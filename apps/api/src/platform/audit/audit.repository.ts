// Queries of the append-only audit log: rows are only ever inserted and read.
import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import type DataLoader from 'dataloader'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../db/client.ts'
import { sameTurnBatches } from '../lib/same-turn-batches.ts'
import { auditLog } from '../db/schema/audit.ts'
import { patients } from '../db/schema/patients.ts'
import { users } from '../db/schema/users.ts'

export type AuditLogRow = typeof auditLog.$inferSelect
export type AuditRowWithActor = {
  log: AuditLogRow
  firstName: string | null
  lastName: string | null
  patientName: string | null
}

export type AuditFilter = {
  /** undefined: every organisation; null: none (a caller without an organisation sees nothing). */
  organizationId: string | null | undefined
  user?: string | undefined
  patient?: string | undefined
  action?: string | undefined
  from?: Date | undefined
  /** Exclusive. */
  to?: Date | undefined
}

type NewAuditRow = typeof auditLog.$inferInsert

/**
 * Reads of patient data are audited before they are answered, one row each, so under load the rows of the
 * requests writing at the same moment go in as one multi-row statement (one commit, one WAL flush) instead
 * of one each. Each caller still waits until its row is committed. Should that statement fail, each row is
 * tried alone, so one bad row fails only its own request.
 */
function createAuditBatches(db: DbOrTx): DataLoader<NewAuditRow, true> {
  return sameTurnBatches<NewAuditRow, true>(async (rows) => {
    try {
      await db.insert(auditLog).values([...rows])
      return rows.map(() => true as const)
    } catch {
      return Promise.all(
        rows.map((row) =>
          db
            .insert(auditLog)
            .values(row)
            .then(
              () => true as const,
              (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
            ),
        ),
      )
    }
  }, 500)
}

const auditBatches = new WeakMap<DbOrTx, DataLoader<NewAuditRow, true>>()

/** A row written inside a transaction is part of it; one written on the pool joins the moment's batch. */
export async function insertAuditLog(db: DbOrTx, row: NewAuditRow): Promise<void> {
  if (db instanceof PgTransaction) {
    await db.insert(auditLog).values(row)
    return
  }
  let batches = auditBatches.get(db)
  if (!batches) {
    batches = createAuditBatches(db)
    auditBatches.set(db, batches)
  }
  await batches.load(row)
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (filter.organizationId !== undefined)
    conditions.push(filter.organizationId ? eq(auditLog.organizationId, filter.organizationId) : sql`false`)
  if (filter.user) conditions.push(eq(auditLog.actorUserId, filter.user))
  if (filter.patient) conditions.push(eq(auditLog.patientId, filter.patient))
  if (filter.action) conditions.push(eq(auditLog.action, filter.action))
  if (filter.from) conditions.push(gte(auditLog.occurredAt, filter.from))
  if (filter.to) conditions.push(lt(auditLog.occurredAt, filter.to))
  return and(...conditions)
}

/** Newest first, with the actor's and the patient's names. */
export async function selectAuditRows(
  db: DbOrTx,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRowWithActor[]> {
  return (
    db
      .select({
        log: auditLog,
        firstName: users.firstName,
        lastName: users.lastName,
        patientName: patients.fullName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      // The patient's name only from the row's own organisation: a name never crosses tenants.
      .leftJoin(
        patients,
        and(eq(patients.id, auditLog.patientId), eq(patients.organizationId, auditLog.organizationId)),
      )
      .where(auditWhere(filter))
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset)
  )
}

export async function countAuditRows(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(auditLog).where(auditWhere(filter))
  return totals?.total ?? 0
}

/** The people who appear in an organisation's log (every organisation's for `undefined`), by name. */
export async function selectAuditPeople(
  db: DbOrTx,
  organizationId: string | null | undefined,
): Promise<{ id: string; firstName: string; lastName: string; email: string }[]> {
  if (organizationId === null) return []
  return db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        isNotNull(auditLog.actorUserId),
        organizationId === undefined ? undefined : eq(auditLog.organizationId, organizationId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500)
}

/** The newest audited read of one patient's data by one organisation since `since`, if any. */
export async function findLastPatientDataRead(
  db: DbOrTx,
  input: { organizationId: string; patientId: string; since: Date; actions: readonly string[] },
): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLog.occurredAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.patientId, input.patientId),
        eq(auditLog.organizationId, input.organizationId),
        gte(auditLog.occurredAt, input.since),
        sql`${auditLog.action} in (${sql.join(
          input.actions.map((action) => sql`${action}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(desc(auditLog.occurredAt))
    .limit(1)
  return row?.at ?? null
}
