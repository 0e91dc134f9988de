import { and, eq, gt, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { authorizationRequests } from '../../db/schema/authorization-requests.ts'
import { consentFlows } from '../../db/schema/bluebutton.ts'
import { organizations } from '../../db/schema/organizations.ts'
import { users } from '../../db/schema/users.ts'

export type RequestRow = typeof authorizationRequests.$inferSelect
export type ConsentFlowRow = typeof consentFlows.$inferSelect

export type RequestWithRequester = {
  request: RequestRow
  requesterFirstName: string
  requesterLastName: string
  requesterRole: (typeof users.$inferSelect)['role']
  organizationName: string
}

export async function findRequestByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<RequestWithRequester | undefined> {
  const [row] = await db
    .select({
      request: authorizationRequests,
      requesterFirstName: users.firstName,
      requesterLastName: users.lastName,
      requesterRole: users.role,
      organizationName: organizations.name,
    })
    .from(authorizationRequests)
    .innerJoin(users, eq(users.id, authorizationRequests.requesterUserId))
    .innerJoin(organizations, eq(organizations.id, authorizationRequests.organizationId))
    .where(eq(authorizationRequests.consentTokenHash, tokenHash))
  return row
}

export async function insertConsentFlow(db: DbOrTx, row: typeof consentFlows.$inferInsert): Promise<void> {
  await db.insert(consentFlows).values(row)
}

/** Claims the flow for this callback: a replayed or late callback finds nothing. */
export async function claimConsentFlow(
  db: DbOrTx,
  stateHash: string,
  now: Date,
): Promise<ConsentFlowRow | undefined> {
  const [row] = await db
    .update(consentFlows)
    .set({ completedAt: now })
    .where(
      and(
        eq(consentFlows.stateHash, stateHash),
        isNull(consentFlows.completedAt),
        gt(consentFlows.expiresAt, now),
      ),
    )
    .returning()
  return row
}

export async function findRequest(db: DbOrTx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(authorizationRequests).where(eq(authorizationRequests.id, id))
  return row
}
