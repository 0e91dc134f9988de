// Invitations onto a team's paid seats are invitations like any other: one table, one link, one acceptance.
// The team writes its own email and chooses no TINs (a practice's or an agency's member then works under all
// of them; an ACO's waits for its admin to assign some). A pending invitation holds a seat until it is used.
import type { Invitation } from '@blueconsent/contract/invitations'
import type { Role } from '@blueconsent/contract/shared'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { encrypt, keyedHash, randomToken, sha256Hex } from '../../platform/lib/crypto.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { organizationById } from '../../platform/identity/index.ts'
import { insertInvitation, selectPendingInvitations } from './invitations.repository.ts'
import {
  createInvitation,
  refuseTaken,
  toInvitation,
  type InvitationMailer,
  type Target,
} from './invitations.service.ts'

export type SeatInvitation = { organizationId: string; email: string; role: Role }

async function seatTarget(db: DbOrTx, invitation: SeatInvitation): Promise<Target> {
  const organization = await organizationById(db, invitation.organizationId)
  return {
    organizationId: invitation.organizationId,
    organizationName: organization?.name ?? null,
    role: invitation.role,
    tinIds: [],
  }
}

/** Refuses, before a seat is paid for, what the invitation itself would refuse. */
export async function assertSeatInvitable(ctx: AppContext, invitation: SeatInvitation): Promise<void> {
  const target = await seatTarget(ctx.db, invitation)
  await refuseTaken(ctx, ctx.db, target, invitation.email, keyedHash(ctx.keys, invitation.email))
}

/** Sends the invitation with the team's email; `within` runs in the same transaction (the team's audit). */
export async function sendSeatInvitation(
  ctx: AppContext,
  source: Actor,
  invitation: SeatInvitation,
  mailer: InvitationMailer,
  within: (tx: DbOrTx) => Promise<void>,
): Promise<Invitation> {
  return ctx.db.transaction(async (tx) => {
    const target = await seatTarget(tx, invitation)
    const row = await createInvitation(ctx, tx, source, invitation.email, target, mailer)
    await within(tx)
    return toInvitation(ctx, row)
  })
}

/** The organisation's pending invitations: each holds a seat. */
export async function pendingInvitationsOf(
  ctx: AppContext,
  db: DbOrTx,
  organizationId: string,
): Promise<Invitation[]> {
  const rows = await selectPendingInvitations(db, organizationId, ctx.clock())
  return rows.map((row) => toInvitation(ctx, row))
}

/**
 * A demo colleague invited onto a free seat and not yet answered. No email goes out: the link's token is
 * thrown away, and 'Resend' mails a fresh one.
 */
export async function seedPendingSeatInvitation(
  ctx: AppContext,
  invitation: SeatInvitation & { invitedByUserId: string | null },
): Promise<void> {
  const now = ctx.clock()
  const email = invitation.email.toLowerCase()
  await insertInvitation(ctx.db, {
    organizationId: invitation.organizationId,
    emailEncrypted: encrypt(ctx.keys, email),
    emailHash: keyedHash(ctx.keys, email),
    role: invitation.role,
    tinIds: [],
    tokenHash: sha256Hex(randomToken()),
    invitedByUserId: invitation.invitedByUserId,
    expiresAt: new Date(now.getTime() + ctx.config.invitationTtlHours * 3_600_000),
    createdAt: now,
    lastSentAt: now,
  })
}
