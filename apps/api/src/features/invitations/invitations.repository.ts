// Queries of invitations. Reads for the list are limited to one organisation unless the caller is the
// platform admin (organizationId null); a token is only ever looked up by its hash.
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { invitations } from '../../db/schema/invitations.ts'
import { organizations } from '../../db/schema/organizations.ts'
import { users } from '../../db/schema/users.ts'

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

/** A pending invitation (not accepted, revoked or expired) for this address in this organisation. */
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
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
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
