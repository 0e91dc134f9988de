// Every query of the integrations feature: the organisation's OAuth clients and the grants users gave them.
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { oauthClients, oauthCodes, oauthRefreshTokens } from '../../platform/db/schema/oauth.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'

export type AppRow = {
  id: string
  clientId: string
  name: string
  redirectUris: string[]
  organizationId: string
  organizationName: string
  createdAt: Date
}

const appColumns = {
  id: oauthClients.id,
  clientId: oauthClients.clientId,
  name: oauthClients.name,
  redirectUris: oauthClients.redirectUris,
  organizationId: organizations.id,
  organizationName: organizations.name,
  createdAt: oauthClients.createdAt,
}

/** The active apps of one organisation, or of every organisation (null). */
export async function listApps(db: DbOrTx, organizationId: string | null): Promise<AppRow[]> {
  const conditions = [eq(oauthClients.isActive, true)]
  if (organizationId !== null) conditions.push(eq(oauthClients.organizationId, organizationId))
  return db
    .select(appColumns)
    .from(oauthClients)
    .innerJoin(organizations, eq(organizations.id, oauthClients.organizationId))
    .where(and(...conditions))
    .orderBy(desc(oauthClients.createdAt), oauthClients.id)
}

/** One active app, only within `organizationId` when given (another organisation's app is not found). */
export async function findApp(
  db: DbOrTx,
  id: string,
  organizationId: string | null,
): Promise<AppRow | undefined> {
  const conditions = [eq(oauthClients.id, id), eq(oauthClients.isActive, true)]
  if (organizationId !== null) conditions.push(eq(oauthClients.organizationId, organizationId))
  const [row] = await db
    .select(appColumns)
    .from(oauthClients)
    .innerJoin(organizations, eq(organizations.id, oauthClients.organizationId))
    .where(and(...conditions))
  return row
}

export async function organizationName(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id))
  return row?.name
}

export async function insertApp(
  db: DbOrTx,
  row: {
    clientId: string
    name: string
    redirectUris: string[]
    clientSecretHash: string
    organizationId: string
    createdAt: Date
  },
): Promise<string> {
  const [inserted] = await db.insert(oauthClients).values(row).returning({ id: oauthClients.id })
  if (!inserted) throw new Error('The app was not inserted.')
  return inserted.id
}

export async function replaceSecretHash(db: DbOrTx, id: string, clientSecretHash: string): Promise<void> {
  await db.update(oauthClients).set({ clientSecretHash }).where(eq(oauthClients.id, id))
}

export async function deleteApp(db: DbOrTx, id: string): Promise<void> {
  await db.delete(oauthClients).where(eq(oauthClients.id, id))
}

/** Revokes every grant the client holds and the refresh tokens descended from them. */
export async function revokeClientGrants(db: DbOrTx, clientId: string, at: Date): Promise<void> {
  await db
    .update(oauthCodes)
    .set({ revokedAt: at })
    .where(and(eq(oauthCodes.clientId, clientId), isNull(oauthCodes.revokedAt)))
  await db
    .update(oauthRefreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthRefreshTokens.clientId, clientId), isNull(oauthRefreshTokens.revokedAt)))
}

export type GrantRow = {
  grantId: string
  appName: string
  organizationName: string
  scope: string
  authorizedAt: Date
  lastUsedAt: Date
}

/**
 * The third-party apps a user authorized and can still reach the account with: a redeemed, unrevoked
 * code whose refresh tokens (or the access token issued at redemption) have not all expired. Last used is
 * the last time the app was issued a token.
 */
export async function listUserGrants(
  db: DbOrTx,
  userId: string,
  at: { now: Date; accessTokensSince: Date },
): Promise<GrantRow[]> {
  const lastUsed = sql<Date>`greatest(${oauthCodes.usedAt}, (select max(${oauthRefreshTokens.createdAt})
    from ${oauthRefreshTokens} where ${oauthRefreshTokens.codeId} = ${oauthCodes.id}))`
  const rows = await db
    .select({
      grantId: oauthCodes.id,
      appName: oauthClients.name,
      organizationName: organizations.name,
      scope: oauthCodes.scope,
      authorizedAt: oauthCodes.createdAt,
      lastUsedAt: lastUsed.mapWith(oauthCodes.usedAt),
    })
    .from(oauthCodes)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthCodes.clientId))
    .innerJoin(organizations, eq(organizations.id, oauthClients.organizationId))
    .where(
      and(
        eq(oauthCodes.userId, userId),
        isNotNull(oauthCodes.usedAt),
        isNull(oauthCodes.revokedAt),
        eq(oauthClients.isActive, true),
        sql`(${gt(oauthCodes.usedAt, at.accessTokensSince)} or exists (select 1 from ${oauthRefreshTokens}
          where ${oauthRefreshTokens.codeId} = ${oauthCodes.id} and ${oauthRefreshTokens.revokedAt} is null
            and ${oauthRefreshTokens.rotatedAt} is null and ${gt(oauthRefreshTokens.expiresAt, at.now)}))`,
      ),
    )
    .orderBy(desc(oauthCodes.createdAt), oauthCodes.id)
  return rows.map((row) => ({ ...row, lastUsedAt: row.lastUsedAt ?? row.authorizedAt }))
}

/** Revokes one of the user's grants; false when the user has no such live grant. */
export async function revokeUserGrant(
  db: DbOrTx,
  userId: string,
  grantId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(oauthCodes)
    .set({ revokedAt: at })
    .where(and(eq(oauthCodes.id, grantId), eq(oauthCodes.userId, userId), isNull(oauthCodes.revokedAt)))
    .returning({ clientId: oauthCodes.clientId })
  if (rows.length === 0) return false
  await db
    .update(oauthRefreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthRefreshTokens.codeId, grantId), isNull(oauthRefreshTokens.revokedAt)))
  return true
}
