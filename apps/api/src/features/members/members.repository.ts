// Queries of an organisation's members and their TINs; every query names the organisation.
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { tins, userTins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'

export type MemberRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'allTins' | 'isActive' | 'lastLoginAt' | 'dateJoined'
>
export type MemberTinRow = {
  userId: string
  tinId: string
  providerOrgName: string
  identifierMasked: string
}

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  allTins: users.allTins,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  dateJoined: users.dateJoined,
}

export async function selectMembers(db: DbOrTx, organizationId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
}

export async function findMember(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
  return row ?? null
}

/** The active TINs assigned to these members. */
export async function selectMemberTins(db: DbOrTx, userIds: readonly string[]): Promise<MemberTinRow[]> {
  if (userIds.length === 0) return []
  return db
    .select({
      userId: userTins.userId,
      tinId: tins.id,
      providerOrgName: tins.providerOrgName,
      identifierMasked: tins.identifierMasked,
    })
    .from(userTins)
    .innerJoin(tins, eq(tins.id, userTins.tinId))
    .where(and(inArray(userTins.userId, [...userIds]), eq(tins.isActive, true)))
    .orderBy(asc(tins.providerOrgName))
}

export async function replaceMemberTins(db: DbOrTx, userId: string, tinIds: readonly string[], at: Date) {
  await db.delete(userTins).where(eq(userTins.userId, userId))
  if (tinIds.length > 0)
    await db.insert(userTins).values(tinIds.map((tinId) => ({ userId, tinId, createdAt: at })))
}

export async function setMemberActive(db: DbOrTx, userId: string, active: boolean) {
  await db.update(users).set({ isActive: active }).where(eq(users.id, userId))
}

export async function isAcoOrganization(db: DbOrTx, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.organizationType, 'ACO')))
  return row !== undefined
}

/** The organisation's members who can sign in: each holds one of its team's seats. */
export async function countActiveMembers(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)))
  return row?.value ?? 0
}
