// Every query of the admin area. Each one takes the admin's scope as an organisation id, or null for the
// platform (a superuser), so a row outside it is simply not found.
import type { AdminUserOrdering } from '@blueconsent/contract/admin'
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { userTwoFactor } from '../../platform/db/schema/account.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { refreshSessions } from '../../platform/db/schema/sessions.ts'
import { tins, userTins } from '../../platform/db/schema/tins.ts'
import { userGroups, users } from '../../platform/db/schema/users.ts'

/** null: the whole platform; otherwise the one organisation an admin-group member administers. */
export type ScopeId = string | null

export type UserFilter = {
  scope: ScopeId
  search?: string
  role?: Role
  organizationId?: string
  active?: boolean
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const inScope = (scope: ScopeId): SQL => (scope === null ? sql`true` : eq(users.organizationId, scope))

function userConditions(filter: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inScope(filter.scope)]
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`
    conditions.push(
      or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)),
    )
  }
  if (filter.role) conditions.push(eq(users.role, filter.role))
  if (filter.organizationId) conditions.push(eq(users.organizationId, filter.organizationId))
  if (filter.active !== undefined) conditions.push(eq(users.isActive, filter.active))
  return and(...conditions)
}

const ORDER: Record<string, SQL[]> = {
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  email: [sql`lower(${users.email})`],
  role: [sql`${users.role}`],
  date_joined: [sql`${users.dateJoined}`],
  last_login: [sql`${users.lastLoginAt}`],
}

function orderOf(ordering: AdminUserOrdering): SQL[] {
  const descending = ordering.startsWith('-')
  const columns = ORDER[ordering.replace('-', '')] ?? []
  const sorted = columns.map((column) =>
    descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
  )
  return [...sorted, asc(users.id)]
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  organizationType: organizations.organizationType,
  isActive: users.isActive,
  isSuperuser: users.isSuperuser,
  allTins: users.allTins,
  dateJoined: users.dateJoined,
  lastLoginAt: users.lastLoginAt,
  emailVerifiedAt: users.emailVerifiedAt,
}
export type AdminUserRow = {
  id: string
  email: string
  firstName: string
  lastName: string
  role: Role
  organizationId: string | null
  organizationName: string | null
  organizationType: OrganizationType | null
  isActive: boolean
  isSuperuser: boolean
  allTins: boolean
  dateJoined: Date
  lastLoginAt: Date | null
  emailVerifiedAt: Date | null
}

export async function countUsers(db: DbOrTx, filter: UserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(userConditions(filter))
  return row?.n ?? 0
}

export async function selectUsers(
  db: DbOrTx,
  filter: UserFilter,
  ordering: AdminUserOrdering,
  limit: number,
  offset: number,
): Promise<AdminUserRow[]> {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(userConditions(filter))
    .orderBy(...orderOf(ordering))
    .limit(limit)
    .offset(offset)
}

export async function findUser(db: DbOrTx, scope: ScopeId, userId: string): Promise<AdminUserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(inScope(scope), eq(users.id, userId)))
  return row ?? null
}

export async function groupsOf(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const groups = new Map<string, string[]>()
  if (userIds.length === 0) return groups
  const rows = await db
    .select({ userId: userGroups.userId, name: userGroups.name })
    .from(userGroups)
    .where(inArray(userGroups.userId, [...userIds]))
    .orderBy(asc(userGroups.name))
  for (const row of rows) groups.set(row.userId, [...(groups.get(row.userId) ?? []), row.name])
  return groups
}

export async function replaceGroups(
  db: DbOrTx,
  userId: string,
  names: readonly string[],
  grantedBy: string,
  at: Date,
): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.userId, userId))
  if (names.length > 0)
    await db.insert(userGroups).values(names.map((name) => ({ userId, name, grantedBy, createdAt: at })))
}

/** The active TINs a user works under: every TIN of the organisation for an all-TIN user. */
export async function tinsOfUser(db: DbOrTx, user: AdminUserRow) {
  const columns = { id: tins.id, providerOrgName: tins.providerOrgName, masked: tins.identifierMasked }
  if (user.allTins && user.organizationId)
    return db
      .select(columns)
      .from(tins)
      .where(and(eq(tins.organizationId, user.organizationId), eq(tins.isActive, true)))
      .orderBy(asc(tins.providerOrgName))
  return db
    .select(columns)
    .from(userTins)
    .innerJoin(tins, eq(tins.id, userTins.tinId))
    .where(and(eq(userTins.userId, user.id), eq(tins.isActive, true)))
    .orderBy(asc(tins.providerOrgName))
}

export async function twoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
  return Boolean(row?.enabledAt)
}

/** A session is live while its newest refresh token is neither rotated nor revoked. */
export async function liveSessions(db: DbOrTx, userId: string) {
  return db
    .select({
      familyId: refreshSessions.familyId,
      startedAt: refreshSessions.familyCreatedAt,
      lastUsedAt: refreshSessions.lastUsedAt,
      userAgent: refreshSessions.userAgent,
      ipAddress: refreshSessions.ipAddress,
    })
    .from(refreshSessions)
    .where(
      and(
        eq(refreshSessions.userId, userId),
        isNull(refreshSessions.revokedAt),
        isNull(refreshSessions.rotatedAt),
      ),
    )
    .orderBy(desc(refreshSessions.familyCreatedAt))
    .limit(20)
}

export async function recentAuditOf(db: DbOrTx, userId: string, signIns: boolean, limit: number) {
  const action = signIns ? eq(auditLog.action, 'auth.sign_in') : ne(auditLog.action, 'auth.sign_in')
  return db
    .select({
      at: auditLog.occurredAt,
      action: auditLog.action,
      targetType: auditLog.targetType,
      ipAddress: auditLog.ipAddress,
    })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), action))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit)
}

export async function countActiveSuperusers(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
  return row?.n ?? 0
}

/** The role with the TIN scope it brings; a user newly limited to TINs starts with none assigned. */
export async function setRole(
  db: DbOrTx,
  userId: string,
  change: { role: Role; isSuperuser: boolean; allTins: boolean; clearTins: boolean },
): Promise<void> {
  const { role, isSuperuser, allTins } = change
  await db.update(users).set({ role, isSuperuser, allTins }).where(eq(users.id, userId))
  if (change.clearTins) await db.delete(userTins).where(eq(userTins.userId, userId))
}

export async function setActive(db: DbOrTx, userId: string, active: boolean): Promise<void> {
  await db.update(users).set({ isActive: active }).where(eq(users.id, userId))
}

export async function countActiveUsers(db: DbOrTx, scope: ScopeId): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inScope(scope), eq(users.isActive, true)))
  return row?.n ?? 0
}

// Organisations.

const orgScope = (scope: ScopeId): SQL => (scope === null ? sql`true` : eq(organizations.id, scope))

export async function countOrganizationFigures(db: DbOrTx, scope: ScopeId) {
  const [row] = await db
    .select({
      total: count(),
      unfinished: sql<number>`count(*) filter (where ${organizations.setupCompletedAt} is null)::int`,
    })
    .from(organizations)
    .where(orgScope(scope))
  return { total: row?.total ?? 0, unfinished: Number(row?.unfinished ?? 0) }
}

function organizationConditions(scope: ScopeId, search: string | undefined): SQL | undefined {
  return and(orgScope(scope), search ? ilike(organizations.name, `%${escapeLike(search)}%`) : undefined)
}

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  organizationType: organizations.organizationType,
  isActive: organizations.isActive,
  setupCompletedAt: organizations.setupCompletedAt,
  createdAt: organizations.createdAt,
  profileEncrypted: organizations.profileEncrypted,
  // Spelled with table names: inside a select list Drizzle writes bare column names, which would bind to the
  // subquery's own table.
  memberCount: sql<number>`(select count(*)::int from users u where u.organization_id = organizations.id)`,
  activeMemberCount: sql<number>`(select count(*)::int from users u where u.organization_id = organizations.id and u.is_active)`,
  tinCount: sql<number>`(select count(*)::int from tins t where t.organization_id = organizations.id and t.is_active)`,
}
export type AdminOrganizationRow = {
  id: string
  name: string
  organizationType: OrganizationType
  isActive: boolean
  setupCompletedAt: Date | null
  createdAt: Date
  profileEncrypted: string | null
  memberCount: number
  activeMemberCount: number
  tinCount: number
}

export async function countOrganizations(db: DbOrTx, scope: ScopeId, search?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(organizationConditions(scope, search))
  return row?.n ?? 0
}

export async function selectOrganizations(
  db: DbOrTx,
  scope: ScopeId,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<AdminOrganizationRow[]> {
  return db
    .select(organizationColumns)
    .from(organizations)
    .where(organizationConditions(scope, search))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
    .limit(limit)
    .offset(offset)
}

export async function findOrganization(
  db: DbOrTx,
  scope: ScopeId,
  id: string,
): Promise<AdminOrganizationRow | null> {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .where(and(orgScope(scope), eq(organizations.id, id)))
  return row ?? null
}

export type OrganizationChange = Partial<{
  name: string
  organizationType: OrganizationType
  isActive: boolean
  profileEncrypted: string | null
}>

export async function insertOrganization(
  db: DbOrTx,
  values: Required<Pick<OrganizationChange, 'name' | 'organizationType' | 'isActive'>> & {
    profileEncrypted: string | null
    createdAt: Date
  },
): Promise<string> {
  const [row] = await db
    .insert(organizations)
    .values({ ...values, setupCompletedAt: values.createdAt })
    .returning({ id: organizations.id })
  if (!row) throw new Error('organization insert returned no row')
  return row.id
}

export async function updateOrganization(db: DbOrTx, id: string, change: OrganizationChange): Promise<void> {
  if (Object.keys(change).length === 0) return
  await db.update(organizations).set(change).where(eq(organizations.id, id))
}
