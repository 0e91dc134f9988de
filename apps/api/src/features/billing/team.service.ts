// A team's seats. The team is its organisation: its active members and its pending invitations hold the
// seats, so someone who joined through the Team page holds one like someone invited here. A seat is charged
// (prorated, at once) before anyone is invited onto it when none is free; an invitation from here is an
// invitation like any other, with the team's own email and link; removing a member frees the seat (credited
// on the next invoice), and they are signed out everywhere at once.
import {
  BILLING_MESSAGES,
  teamMemberRolesFor,
  TEAM_MEMBER_ROLE_LABELS,
  type TEAM_MEMBER_ROLES,
} from '@blueconsent/contract/billing'
import { isValidPatientId } from '@blueconsent/contract/shared'
import Stripe from 'stripe'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notFound } from '../../platform/errors.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { deactivateUser, userByEmail, userById } from '../../platform/identity/index.ts'
import {
  acceptInvitation,
  assertSeatInvitable,
  pendingInvitationsOf,
  resendInvitation,
  sendSeatInvitation,
  usableInvitation,
  type InvitationMailer,
} from '../invitations/index.ts'
import { activeMemberCount } from '../members/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import {
  applySubscriptionState,
  findAccountOfOrganization,
  type BillingAccountRow,
} from './billing.repository.ts'
import { audit, callerOf, requireTeamAdmin, type BillingCaller } from './billing.service.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { subscriptionState } from './stripe-sync.ts'
import { formatMoment } from '@blueconsent/contract/durations'

type TeamRole = (typeof TEAM_MEMBER_ROLES)[number]

async function teamAccount(ctx: AppContext, caller: BillingCaller): Promise<BillingAccountRow> {
  requireTeamAdmin(caller)
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.stripeSubscriptionId || !account.stripeSubscriptionItemId || account.accountType !== 'TEAM')
    throw new AppError(404, 'not_found', 'No subscription found.')
  return account
}

/** Stripe's card refusals come back as the spec's error shape, with Stripe's own words. */
function paymentError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError)
    throw new AppError(402, 'payment_failed', error.message || 'Your card was declined.')
  throw error
}

/** Changes the seat count in Stripe and applies the answer here; answers the prorated amount in cents. */
async function changeSeats(
  ctx: AppContext,
  account: BillingAccountRow,
  seats: number,
  chargeNow: boolean,
  db: DbOrTx = ctx.db,
): Promise<number> {
  const { stripe } = stripeGateway(ctx)
  let subscription: Stripe.Subscription
  try {
    subscription = await stripe.subscriptions.update(account.stripeSubscriptionId as string, {
      items: [{ id: account.stripeSubscriptionItemId as string, quantity: seats }],
      proration_behavior: chargeNow ? 'always_invoice' : 'create_prorations',
      // Adding a seat is paid before the seat exists: a refused card leaves the subscription as it was.
      ...(chargeNow ? { payment_behavior: 'error_if_incomplete' as const } : {}),
      expand: ['latest_invoice'],
    })
  } catch (error) {
    paymentError(error)
  }
  await applySubscriptionState(db, account.id, subscriptionState(subscription), ctx.clock(), ctx.clock())
  const invoice = subscription.latest_invoice
  return chargeNow && invoice && typeof invoice !== 'string' ? invoice.amount_due : 0
}

/** Seats held: the organisation's active members and its pending invitations. */
export async function occupiedSeats(ctx: AppContext, db: DbOrTx, organizationId: string): Promise<number> {
  const [members, pending] = await Promise.all([
    activeMemberCount(db, organizationId),
    pendingInvitationsOf(ctx, db, organizationId),
  ])
  return members + pending.length
}

/**
 * After an invitation from the Team page: a subscribed team whose members and pending invitations now
 * outnumber its seats is charged the missing seat at once, in the invitation's transaction, so a refused card
 * leaves no invitation. An invitation from Billing paid for its seat before it was made and changes nothing.
 */
export async function coverHeldSeats(ctx: AppContext, tx: DbOrTx, organizationId: string): Promise<void> {
  const account = await findAccountOfOrganization(tx, organizationId)
  if (account?.accountType !== 'TEAM' || !account.stripeSubscriptionItemId) return
  if (!account.subscriptionStatus || account.subscriptionStatus === 'canceled') return
  const occupied = await occupiedSeats(ctx, tx, organizationId)
  if (occupied > account.seatsTotal) await changeSeats(ctx, account, occupied, true, tx)
}

/** One seat more, charged now; `user_id` names the colleague it is meant for (already a member). */
export async function addSeat(ctx: AppContext, source: Actor, userId: string | undefined) {
  const caller = callerOf(source)
  const account = await teamAccount(ctx, caller)
  if (userId) await colleague(ctx, caller, userId)
  const prorated = await changeSeats(ctx, account, account.seatsTotal + 1, true)
  await audit(ctx, ctx.db, source, 'billing.seat_add', {
    seats: account.seatsTotal + 1,
    prorated_cents: prorated,
  })
  return { detail: 'Seat added', seats_total: account.seatsTotal + 1, prorated_amount: prorated }
}

async function colleague(ctx: AppContext, caller: BillingCaller, userId: string) {
  if (!isValidPatientId(userId)) throw notFound()
  const user = await userById(ctx.db, userId)
  if (!user || user.organizationId !== caller.organizationId) throw notFound()
  return user
}

/** Frees a seat: with `user_id` that member leaves the team (and is signed out); never the caller. */
export async function removeSeat(ctx: AppContext, source: Actor, userId: string | undefined) {
  const caller = callerOf(source)
  const account = await teamAccount(ctx, caller)
  if (userId) {
    if (userId === caller.principal.userId) throw fieldError('user_id', 'You cannot remove yourself')
    const member = await colleague(ctx, caller, userId)
    if (!member.isActive) throw notFound()
    await ctx.db.transaction((tx) => deactivateUser(tx, userId, ctx.clock()))
  }
  const occupied = await occupiedSeats(ctx, ctx.db, caller.organizationId)
  const seats = Math.max(1, occupied, account.seatsTotal - 1)
  if (seats !== account.seatsTotal) await changeSeats(ctx, account, seats, false)
  await audit(ctx, ctx.db, source, 'billing.seat_remove', { seats, member_removed: Boolean(userId) })
  return { detail: userId ? 'Team member removed' : 'Seat removed', seats_total: seats, prorated_amount: 0 }
}

const inviteUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/billing/invite?token=${encodeURIComponent(token)}`

/** The team's email: its name, the seat, and the team's own acceptance page. */
function seatMailer(teamName: string | null): InvitationMailer {
  const team = teamName ?? 'your team'
  return async (ctx, tx, _source, message) => {
    const role = TEAM_MEMBER_ROLE_LABELS[message.role as TeamRole] ?? message.role
    const subject = `You have a seat on ${team} in BlueConsent`
    const opening = ['Hello,', '', `${team} added a seat for you on BlueConsent as ${role}.`]
    // Only the address's owner learns it has an account: the team admin's answer is the same either way.
    const text = (await userByEmail(tx, message.to))
      ? [
          ...opening,
          'This address already has a BlueConsent account, and an account belongs to one organization, so the seat cannot be taken with it.',
          `If you should join ${team}, ask its administrator to invite another address of yours. To sign in to your account, go to:`,
          '',
          `${ctx.config.publicUrl}/app/login`,
        ]
      : [
          ...opening,
          'To set your name and password, open this link:',
          '',
          inviteUrl(ctx, message.token),
          '',
          `The link works once and expires on ${formatMoment(message.expiresAt, 'en')}.`,
        ]
    await queueEmail(ctx, tx, { template: 'team-invitation', to: message.to, subject, text: text.join('\n') })
  }
}

/** Invites someone onto a seat: a free one if there is one, else a new seat charged first. */
export async function createTeamInvitation(
  ctx: AppContext,
  source: Actor,
  input: { email: string; role: TeamRole },
) {
  const caller = callerOf(source)
  // A member must fit the team's organisation (an agent in an ACO could see nothing and would only confuse).
  if (!teamMemberRolesFor(caller.principal.organizationType).includes(input.role))
    throw fieldError('role', BILLING_MESSAGES.roleNotForOrganization)
  const account = await teamAccount(ctx, caller)
  const email = input.email.trim().toLowerCase()
  // Whether the address has an account in another organisation is not the team's to know.
  if ((await userByEmail(ctx.db, email))?.organizationId === caller.organizationId)
    throw fieldError('email', BILLING_MESSAGES.alreadyTeamMember)
  const seat = { organizationId: caller.organizationId, email, role: input.role }
  // Refused before any seat is paid for, and checked again under the invitation's lock.
  await assertSeatInvitable(ctx, seat)
  const occupied = await occupiedSeats(ctx, ctx.db, caller.organizationId)
  const prorated =
    occupied >= account.seatsTotal ? await changeSeats(ctx, account, account.seatsTotal + 1, true) : 0
  const invitation = await sendSeatInvitation(ctx, source, seat, seatMailer(account.teamName), (tx) =>
    audit(ctx, tx, source, 'billing.team_invite', { role: input.role, prorated_cents: prorated }),
  )
  return {
    detail: `Invitation sent to ${email}`,
    invitation: {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      created_at: invitation.created_at,
      expires_at: invitation.expires_at,
    },
  }
}

export async function resendTeamInvitation(ctx: AppContext, source: Actor, invitationId: string) {
  const caller = callerOf(source)
  const account = await teamAccount(ctx, caller)
  await resendInvitation(ctx, source, invitationId, {
    mailer: seatMailer(account.teamName),
    usedError: notFound,
  })
  await audit(ctx, ctx.db, source, 'billing.team_invite_resend')
  return { detail: 'Invitation resent successfully' }
}

export async function verifyTeamInvitation(ctx: AppContext, token: string) {
  // An unknown, used or expired link answers the invitations' own 'invalid or has expired'.
  const row = await usableInvitation(ctx, ctx.db, token)
  const organizationId = row.invitation.organizationId
  const account = organizationId ? await findAccountOfOrganization(ctx.db, organizationId) : null
  return {
    email: decrypt(ctx.keys, row.invitation.emailEncrypted),
    role: row.invitation.role,
    team_name: account?.teamName ?? row.organizationName ?? 'BlueConsent team',
  }
}

export async function acceptTeamInvitation(
  ctx: AppContext,
  input: {
    token: string
    user: { first_name: string; last_name: string; password: string; password_confirm: string }
  },
) {
  if (input.user.password !== input.user.password_confirm)
    throw fieldError('password_confirm', 'Passwords do not match')
  const accepted = await acceptInvitation(ctx, input.token, input.user)
  return { detail: 'Your account is ready. You can sign in now.', login_url: accepted.login_url }
}
