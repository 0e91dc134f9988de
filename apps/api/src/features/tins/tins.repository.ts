// Queries of the TIN registry: an organisation's TINs and which of its patients sit under each. Every query
// names the organisation, so no id from another organisation ever matches.
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { tins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'

export type TinRow = typeof tins.$inferSelect
export type TinWithCreator = { tin: TinRow; createdByEmail: string | null; patientCount: number }
export type TinFilter = {
  organizationId: string
  active?: boolean
  nameContains?: string
  /** Keyed hashes of whole TINs typed in the search. */
  hashes?: string[]
  /** The last digits typed in the search, matched against the masked value. */
  maskedSuffix?: string
}

function tinWhere(filter: TinFilter): SQL | undefined {
  const search = filter.nameContains
    ? or(
        ilike(tins.providerOrgName, `%${escapeLike(filter.nameContains)}%`),
        ...(filter.hashes?.length ? [inArray(tins.identifierHash, filter.hashes)] : []),
        ...(filter.maskedSuffix ? [ilike(tins.identifierMasked, `%${filter.maskedSuffix}`)] : []),
      )
    : undefined
  return and(
    eq(tins.organizationId, filter.organizationId),
    filter.active === undefined ? undefined : eq(tins.isActive, filter.active),
    search,
  )
}

/** `%` and `_` typed by a user are letters, not wildcards. */
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (match) => `\\${match}`)

const patientCount = sql<number>`(select count(*)::int from ${patients} where ${patients.tinId} = ${tins.id})`

/** TINs newest registered first is what an admin checks after adding one; the list reads by name instead. */
export async function selectTins(
  db: DbOrTx,
  filter: TinFilter,
  limit: number,
  offset: number,
): Promise<TinWithCreator[]> {
  return db
    .select({ tin: tins, createdByEmail: users.email, patientCount })
    .from(tins)
    .leftJoin(users, eq(users.id, tins.createdByUserId))
    .where(tinWhere(filter))
    .orderBy(asc(tins.providerOrgName), asc(tins.id))
    .limit(limit)
    .offset(offset)
}

export async function countTins(db: DbOrTx, filter: TinFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tins).where(tinWhere(filter))
  return row?.total ?? 0
}

export async function findTin(
  db: DbOrTx,
  organizationId: string,
  tinId: string,
): Promise<TinWithCreator | null> {
  const [row] = await db
    .select({ tin: tins, createdByEmail: users.email, patientCount })
    .from(tins)
    .leftJoin(users, eq(users.id, tins.createdByUserId))
    .where(and(eq(tins.organizationId, organizationId), eq(tins.id, tinId)))
  return row ?? null
}

/** An active TIN of the organisation with this number, other than `exceptId`. */
export async function findActiveTinByHash(
  db: DbOrTx,
  organizationId: string,
  hash: string,
  exceptId: string | null = null,
): Promise<TinRow | null> {
  const [row] = await db
    .select()
    .from(tins)
    .where(
      and(
        eq(tins.organizationId, organizationId),
        eq(tins.identifierHash, hash),
        eq(tins.isActive, true),
        exceptId ? sql`${tins.id} <> ${exceptId}` : undefined,
      ),
    )
  return row ?? null
}

export async function insertTin(db: DbOrTx, row: typeof tins.$inferInsert): Promise<TinRow> {
  const [inserted] = await db.insert(tins).values(row).returning()
  if (!inserted) throw new Error('TIN insert returned no row')
  return inserted
}

export async function updateTin(
  db: DbOrTx,
  organizationId: string,
  tinId: string,
  changes: Partial<typeof tins.$inferInsert>,
): Promise<void> {
  await db
    .update(tins)
    .set(changes)
    .where(and(eq(tins.organizationId, organizationId), eq(tins.id, tinId)))
}

export type TinCounts = { total: number; active: number; assigned: number; unassigned: number }

export async function countRegistry(db: DbOrTx, organizationId: string): Promise<TinCounts> {
  const [tinCounts] = await db
    .select({ total: count(), active: sql<number>`count(*) filter (where ${tins.isActive})::int` })
    .from(tins)
    .where(eq(tins.organizationId, organizationId))
  const [patientCounts] = await db
    .select({
      assigned: sql<number>`count(*) filter (where ${patients.tinId} is not null)::int`,
      unassigned: sql<number>`count(*) filter (where ${patients.tinId} is null)::int`,
    })
    .from(patients)
    .where(eq(patients.organizationId, organizationId))
  return {
    total: tinCounts?.total ?? 0,
    active: tinCounts?.active ?? 0,
    assigned: patientCounts?.assigned ?? 0,
    unassigned: patientCounts?.unassigned ?? 0,
  }
}

export type RegistryPatientRow = Pick<
  typeof patients.$inferSelect,
  'id' | 'fullName' | 'mrnEncrypted' | 'birthDate' | 'tinId'
>
/** Patients of one TIN, or (tinId null) those under none. */
export type PatientsUnder = { organizationId: string; tinId: string | null }

const patientsUnderWhere = (under: PatientsUnder): SQL | undefined =>
  and(
    eq(patients.organizationId, under.organizationId),
    under.tinId === null ? isNull(patients.tinId) : eq(patients.tinId, under.tinId),
  )

export async function selectPatientsUnder(
  db: DbOrTx,
  under: PatientsUnder,
  limit: number,
  offset: number,
): Promise<RegistryPatientRow[]> {
  return db
    .select({
      id: patients.id,
      fullName: patients.fullName,
      mrnEncrypted: patients.mrnEncrypted,
      birthDate: patients.birthDate,
      tinId: patients.tinId,
    })
    .from(patients)
    .where(patientsUnderWhere(under))
    .orderBy(asc(patients.fullName), asc(patients.id))
    .limit(limit)
    .offset(offset)
}

export async function findRegistryPatient(
  db: DbOrTx,
  organizationId: string,
  patientId: string,
): Promise<RegistryPatientRow | null> {
  const [row] = await db
    .select({
      id: patients.id,
      fullName: patients.fullName,
      mrnEncrypted: patients.mrnEncrypted,
      birthDate: patients.birthDate,
      tinId: patients.tinId,
    })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), eq(patients.id, patientId)))
  return row ?? null
}

export async function countPatientsUnder(db: DbOrTx, under: PatientsUnder): Promise<number> {
  const [row] = await db.select({ total: count() }).from(patients).where(patientsUnderWhere(under))
  return row?.total ?? 0
}

/** The organisation's patients among these ids or MRN hashes, with their current TIN. */
export async function findPatientsByIdsOrMrns(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
  mrnHashes: readonly string[],
): Promise<Pick<typeof patients.$inferSelect, 'id' | 'mrnHash' | 'tinId'>[]> {
  if (ids.length === 0 && mrnHashes.length === 0) return []
  return db
    .select({ id: patients.id, mrnHash: patients.mrnHash, tinId: patients.tinId })
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, organizationId),
        or(
          ids.length ? inArray(patients.id, [...ids]) : undefined,
          mrnHashes.length ? inArray(patients.mrnHash, [...mrnHashes]) : undefined,
        ),
      ),
    )
}

export async function setPatientsTin(
  db: DbOrTx,
  organizationId: string,
  patientIds: readonly string[],
  tinId: string | null,
  at: Date,
): Promise<void> {
  if (patientIds.length === 0) return
  await db
    .update(patients)
    .set({ tinId, updatedAt: at })
    .where(and(eq(patients.organizationId, organizationId), inArray(patients.id, [...patientIds])))
}
