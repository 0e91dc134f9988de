// Queries for Blue Button grants (tokens per CMS client id and beneficiary) and the requests that use them.
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'

export type GrantRow = typeof bluebuttonGrants.$inferSelect
type GrantValues = Omit<typeof bluebuttonGrants.$inferInsert, 'id' | 'clientId' | 'beneficiaryHash'>

export async function upsertGrant(
  db: DbOrTx,
  input: {
    clientId: string
    beneficiaryHash: string
    beneficiaryEncrypted: string
    values: Omit<GrantValues, 'beneficiaryEncrypted'>
  },
): Promise<GrantRow | undefined> {
  const [row] = await db
    .insert(bluebuttonGrants)
    .values({
      clientId: input.clientId,
      beneficiaryHash: input.beneficiaryHash,
      beneficiaryEncrypted: input.beneficiaryEncrypted,
      ...input.values,
    })
    .onConflictDoUpdate({
      target: [bluebuttonGrants.clientId, bluebuttonGrants.beneficiaryHash],
      set: input.values,
    })
    .returning()
  return row
}

export async function findGrantRow(db: DbOrTx, grantId: string): Promise<GrantRow | undefined> {
  const [row] = await db.select().from(bluebuttonGrants).where(eq(bluebuttonGrants.id, grantId))
  return row
}

/** Refreshes of one grant take turns on this row lock (refresh tokens are single use). */
export async function lockGrant(db: DbOrTx, grantId: string): Promise<GrantRow | undefined> {
  const [row] = await db.select().from(bluebuttonGrants).where(eq(bluebuttonGrants.id, grantId)).for('update')
  return row
}

export async function storeRefreshedTokens(
  db: DbOrTx,
  grantId: string,
  patch: Pick<
    GrantValues,
    'accessTokenEncrypted' | 'refreshTokenEncrypted' | 'accessExpiresAt' | 'updatedAt'
  >,
): Promise<void> {
  await db.update(bluebuttonGrants).set(patch).where(eq(bluebuttonGrants.id, grantId))
}

export async function grantIdOfRequest(db: DbOrTx, requestId: string): Promise<string | null> {
  const [request] = await db
    .select({ grantId: authorizationRequests.grantId })
    .from(authorizationRequests)
    .where(eq(authorizationRequests.id, requestId))
  return request?.grantId ?? null
}

/** Whether another authorized request still relies on the grant (its tokens must then live on). */
export async function otherAuthorizedRequestUses(
  db: DbOrTx,
  grantId: string,
  exceptRequestId: string,
): Promise<boolean> {
  const [other] = await db
    .select({ id: authorizationRequests.id })
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.grantId, grantId),
        eq(authorizationRequests.status, 'authorized'),
        ne(authorizationRequests.id, exceptRequestId),
      ),
    )
    .limit(1)
  return other !== undefined
}

export async function findLiveGrantForUpdate(db: DbOrTx, grantId: string): Promise<GrantRow | undefined> {
  const [grant] = await db
    .select()
    .from(bluebuttonGrants)
    .where(and(eq(bluebuttonGrants.id, grantId), isNull(bluebuttonGrants.revokedAt)))
    .for('update')
  return grant
}

export async function destroyGrantTokens(db: DbOrTx, grantId: string, at: Date): Promise<void> {
  await db
    .update(bluebuttonGrants)
    .set({ accessTokenEncrypted: null, refreshTokenEncrypted: null, revokedAt: at, updatedAt: at })
    .where(eq(bluebuttonGrants.id, grantId))
}

/** What the patient chose about 42 CFR Part 2 claims under this grant, as its newest pull saw it. */
export async function setGrantPart2Shared(
  db: DbOrTx,
  grantId: string,
  shared: boolean | null,
): Promise<void> {
  await db.update(bluebuttonGrants).set({ part2Shared: shared }).where(eq(bluebuttonGrants.id, grantId))
}
