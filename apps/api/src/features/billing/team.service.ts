// A team's seats and members. A seat is charged (prorated, at once) before anyone is invited onto it; an
// accepted invitation creates the member in the team's organisation on that seat; removing a member frees
// the seat (credited on the next invoice), and they are signed out everywhere at once.
import {
  BILLING_MESSAGES,
  teamMemberRolesFor,
  TEAM_MEMBER_ROLE_LABELS,
  type TEAM_MEMBER_ROLES,
} from '@blueconsent/contract/billing'
import { INVITATION_TTL_HOURS } from '@blueconsent/contract/invitations'
import { isValidPatientId } from '@blueconsent/contract/shared'
import Stripe from 'stripe'
import type { AppContext } from '../../context.ts'
import { AppError, fieldError, notFound } from '../../errors.ts'
import { decrypt, encrypt, keyedHash, randomToken, sha256Hex } from '../../lib/crypto.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  createAccount,
  deactivateUser,
  hashPassword,
  organizationById,
  userByEmail,
  userById,
} from '../auth/index.ts'
import { queueEmail } from '../outbox/index.ts'
import {
  addTeamMember,
  applySubscriptionState,
  countActiveMembers,
  deactivateTeamMember,
  findAccountById,
  findAccountOfOrganization,
  findTeamInvitation,
  findTeamInvitationByToken,
  insertTeamInvitation,
  markInvitationAccepted,
  replaceInvitationToken,
  selectPendingInvitations,
  type BillingAccountRow,
  type TeamInvitationRow,
} from './billing.repository.ts'
import { audit, callerOf, requireTeamAdmin, type BillingCaller } from './billing.service.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { subscriptionState } from './stripe-sync.ts'

type TeamRole = (typeof TEAM_MEMBER_ROLES)[number]
const HOUR_MS = 3_600_000

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
  await applySubscriptionState(ctx.db, account.id, subscriptionState(subscription), ctx.clock(), ctx.clock())
  const invoice = subscription.latest_invoice
  return chargeNow && invoice && typeof invoice !== 'string' ? invoice.amount_due : 0
}

/** One seat more, charged now; `user_id` (a colleague already in the organisation) takes it at once. */
export async function addSeat(ctx: AppContext, source: AuditSource, userId: string | undefined) {
  const caller = callerOf(source)
  const account = await teamAccount(ctx, caller)
  const member = userId ? await colleague(ctx, caller, userId) : null
  const prorated = await changeSeats(ctx, account, account.seatsTotal + 1, true)
  if (member) await addTeamMember(ctx.db, account.id, member.id, ctx.clock())
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
export async function removeSeat(ctx: AppContext, source: AuditSource, userId: string | undefined) {
  const caller = callerOf(source)
  const account = await teamAccount(ctx, caller)
  if (userId) {
    if (userId === caller.principal.userId) throw fieldError('user_id', 'You cannot remove yourself')
    await colleague(ctx, caller, userId)
    await ctx.db.transaction(async (tx) => {
      if (!(await deactivateTeamMember(tx, account.id, userId, ctx.clock()))) throw notFound()
      await deactivateUser(tx, userId, ctx.clock())
    })
  }
  const occupied = (await countActiveMembers(ctx.db, account.id)) + (await pendingCount(ctx, account))
  const seats = Math.max(1, occupied, account.seatsTotal - 1)
  if (seats !== account.seatsTotal) await changeSeats(ctx, account, seats, false)
  await audit(ctx, ctx.db, source, 'billing.seat_remove', { seats, member_removed: Boolean(userId) })
  return { detail: userId ? 'Team member removed' : 'Seat removed', seats_total: seats, prorated_amount: 0 }
}

const pendingCount = async (ctx: AppContext, account: BillingAccountRow) =>
  (await selectPendingInvitations(ctx.db, account.id, ctx.clock())).length

const isAco = async (db: Parameters<typeof organizationById>[0], organizationId: string) =>
  (await organizationById(db, organizationId))?.organizationType === 'ACO'

const inviteUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/billing/invite?token=${encodeURIComponent(token)}`

async function sendInvitationEmail(
  ctx: AppContext,
  tx: Parameters<typeof queueEmail>[1],
  account: BillingAccountRow,
  to: string,
  role: TeamRole,
  token: string,
  expiresAt: Date,
) {
  const team = account.teamName ?? 'your team'
  await queueEmail(ctx, tx, {
    template: 'team-invitation',
    to,
    subject: `You have a seat on ${team} in BlueConsent`,
    text: [
      'Hello,',
      '',
      `${team} added a seat for you on BlueConsent as ${TEAM_MEMBER_ROLE_LABELS[role]}.`,
      'To set your name and password, open this link:',
      '',
      inviteUrl(ctx, token),
      '',
      `The link works once and expires on ${expiresAt.toUTCString()}.`,
    ].join('\n'),
  })
}

function invitationView(ctx: AppContext, invitation: TeamInvitationRow) {
  return {
    id: invitation.id,
    email: decrypt(ctx.keys, invitation.emailEncrypted),
    role: invitation.role,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  }
}

/** Invites someone onto a seat: a free one if there is one, else a new seat charged first. */
export async function createTeamInvitation(
  ctx: AppContext,
  source: AuditSource,
  input: { email: string; role: TeamRole },
) {
  const caller = callerOf(source)
  // A member must fit the team's organisation (an agent in an ACO could see nothing and would only confuse).
  if (!teamMemberRolesFor(caller.principal.organizationType).includes(input.role))
    throw fieldError('role', BILLING_MESSAGES.roleNotForOrganization)
  const account = await teamAccount(ctx, caller)
  const email = input.email.trim().toLowerCase()
  if (await userByEmail(ctx.db, email)) throw fieldError('email', 'This person already has an account')
  const occupied = (await countActiveMembers(ctx.db, account.id)) + (await pendingCount(ctx, account))
  const prorated =
    occupied >= account.seatsTotal ? await changeSeats(ctx, account, account.seatsTotal + 1, true) : 0
  const token = randomToken()
  const now = ctx.clock()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * HOUR_MS)
  const invitation = await ctx.db.transaction(async (tx) => {
    const row = await insertTeamInvitation(tx, {
      billingAccountId: account.id,
      emailEncrypted: encrypt(ctx.keys, email),
      emailHash: keyedHash(ctx.keys, email),
      role: input.role,
      tokenHash: sha256Hex(token),
      invitedByUserId: caller.principal.userId,
      expiresAt,
      createdAt: now,
      lastSentAt: now,
    })
    await sendInvitationEmail(ctx, tx, account, email, input.role, token, expiresAt)
    await audit(ctx, tx, source, 'billing.team_invite', { role: input.role, prorated_cents: prorated })
    return row
  })
  return { detail: `Invitation sent to ${email}`, invitation: invitationView(ctx, invitation) }
}

export async function resendTeamInvitation(ctx: AppContext, source: AuditSource, invitationId: string) {
  const caller = callerOf(source)
  const account = await teamAccount(ctx, caller)
  if (!isValidPatientId(invitationId)) throw notFound()
  const invitation = await findTeamInvitation(ctx.db, account.id, invitationId)
  if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw notFound()
  const token = randomToken()
  const now = ctx.clock()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * HOUR_MS)
  await ctx.db.transaction(async (tx) => {
    // A new link voids the old one.
    await replaceInvitationToken(tx, invitation.id, sha256Hex(token), expiresAt, now)
    const email = decrypt(ctx.keys, invitation.emailEncrypted)
    await sendInvitationEmail(ctx, tx, account, email, invitation.role as TeamRole, token, expiresAt)
    await audit(ctx, tx, source, 'billing.team_invite_resend')
  })
  return { detail: 'Invitation resent successfully' }
}

async function liveInvitation(ctx: AppContext, token: string) {
  const invitation = await findTeamInvitationByToken(ctx.db, sha256Hex(token))
  if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= ctx.clock())
    throw new AppError(404, 'not_found', BILLING_MESSAGES.invitationInvalid)
  const account = await findAccountById(ctx.db, invitation.billingAccountId)
  if (!account) throw new AppError(404, 'not_found', BILLING_MESSAGES.invitationInvalid)
  return { invitation, account }
}

export async function verifyTeamInvitation(ctx: AppContext, token: string) {
  const { invitation, account } = await liveInvitation(ctx, token)
  return {
    email: decrypt(ctx.keys, invitation.emailEncrypted),
    role: invitation.role,
    team_name: account.teamName ?? 'BlueConsent team',
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
  const { invitation, account } = await liveInvitation(ctx, input.token)
  const email = decrypt(ctx.keys, invitation.emailEncrypted)
  const passwordHash = await hashPassword(input.user.password)
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    if (await userByEmail(tx, email)) throw fieldError('email', 'This person already has an account')
    const user = await createAccount(tx, {
      email,
      passwordHash,
      firstName: input.user.first_name.trim(),
      lastName: input.user.last_name.trim(),
      role: invitation.role as TeamRole,
      organizationId: account.organizationId,
      // An ACO scopes its users to TINs (its admin assigns them on the members page); a practice or an
      // agency works under all of its own.
      allTins: !(await isAco(tx, account.organizationId)),
      tinIds: [],
      // The link reached this address: it is proven.
      emailVerifiedAt: now,
      at: now,
    })
    // Two tabs accepting the same link: only the first creates the member.
    if (!(await markInvitationAccepted(tx, invitation.id, user.id, now)))
      throw new AppError(404, 'not_found', BILLING_MESSAGES.invitationInvalid)
    await addTeamMember(tx, account.id, user.id, now)
  })
  return {
    detail: 'Your account is ready. You can sign in now.',
    login_url: `${ctx.config.publicUrl}/app/login`,
  }
}
