// Billing rules: an INDIVIDUAL organisation's user and a team's administrators manage billing;
// only a team administrator manages seats and members; checkout is for individual accounts, a team
// subscribes through team sign-up. Every amount and status comes from Stripe; the browser's word is never
// taken for a payment. Changes are audited.
import {
  BILLING_MESSAGES,
  TRIAL_DAYS,
  isPaymentOverdue,
  type BillingAccount,
  type BillingAccountKind,
  type BillingAction,
  type PaymentMethod,
} from '@blueconsent/contract/billing'
import { ADMIN_ROLES, type Role } from '@blueconsent/contract/shared'
import type Stripe from 'stripe'
import type { RouteRequirements } from '../../platform/access/access.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notFound } from '../../platform/errors.ts'
import type { Principal } from '../../platform/identity/index.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { organizationById, userById } from '../../platform/identity/index.ts'
import { pendingInvitationsOf } from '../invitations/index.ts'
import { activeMemberCount, membersOf } from '../members/index.ts'
import {
  applySubscriptionState,
  type BillingAccountRow,
  countPastDueAccounts,
  findAccountOfOrganization,
  insertAccount,
  selectPayments,
  setCustomer,
  subscriptionStatusesOf,
} from './billing.repository.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { cardLabel, idOf, subscriptionState, syncSubscription } from './stripe-sync.ts'

const PAYMENT_HISTORY_LIMIT = 100
const ADMINS: ReadonlySet<Role> = new Set(ADMIN_ROLES)

export type BillingCaller = { principal: Principal; organizationId: string; kind: BillingAccountKind }

const forbidden = (message: string) => new AppError(403, 'permission_denied', message)
const noSubscription = () => new AppError(404, 'not_found', 'No subscription found.')

/** Which kind of billing account the caller holds, from their organisation and role. */
export function callerOf(source: Actor): BillingCaller {
  const { principal } = source
  if (!principal.organizationId) throw noSubscription()
  const kind: BillingAccountKind =
    principal.organizationType === 'INDIVIDUAL'
      ? 'INDIVIDUAL'
      : ADMINS.has(principal.role)
        ? 'TEAM_ADMIN'
        : 'TEAM_USER'
  return { principal, organizationId: principal.organizationId, kind }
}

function requireManager(caller: BillingCaller): void {
  if (caller.kind === 'TEAM_USER') throw forbidden(BILLING_MESSAGES.notBillingManager)
}

export function requireTeamAdmin(caller: BillingCaller): void {
  if (caller.kind !== 'TEAM_ADMIN') throw forbidden(BILLING_MESSAGES.notTeamAdmin)
}

export async function audit(
  ctx: AppContext,
  db: DbOrTx,
  source: Actor,
  action: string,
  details: Record<string, string | number | boolean | null> = {},
) {
  await writeAudit(db, source, {
    action,
    patientId: null,
    targetType: 'billing_account',
    targetId: source.principal.organizationId,
    details,
    at: ctx.clock(),
  })
}

async function subscribedAccount(ctx: AppContext, caller: BillingCaller): Promise<BillingAccountRow> {
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.stripeCustomerId || !account.stripeSubscriptionId) throw noSubscription()
  return account
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null

export async function accountView(
  ctx: AppContext,
  caller: BillingCaller,
  account: BillingAccountRow,
): Promise<BillingAccount> {
  const teamAdmin = caller.kind === 'TEAM_ADMIN'
  // The team is the organisation: its members and its pending invitations, as the Team page shows them.
  const [payments, members, invitations, activeMembers] = await Promise.all([
    selectPayments(ctx.db, account.id, PAYMENT_HISTORY_LIMIT),
    teamAdmin ? membersOf(ctx.db, account.organizationId) : Promise.resolve([]),
    teamAdmin ? pendingInvitationsOf(ctx, ctx.db, account.organizationId) : Promise.resolve([]),
    account.accountType === 'TEAM' ? activeMemberCount(ctx.db, account.organizationId) : Promise.resolve(1),
  ])
  return {
    account_type: caller.kind,
    subscription_status: account.subscriptionStatus,
    team_name: account.teamName,
    monthly_cost: account.seatsTotal * account.seatPriceCents,
    seat_price: account.seatPriceCents,
    trial_end_date: account.subscriptionStatus === 'trialing' ? iso(account.trialEnd) : null,
    next_billing_date: account.cancelAtPeriodEnd
      ? null
      : account.subscriptionStatus === 'trialing'
        ? iso(account.trialEnd)
        : iso(account.currentPeriodEnd),
    cancel_at_period_end: account.cancelAtPeriodEnd,
    seats_active: activeMembers,
    seats_total: account.seatsTotal,
    created_at: account.createdAt.toISOString(),
    payment_history: payments.map((payment) => ({
      id: payment.id,
      created_at: payment.createdAt.toISOString(),
      description: payment.description,
      amount: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      payment_method: payment.paymentMethod,
      stripe_invoice_id: payment.stripeInvoiceId,
      invoice_url: payment.hostedInvoiceUrl,
    })),
    pending_invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      created_at: invitation.created_at,
      expires_at: invitation.expires_at,
    })),
    team_members: members.map((member) => ({
      id: member.id,
      user: {
        id: member.id,
        first_name: member.firstName,
        last_name: member.lastName,
        email: member.email,
        role: member.role,
      },
      is_active: member.isActive,
      created_at: member.dateJoined.toISOString(),
    })),
  }
}

/** GET individual or team billing: each path answers only its own kind of account (404 otherwise). */
export async function getBilling(
  ctx: AppContext,
  source: Actor,
  path: 'individual' | 'team',
): Promise<BillingAccount> {
  const caller = callerOf(source)
  if ((path === 'individual') !== (caller.kind === 'INDIVIDUAL')) throw noSubscription()
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.subscriptionStatus) throw noSubscription()
  return accountView(ctx, caller, account)
}

export async function performBillingAction(
  ctx: AppContext,
  source: Actor,
  path: 'individual' | 'team',
  action: BillingAction,
): Promise<{ detail: string; redirect_url?: string }> {
  const caller = callerOf(source)
  requireManager(caller)
  if ((path === 'individual') !== (caller.kind === 'INDIVIDUAL')) throw noSubscription()
  const account = await subscribedAccount(ctx, caller)
  const { stripe } = stripeGateway(ctx)
  if (action.action === 'customer_portal') {
    assertOwnUrl(ctx, action.return_url, 'return_url')
    const session = await stripe.billingPortal.sessions.create({
      customer: account.stripeCustomerId as string,
      return_url: action.return_url,
    })
    await audit(ctx, ctx.db, source, 'billing.portal_opened')
    return { detail: 'Customer portal session created', redirect_url: session.url }
  }
  const subscription = await stripe.subscriptions.update(account.stripeSubscriptionId as string, {
    cancel_at_period_end: true,
  })
  await ctx.db.transaction(async (tx) => {
    await applySubscriptionState(tx, account.id, subscriptionState(subscription), ctx.clock(), ctx.clock())
    await audit(ctx, tx, source, 'billing.cancel')
  })
  return { detail: BILLING_MESSAGES.canceled }
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins this portal answers at: its public address, and, when that is on this machine, the same port
 * under the machine's other names (someone who opened http://127.0.0.1:8000 of a portal configured as
 * http://localhost:8000 is still on this portal).
 */
export function portalOrigins(publicUrl: string): string[] {
  const base = new URL(publicUrl)
  if (!LOOPBACK_NAMES.includes(base.hostname)) return [base.origin]
  return LOOPBACK_NAMES.map((name) => {
    const alias = new URL(base.origin)
    alias.hostname = name
    return alias.origin
  })
}

/** Redirects after Stripe's pages go back to this portal only (no open redirect through our checkout). */
export function assertOwnUrl(ctx: AppContext, url: string, field: string): void {
  if (!portalOrigins(ctx.config.publicUrl).includes(new URL(url).origin))
    throw fieldError(field, `Must be an address of this portal (${ctx.config.publicUrl})`)
}

/** The organisation's billing account, created on first use, with its Stripe customer. */
export async function ensureCustomer(
  ctx: AppContext,
  caller: BillingCaller,
  email: string,
  teamName: string | null,
): Promise<BillingAccountRow> {
  const existing = await findAccountOfOrganization(ctx.db, caller.organizationId)
  const account =
    existing ??
    (await insertAccount(ctx.db, {
      organizationId: caller.organizationId,
      accountType: caller.kind === 'INDIVIDUAL' ? 'INDIVIDUAL' : 'TEAM',
      teamName,
      createdAt: ctx.clock(),
      updatedAt: ctx.clock(),
    }))
  if (account.stripeCustomerId) return account
  const organization = await organizationById(ctx.db, caller.organizationId)
  const customer = await stripeGateway(ctx).stripe.customers.create(
    {
      email,
      name: teamName ?? organization?.name ?? email,
      metadata: { billing_account_id: account.id, organization_id: caller.organizationId },
    },
    // One customer per account even if two tabs start a checkout at once.
    { idempotencyKey: `customer-${account.id}` },
  )
  await setCustomer(ctx.db, account.id, customer.id, ctx.clock())
  return { ...account, stripeCustomerId: customer.id }
}

const priceIds = new WeakMap<AppContext, string>()

/** The seat price, found once by its lookup key. */
export async function seatPriceId(ctx: AppContext): Promise<string> {
  const cached = priceIds.get(ctx)
  if (cached) return cached
  const { stripe, priceLookupKey } = stripeGateway(ctx)
  const prices = await stripe.prices.list({ lookup_keys: [priceLookupKey], active: true, limit: 1 })
  const price = prices.data[0]
  if (!price) throw new AppError(503, 'service_unavailable', 'The seat price is not configured in Stripe.')
  priceIds.set(ctx, price.id)
  return price.id
}

const withSessionId = (url: string): string => {
  const parsed = new URL(url)
  if (!parsed.searchParams.has('session_id')) parsed.searchParams.set('session_id', '{CHECKOUT_SESSION_ID}')
  // Stripe replaces the placeholder only when its braces are literal.
  return parsed.toString().replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}')
}

export async function startCheckout(
  ctx: AppContext,
  source: Actor,
  account: BillingAccountRow,
  seats: number,
  urls: { success_url: string; cancel_url: string },
): Promise<{ checkout_url: string; session_id: string }> {
  assertOwnUrl(ctx, urls.success_url, 'success_url')
  assertOwnUrl(ctx, urls.cancel_url, 'cancel_url')
  const session = await stripeGateway(ctx).stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: account.stripeCustomerId as string,
    client_reference_id: account.id,
    line_items: [{ price: await seatPriceId(ctx), quantity: seats }],
    subscription_data: {
      metadata: { billing_account_id: account.id },
      ...(account.trialUsed ? {} : { trial_period_days: TRIAL_DAYS }),
    },
    success_url: withSessionId(urls.success_url),
    cancel_url: urls.cancel_url,
    metadata: { billing_account_id: account.id },
  })
  if (!session.url) throw new AppError(502, 'service_unavailable', BILLING_MESSAGES.checkoutFailed)
  await audit(ctx, ctx.db, source, 'billing.checkout_started', { seats })
  return { checkout_url: session.url, session_id: session.id }
}

export async function createIndividualCheckout(
  ctx: AppContext,
  source: Actor,
  urls: { success_url: string; cancel_url: string },
) {
  const caller = callerOf(source)
  if (caller.kind !== 'INDIVIDUAL') throw forbidden(BILLING_MESSAGES.individualOnly)
  const account = await ensureCustomer(ctx, caller, await emailOf(ctx, caller), null)
  if (account.stripeSubscriptionId && account.subscriptionStatus !== 'canceled')
    throw new AppError(409, 'conflict', 'This account already has a subscription.')
  return startCheckout(ctx, source, account, 1, urls)
}

export async function emailOf(ctx: AppContext, caller: BillingCaller): Promise<string> {
  return (await userById(ctx.db, caller.principal.userId))?.email ?? ''
}

/** After Stripe's checkout: asks Stripe what happened (never the browser) and applies it. */
export async function verifyCheckout(ctx: AppContext, source: Actor, sessionId: string) {
  const caller = callerOf(source)
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.stripeCustomerId) throw notFound()
  let session: Stripe.Checkout.Session
  try {
    session = await stripeGateway(ctx).stripe.checkout.sessions.retrieve(sessionId)
  } catch {
    throw notFound()
  }
  if (idOf(session.customer) !== account.stripeCustomerId) throw notFound()
  const subscriptionId = idOf(session.subscription)
  if (session.status === 'complete' && subscriptionId)
    await syncSubscription(ctx, ctx.db, account, subscriptionId)
  const fresh = await findAccountOfOrganization(ctx.db, caller.organizationId)
  return {
    status: session.status ?? 'open',
    payment_status: session.payment_status,
    account: fresh?.subscriptionStatus ? await accountView(ctx, caller, fresh) : null,
  }
}

/** Past due or unpaid: the organisation's data stays readable, but no new authorization requests. */
export async function assertMaySendRequests(db: DbOrTx, organizationId: string | null): Promise<void> {
  if (!organizationId) return
  const account = await findAccountOfOrganization(db, organizationId)
  if (account && isPaymentOverdue(account.subscriptionStatus))
    throw new AppError(402, 'payment_overdue', BILLING_MESSAGES.paymentOverdue)
}

/** `requires: ['billing_current']`: an overdue organisation's data stays readable, but it asks no new patient. */
export const billingRequirements: RouteRequirements = {
  billing_current: (ctx, principal) => assertMaySendRequests(ctx.db, principal.organizationId),
}

export async function listPaymentMethods(ctx: AppContext, source: Actor): Promise<PaymentMethod[]> {
  const caller = callerOf(source)
  requireManager(caller)
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.stripeCustomerId) return []
  const { stripe } = stripeGateway(ctx)
  const [customer, methods] = await Promise.all([
    stripe.customers.retrieve(account.stripeCustomerId),
    stripe.customers.listPaymentMethods(account.stripeCustomerId, { type: 'card', limit: 20 }),
  ])
  const defaultId = customer.deleted ? null : idOf(customer.invoice_settings.default_payment_method)
  return methods.data
    .filter((method) => method.card)
    .map((method) => ({
      id: method.id,
      type: method.type,
      card: {
        brand: method.card?.brand ?? 'unknown',
        last4: method.card?.last4 ?? '',
        exp_month: method.card?.exp_month ?? 0,
        exp_year: method.card?.exp_year ?? 0,
      },
      is_default: method.id === defaultId,
    }))
}

export async function startPaymentMethodSetup(ctx: AppContext, source: Actor, returnUrl: string) {
  const caller = callerOf(source)
  requireManager(caller)
  assertOwnUrl(ctx, returnUrl, 'return_url')
  const account = await ensureCustomer(ctx, caller, await emailOf(ctx, caller), null)
  const gateway = stripeGateway(ctx)
  const intent = await gateway.stripe.setupIntents.create({
    customer: account.stripeCustomerId as string,
    usage: 'off_session',
  })
  await audit(ctx, ctx.db, source, 'billing.payment_method_setup')
  return {
    client_secret: intent.client_secret ?? '',
    setup_intent_id: intent.id,
    publishable_key: gateway.publishableKey ?? null,
    hosted_setup_url: gateway.publishableKey
      ? null
      : (gateway.hostedSetupUrl?.(intent.id, returnUrl) ?? null),
  }
}

async function ownedPaymentMethod(ctx: AppContext, account: BillingAccountRow, id: string) {
  try {
    const method = await stripeGateway(ctx).stripe.paymentMethods.retrieve(id)
    if (idOf(method.customer) === account.stripeCustomerId) return method
  } catch {
    // Unknown to Stripe: the same answer as someone else's card.
  }
  throw notFound()
}

export async function setDefaultPaymentMethod(ctx: AppContext, source: Actor, id: string) {
  const caller = callerOf(source)
  requireManager(caller)
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.stripeCustomerId) throw notFound()
  const method = await ownedPaymentMethod(ctx, account, id)
  const { stripe } = stripeGateway(ctx)
  await stripe.customers.update(account.stripeCustomerId, {
    invoice_settings: { default_payment_method: method.id },
  })
  if (account.stripeSubscriptionId)
    await stripe.subscriptions.update(account.stripeSubscriptionId, { default_payment_method: method.id })
  await audit(ctx, ctx.db, source, 'billing.payment_method_default', {
    card: method.card ? cardLabel(method.card) : null,
  })
}

export async function removePaymentMethod(ctx: AppContext, source: Actor, id: string) {
  const caller = callerOf(source)
  requireManager(caller)
  const account = await findAccountOfOrganization(ctx.db, caller.organizationId)
  if (!account?.stripeCustomerId) throw notFound()
  const method = await ownedPaymentMethod(ctx, account, id)
  await stripeGateway(ctx).stripe.paymentMethods.detach(method.id)
  await audit(ctx, ctx.db, source, 'billing.payment_method_remove', {
    card: method.card ? cardLabel(method.card) : null,
  })
}

/** How many billing accounts are overdue (past due or unpaid): one organisation's, or the platform's (null). */
export const pastDueAccounts = (db: DbOrTx, organizationId: string | null): Promise<number> =>
  countPastDueAccounts(db, organizationId)

/** Each organisation's subscription status (null: none yet), for lists that show many organisations. */
export const subscriptionStatuses = (
  db: DbOrTx,
  organizationIds: readonly string[],
): Promise<Map<string, string | null>> => subscriptionStatusesOf(db, organizationIds)
