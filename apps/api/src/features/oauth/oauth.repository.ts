import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { oauthClients, oauthCodes, oauthRefreshTokens } from '../../platform/db/schema/oauth.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'

export type OAuthClientRow = typeof oauthClients.$inferSelect
export type OAuthCodeRow = typeof oauthCodes.$inferSelect
export type OAuthRefreshRow = typeof oauthRefreshTokens.$inferSelect

export type ActiveClientRow = OAuthClientRow & { organizationName: string | null }

/** An active client with the name of the organisation it belongs to (the consent screen names both). */
export async function findActiveClient(db: DbOrTx, clientId: string): Promise<ActiveClientRow | undefined> {
  const [row] = await db
    .select({ client: oauthClients, organizationName: organizations.name })
    .from(oauthClients)
    .leftJoin(organizations, eq(organizations.id, oauthClients.organizationId))
    .where(and(eq(oauthClients.clientId, clientId), eq(oauthClients.isActive, true)))
  return row ? { ...row.client, organizationName: row.organizationName } : undefined
}

export async function insertClient(db: DbOrTx, row: typeof oauthClients.$inferInsert): Promise<void> {
  await db.insert(oauthClients).values(row)
}

export async function insertCode(db: DbOrTx, row: typeof oauthCodes.$inferInsert): Promise<void> {
  await db.insert(oauthCodes).values(row)
}

export async function findCode(db: DbOrTx, codeHash: string): Promise<OAuthCodeRow | undefined> {
  const [row] = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash))
  return row
}

/** Claims the code for one redemption; false when it was already used. */
export async function consumeCode(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(oauthCodes)
    .set({ usedAt: at })
    .where(and(eq(oauthCodes.id, id), isNull(oauthCodes.usedAt)))
    .returning({ id: oauthCodes.id })
  return rows.length === 1
}

/** Revokes a grant and every refresh token descended from it. */
export async function revokeGrant(db: DbOrTx, codeId: string, at: Date): Promise<void> {
  await db
    .update(oauthCodes)
    .set({ revokedAt: at })
    .where(and(eq(oauthCodes.id, codeId), isNull(oauthCodes.revokedAt)))
  await db
    .update(oauthRefreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthRefreshTokens.codeId, codeId), isNull(oauthRefreshTokens.revokedAt)))
}

export async function insertRefreshToken(
  db: DbOrTx,
  row: typeof oauthRefreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(oauthRefreshTokens).values(row)
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<OAuthRefreshRow | undefined> {
  const [row] = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, tokenHash))
  return row
}

export async function rotateRefreshToken(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(oauthRefreshTokens)
    .set({ rotatedAt: at })
    .where(
      and(
        eq(oauthRefreshTokens.id, id),
        isNull(oauthRefreshTokens.rotatedAt),
        isNull(oauthRefreshTokens.revokedAt),
      ),
    )
    .returning({ id: oauthRefreshTokens.id })
  return rows.length === 1
}
