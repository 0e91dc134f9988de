import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { organizations } from '../../db/schema/organizations.ts'
import { refreshSessions } from '../../db/schema/sessions.ts'
import { tins, userTins } from '../../db/schema/tins.ts'
import { users } from '../../db/schema/users.ts'

export type UserRow = typeof users.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect
export type RefreshSessionRow = typeof refreshSessions.$inferSelect

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
  return row
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

export async function findOrganization(db: DbOrTx, id: string | null): Promise<OrganizationRow | undefined> {
  if (id === null) return undefined
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id))
  return row
}

/** The TINs a user works under: every active TIN of the organisation with all_tins, else the assigned ones. */
export async function listUserTinIds(db: DbOrTx, user: UserRow): Promise<string[]> {
  if (user.organizationId === null) return []
  if (user.allTins) {
    const rows = await db
      .select({ id: tins.id })
      .from(tins)
      .where(and(eq(tins.organizationId, user.organizationId), eq(tins.isActive, true)))
      .orderBy(tins.createdAt, tins.id)
    return rows.map((row) => row.id)
  }
  const rows = await db
    .select({ id: tins.id })
    .from(userTins)
    .innerJoin(tins, eq(tins.id, userTins.tinId))
    .where(and(eq(userTins.userId, user.id), eq(tins.isActive, true), eq(tins.organizationId, user.organizationId)))
    .orderBy(tins.createdAt, tins.id)
  return rows.map((row) => row.id)
}

export async function recordLogin(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId))
}

export async function updatePasswordHash(db: DbOrTx, userId: string, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, userId))
}

export async function insertRefreshSession(db: DbOrTx, row: typeof refreshSessions.$inferInsert): Promise<void> {
  await db.insert(refreshSessions).values(row)
}

export async function findRefreshSession(db: DbOrTx, tokenHash: string): Promise<RefreshSessionRow | undefined> {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash))
  return row
}

/** Marks a token used; false when another request already rotated or revoked it (a replay). */
export async function markRotated(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshSessions)
    .set({ rotatedAt: at })
    .where(and(eq(refreshSessions.id, id), isNull(refreshSessions.rotatedAt), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id })
  return rows.length === 1
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: at })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)))
}

export async function revokeUserSessions(db: DbOrTx, userId: string, at: Date, keepFamilyId?: string): Promise<void> {
  const conditions = [eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)]
  if (keepFamilyId) conditions.push(ne(refreshSessions.familyId, keepFamilyId))
  await db.update(refreshSessions).set({ revokedAt: at }).where(and(...conditions))
}
