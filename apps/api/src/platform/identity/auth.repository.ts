import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { oauthCodes, oauthRefreshTokens } from '../db/schema/oauth.ts'
import { organizationDataRevisions, organizations } from '../db/schema/organizations.ts'
import { refreshSessions } from '../db/schema/sessions.ts'
import { tins, userTins } from '../db/schema/tins.ts'
import { userGroups, users } from '../db/schema/users.ts'

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

/** Whether the user's organisation lets its members in (a user without one: yes). */
export async function organizationLetsIn(db: DbOrTx, organizationId: string | null): Promise<boolean> {
  if (organizationId === null) return true
  const [row] = await db
    .select({ isActive: organizations.isActive })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.isActive ?? true
}

export async function findOrganization(db: DbOrTx, id: string | null): Promise<OrganizationRow | undefined> {
  if (id === null) return undefined
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id))
  return row
}

/** A user as the API sees them: the account, its organisation and its TIN scope, read together. */
export type Account = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'organizationId'
  | 'allTins'
  | 'isActive'
  | 'isSuperuser'
  | 'isDemo'
  | 'dateJoined'
> & {
  organization: Pick<OrganizationRow, 'id' | 'name' | 'organizationType'> | null
  /** False when the user's organisation is deactivated (no organisation: true). Nobody in it is let in. */
  organizationActive: boolean
  /** Every active TIN of the organisation with all_tins, else the assigned active ones (as listUserTinIds). */
  tinIds: string[]
  /** Names of the user's groups (the admin guard), sorted. */
  groups: string[]
  /** False when the refresh-session family named is revoked (logout, replay, password change); true when none is named. */
  sessionLive: boolean
  /** False when the authorization code named is revoked (replayed); true when none is named. */
  grantLive: boolean
  /**
   * The organisation's data revision (the sum of organization_data_revisions' slots), read in the same statement as the rest,
   * before anything the request then reads, so an answer cached under it is never older than the revision.
   */
  organizationRevision: number
}

/** Whose account to load: a token's subject and, when it names them, its session family and OAuth code. */
export type AccountKey = { userId: string; sessionFamilyId: string | null; grantId: string | null }

// The keys travel as three parallel uuid[] parameters and come back numbered (with ordinality), so one
// statement text serves any number of keys and is planned once per connection.
const keyTable = sql`unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('familyIds')}::uuid[],
  ${sql.placeholder('grantIds')}::uuid[]) with ordinality as k(user_id, family_id, grant_id, n)`

function prepareAccountsQuery(db: DbOrTx) {
  const tinIds = sql<string[]>`array(
    select ${tins.id}::text from ${tins}
    where ${tins.organizationId} = ${users.organizationId} and ${tins.isActive}
      and (${users.allTins} or exists (select 1 from ${userTins} where ${userTins.userId} = ${users.id} and ${userTins.tinId} = ${tins.id}))
    order by ${tins.createdAt}, ${tins.id})`
  const groups = sql<string[]>`array(
    select ${userGroups.name} from ${userGroups} where ${userGroups.userId} = ${users.id} order by ${userGroups.name})`
  const sessionLive = sql<boolean>`(k.family_id is null or exists (select 1 from ${refreshSessions}
    where ${refreshSessions.familyId} = k.family_id and ${refreshSessions.userId} = ${users.id} and ${refreshSessions.revokedAt} is null))`
  const grantLive = sql<boolean>`(k.grant_id is null or exists (select 1 from ${oauthCodes}
    where ${oauthCodes.id} = k.grant_id and ${oauthCodes.userId} = ${users.id} and ${oauthCodes.revokedAt} is null))`
  return db
    .select({
      n: sql<number>`k.n`.mapWith(Number).as('n'),
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      organizationId: users.organizationId,
      allTins: users.allTins,
      isActive: users.isActive,
      isSuperuser: users.isSuperuser,
      isDemo: users.isDemo,
      dateJoined: users.dateJoined,
      organizationName: organizations.name,
      organizationType: organizations.organizationType,
      organizationActive: sql<boolean>`coalesce(${organizations.isActive}, true)`.as('organization_active'),
      tinIds: tinIds.as('tin_ids'),
      groups: groups.as('groups'),
      sessionLive: sessionLive.as('session_live'),
      grantLive: grantLive.as('grant_live'),
      organizationRevision: sql<number>`coalesce((select sum(${organizationDataRevisions.revision})
          from ${organizationDataRevisions}
          where ${organizationDataRevisions.organizationId} = ${users.organizationId}), 0)`
        .mapWith(Number)
        .as('organization_revision'),
    })
    .from(keyTable)
    .innerJoin(users, sql`${users.id} = k.user_id`)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .prepare('find_accounts')
}

// Built once per database handle: the statement text never changes, only its parameters.
const accountQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareAccountsQuery>>()

/**
 * Loads accounts in ONE round trip, whatever their number: for each key the user, organisation, TIN scope
 * and, when named, the liveness of a refresh-session family and of an OAuth authorization code. Every
 * authenticated request needs this, so it is one indexed, prepared statement: Drizzle builds its SQL once
 * and PostgreSQL plans it once per connection. (A named statement: behind PgBouncer in transaction mode
 * that needs PgBouncer 1.21+ with max_prepared_statements.) The answer lines up with `keys`; undefined
 * where no such user exists. Every id must be a UUID (the caller checks; a bad one fails the statement).
 */
export async function findAccounts(
  db: DbOrTx,
  keys: readonly AccountKey[],
): Promise<(Account | undefined)[]> {
  let query = accountQueries.get(db)
  if (!query) {
    query = prepareAccountsQuery(db)
    accountQueries.set(db, query)
  }
  const rows = await query.execute({
    userIds: keys.map((key) => key.userId),
    familyIds: keys.map((key) => key.sessionFamilyId),
    grantIds: keys.map((key) => key.grantId),
  })
  const accounts: (Account | undefined)[] = keys.map(() => undefined)
  for (const { n, organizationName, organizationType, ...rest } of rows) {
    accounts[n - 1] = {
      ...rest,
      organization:
        rest.organizationId !== null && organizationName !== null && organizationType !== null
          ? { id: rest.organizationId, name: organizationName, organizationType }
          : null,
    }
  }
  return accounts
}

/** One account, as findAccounts reads it. */
export async function findAccount(
  db: DbOrTx,
  userId: string,
  refs: { sessionFamilyId?: string | undefined; grantId?: string | undefined } = {},
): Promise<Account | undefined> {
  const [account] = await findAccounts(db, [
    { userId, sessionFamilyId: refs.sessionFamilyId ?? null, grantId: refs.grantId ?? null },
  ])
  return account
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
    .where(
      and(
        eq(userTins.userId, user.id),
        eq(tins.isActive, true),
        eq(tins.organizationId, user.organizationId),
      ),
    )
    .orderBy(tins.createdAt, tins.id)
  return rows.map((row) => row.id)
}

export async function recordLogin(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId))
}

export async function updatePasswordHash(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, userId))
}

export async function insertRefreshSession(
  db: DbOrTx,
  row: typeof refreshSessions.$inferInsert,
): Promise<void> {
  await db.insert(refreshSessions).values(row)
}

export async function findRefreshSession(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshSessionRow | undefined> {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash))
  return row
}

/** Ends a token that is still live (never used, never revoked) as `change` says; false when it was not. */
async function endLiveToken(
  db: DbOrTx,
  id: string,
  change: { rotatedAt: Date } | { revokedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(refreshSessions)
    .set(change)
    .where(
      and(eq(refreshSessions.id, id), isNull(refreshSessions.rotatedAt), isNull(refreshSessions.revokedAt)),
    )
    .returning({ id: refreshSessions.id })
  return rows.length === 1
}

/** Marks a token used; false when another request already rotated or revoked it (a replay). */
export const markRotated = (db: DbOrTx, id: string, at: Date): Promise<boolean> =>
  endLiveToken(db, id, { rotatedAt: at })

/**
 * The family's one live token when no token issued since `used` was rotated (at `rotatedAt`) has been used:
 * the successor whose answer was lost. Undefined when any later token was used, which makes it a replay.
 */
export async function unusedSuccessor(
  db: DbOrTx,
  used: RefreshSessionRow,
  rotatedAt: Date,
): Promise<RefreshSessionRow | undefined> {
  const later = await db
    .select()
    .from(refreshSessions)
    .where(
      and(
        eq(refreshSessions.familyId, used.familyId),
        ne(refreshSessions.id, used.id),
        gte(refreshSessions.createdAt, rotatedAt),
      ),
    )
  if (later.some((row) => row.rotatedAt)) return undefined
  const live = later.filter((row) => !row.revokedAt)
  return live.length === 1 ? live[0] : undefined
}

/** Retires an unused successor so only the re-issued token stays live; false if it was used meanwhile. */
export const retireSuccessor = (db: DbOrTx, id: string, at: Date): Promise<boolean> =>
  endLiveToken(db, id, { revokedAt: at })

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: at })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)))
}

/** The user's live tokens (one per signed-in family), newest family first, for the account's session list. */
export async function listLiveSessions(db: DbOrTx, userId: string): Promise<RefreshSessionRow[]> {
  return db
    .select()
    .from(refreshSessions)
    .where(
      and(
        eq(refreshSessions.userId, userId),
        isNull(refreshSessions.revokedAt),
        isNull(refreshSessions.rotatedAt),
      ),
    )
    .orderBy(desc(refreshSessions.familyCreatedAt), desc(refreshSessions.createdAt))
}

export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  at: Date,
  keepFamilyId?: string,
): Promise<void> {
  const conditions = [eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)]
  if (keepFamilyId) conditions.push(ne(refreshSessions.familyId, keepFamilyId))
  await db
    .update(refreshSessions)
    .set({ revokedAt: at })
    .where(and(...conditions))
}

/**
 * Revokes every OAuth grant of the user (authorization codes and the refresh tokens descended from them):
 * access tokens naming a revoked grant fail on their next request, refresh tokens are refused.
 */
export async function revokeUserOAuthGrants(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(oauthCodes)
    .set({ revokedAt: at })
    .where(and(eq(oauthCodes.userId, userId), isNull(oauthCodes.revokedAt)))
  await db
    .update(oauthRefreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthRefreshTokens.userId, userId), isNull(oauthRefreshTokens.revokedAt)))
}

/** Ends every live session of every member of the organisation (it was deactivated). */
export async function revokeOrganizationSessions(
  db: DbOrTx,
  organizationId: string,
  at: Date,
): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: at })
    .where(
      and(
        isNull(refreshSessions.revokedAt),
        sql`${refreshSessions.userId} in (select ${users.id} from ${users} where ${users.organizationId} = ${organizationId})`,
      ),
    )
}

/** Revokes every OAuth grant of every member of the organisation (it was deactivated). */
export async function revokeOrganizationOAuthGrants(
  db: DbOrTx,
  organizationId: string,
  at: Date,
): Promise<void> {
  const members = sql`(select ${users.id} from ${users} where ${users.organizationId} = ${organizationId})`
  await db
    .update(oauthCodes)
    .set({ revokedAt: at })
    .where(and(isNull(oauthCodes.revokedAt), sql`${oauthCodes.userId} in ${members}`))
  await db
    .update(oauthRefreshTokens)
    .set({ revokedAt: at })
    .where(and(isNull(oauthRefreshTokens.revokedAt), sql`${oauthRefreshTokens.userId} in ${members}`))
}

export type NewAccount = {
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  role: UserRow['role']
  organizationId: string | null
  allTins: boolean
  tinIds: readonly string[]
  /** When the address was proven (an invitation to it); null until a sign-up's link is followed. */
  emailVerifiedAt: Date | null
  at: Date
}

/** A user and the TINs they work under, in the caller's transaction. */
export async function insertAccount(db: DbOrTx, account: NewAccount): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      email: account.email,
      passwordHash: account.passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      organizationId: account.organizationId,
      allTins: account.allTins,
      dateJoined: account.at,
      passwordChangedAt: account.at,
      emailVerifiedAt: account.emailVerifiedAt,
    })
    .returning()
  if (!user) throw new Error('user insert returned no row')
  if (account.tinIds.length > 0)
    await db
      .insert(userTins)
      .values(account.tinIds.map((tinId) => ({ userId: user.id, tinId, createdAt: account.at })))
  return user
}

/** The organisation's active TINs among `tinIds` (all of them when `tinIds` is null). */
export async function activeTinsOf(
  db: DbOrTx,
  organizationId: string,
): Promise<{ id: string; identifierEncrypted: string; providerOrgName: string }[]> {
  return db
    .select({
      id: tins.id,
      identifierEncrypted: tins.identifierEncrypted,
      providerOrgName: tins.providerOrgName,
    })
    .from(tins)
    .where(and(eq(tins.organizationId, organizationId), eq(tins.isActive, true)))
    .orderBy(tins.providerOrgName, tins.id)
}

export async function listOrganizations(
  db: DbOrTx,
  onlyId: string | null,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(onlyId ? eq(organizations.id, onlyId) : undefined)
    .orderBy(organizations.name)
}

export async function insertOrganization(
  db: DbOrTx,
  row: typeof organizations.$inferInsert,
): Promise<OrganizationRow> {
  const [inserted] = await db.insert(organizations).values(row).returning()
  if (!inserted) throw new Error('organization insert returned no row')
  return inserted
}

export async function markEmailVerified(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId))
}

export async function setUserActive(db: DbOrTx, userId: string, active: boolean): Promise<void> {
  await db.update(users).set({ isActive: active }).where(eq(users.id, userId))
}
