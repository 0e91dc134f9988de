// Queries of invitations. Reads for the list are limited to one organisation unless the caller is the
// platform admin (organizationId null); a token is only ever looked up by its hash.
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { invitations } from '../../platform/db/schema/invitations.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'

export type InvitationRow = typeof invitations.$inferSelect
export type InvitationWithNames = {
  invitation: InvitationRow
  organizationName: string | null
  invitedByEmail: string | null
}

/** Every invitation, or one organisation's. */
const inOrganization = (organizationId: string | null): SQL | undefined =>
  organizationId === null ? undefined : eq(invitations.organizationId, organizationId)

const withNames = (db: DbOrTx) =>
  db
    .select({ invitation: invitations, organizationName: organizations.name, invitedByEmail: users.email })
    .from(invitations)
    .leftJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))

export async function selectInvitations(
  db: DbOrTx,
  organizationId: string | null,
  limit: number,
): Promise<InvitationWithNames[]> {
  return withNames(db)
    .where(inOrganization(organizationId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit)
}

export async function findInvitation(
  db: DbOrTx,
  organizationId: string | null,
  id: string,
): Promise<InvitationWithNames | null> {
  const [row] = await withNames(db).where(and(inOrganization(organizationId), eq(invitations.id, id)))
  return row ?? null
}

/** The invitation a link's token belongs to, locked for the caller's transaction when `lock` is set. */
export async function findByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  lock = false,
): Promise<InvitationWithNames | null> {
  const query = withNames(db).where(eq(invitations.tokenHash, tokenHash))
  const [row] = lock ? await query.for('update', { of: invitations }) : await query
  return row ?? null
}

/**
 * Holds, until the transaction ends, a lock on one address in one organisation, so two invitations to it
 * sent at once are checked one after the other (no unique index can say 'one pending invitation').
 */
export async function lockInvitationAddress(
  db: DbOrTx,
  organizationId: string | null,
  emailHash: string,
): Promise<void> {
  const key = `invitation:${organizationId ?? 'platform'}:${emailHash}`
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

/** Not accepted, revoked or expired at `now`. */
const pendingAt = (now: Date): SQL | undefined =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now))

/** A pending invitation for this address in this organisation. */
export async function findPendingForEmail(
  db: DbOrTx,
  organizationId: string | null,
  emailHash: string,
  now: Date,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        organizationId === null
          ? isNull(invitations.organizationId)
          : eq(invitations.organizationId, organizationId),
        eq(invitations.emailHash, emailHash),
        pendingAt(now),
      ),
    )
  return row ?? null
}

export async function insertInvitation(
  db: DbOrTx,
  row: typeof invitations.$inferInsert,
): Promise<InvitationRow> {
  const [inserted] = await db.insert(invitations).values(row).returning()
  if (!inserted) throw new Error('invitation insert returned no row')
  return inserted
}

export async function updateInvitation(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof invitations.$inferInsert>,
): Promise<void> {
  await db.update(invitations).set(changes).where(eq(invitations.id, id))
}

/** One organisation's pending invitations (not accepted, revoked or expired), newest first. */
export async function selectPendingInvitations(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<InvitationWithNames[]> {
  return withNames(db)
    .where(and(eq(invitations.organizationId, organizationId), pendingAt(now)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
}
