import { and, eq, gt, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { consentFlows } from '../../platform/db/schema/bluebutton.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'

export type RequestRow = typeof authorizationRequests.$inferSelect
export type ConsentFlowRow = typeof consentFlows.$inferSelect

export type RequestWithRequester = {
  request: RequestRow
  requesterFirstName: string
  requesterLastName: string
  requesterRole: (typeof users.$inferSelect)['role']
  organizationName: string
  /** A deactivated organisation's links answer a neutral 'unavailable'. */
  organizationActive: boolean
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
      organizationActive: organizations.isActive,
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

export type AccessRequestRow = { request: RequestRow; organizationName: string }

/** A request and its organisation's name, by id: the patient's access page (its link is signed, not stored). */
export async function findRequestForAccessPage(
  db: DbOrTx,
  requestId: string,
): Promise<AccessRequestRow | undefined> {
  const [row] = await db
    .select({ request: authorizationRequests, organizationName: organizations.name })
    .from(authorizationRequests)
    .innerJoin(organizations, eq(organizations.id, authorizationRequests.organizationId))
    .where(eq(authorizationRequests.id, requestId))
  return row
}

export async function organizationIsActive(db: DbOrTx, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ isActive: organizations.isActive })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.isActive ?? false
}
