// Stripe's webhooks: the signature is checked over the raw body (5-minute tolerance) before anything is
// read; each event id is processed once (a repeat changes nothing); the objects named are read back from
// Stripe, so an event arriving late or twice can only re-apply what Stripe holds now.
import type Stripe from 'stripe'
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  findAccountByCustomer,
  findAccountById,
  recordStripeEvent,
  setCustomer,
} from './billing.repository.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { idOf, syncInvoice, syncSubscription } from './stripe-sync.ts'

export const WEBHOOK_TOLERANCE_SECONDS = 300

export type WebhookOutcome = { received: true; duplicate?: true; event_type: string }

export function verifiedEvent(ctx: AppContext, rawBody: string, signature: string | undefined): Stripe.Event {
  const { stripe, webhookSecret } = stripeGateway(ctx)
  try {
    // Checked against the wall clock, as Stripe signs with it (the app's clock may be a test's).
    return stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS)
  } catch {
    throw new AppError(400, 'invalid_signature', 'Invalid Stripe signature')
  }
}

export async function handleStripeWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = verifiedEvent(ctx, rawBody, signature)
  return ctx.db.transaction(async (tx) => {
    const first = await recordStripeEvent(tx, event.id, event.type, new Date(event.created * 1000))
    if (!first) return { received: true, duplicate: true, event_type: event.type }
    await dispatch(ctx, tx, event)
    return { received: true, event_type: event.type }
  })
}

async function dispatch(ctx: AppContext, tx: DbOrTx, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(ctx, tx, event.data.object)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return subscriptionChanged(ctx, tx, event.data.object)
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.finalized':
      return invoiceChanged(ctx, tx, event.data.object, false)
    case 'invoice.payment_failed':
      return invoiceChanged(ctx, tx, event.data.object, true)
    default:
      // payment_method.* and the rest: the portal reads cards live from Stripe, so nothing is kept.
      return undefined
  }
}

async function checkoutCompleted(
  ctx: AppContext,
  tx: DbOrTx,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const customerId = idOf(session.customer)
  const subscriptionId = idOf(session.subscription)
  if (!customerId || !subscriptionId) return
  let account = await findAccountByCustomer(tx, customerId)
  // A checkout that created its own customer names our account in client_reference_id.
  if (!account && session.client_reference_id) {
    account = await findAccountById(tx, session.client_reference_id)
    if (account && !account.stripeCustomerId) await setCustomer(tx, account.id, customerId, ctx.clock())
    else account = null
    if (account) account = { ...account, stripeCustomerId: customerId }
  }
  if (account) await syncSubscription(ctx, tx, account, subscriptionId)
}

async function subscriptionChanged(
  ctx: AppContext,
  tx: DbOrTx,
  subscription: Stripe.Subscription,
): Promise<void> {
  const customerId = idOf(subscription.customer)
  const account = customerId ? await findAccountByCustomer(tx, customerId) : null
  if (account) await syncSubscription(ctx, tx, account, subscription.id)
}

async function invoiceChanged(ctx: AppContext, tx: DbOrTx, invoice: Stripe.Invoice, failed: boolean) {
  if (invoice.id) await syncInvoice(ctx, tx, invoice.id, failed)
}
