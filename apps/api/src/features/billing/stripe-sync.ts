// Keeps the local copy true: subscription and invoice state is always read back from Stripe (never taken
// from an event's body or the browser), so a replayed, forged-but-signed-long-ago or reordered event can at
// worst re-apply what Stripe holds now.
import type Stripe from 'stripe'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import {
  applySubscriptionState,
  findAccountByCustomer,
  upsertPayment,
  type BillingAccountRow,
  type SubscriptionState,
} from './billing.repository.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { ownValue } from '@blueconsent/contract/shared'

const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000)

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0]
  return {
    stripeSubscriptionId: subscription.id,
    stripeSubscriptionItemId: item?.id ?? null,
    subscriptionStatus: subscription.status,
    seatsTotal: item?.quantity ?? 1,
    seatPriceCents: item?.price.unit_amount ?? 0,
    trialEnd: fromUnix(subscription.trial_end),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  }
}

/**
 * Reads the subscription from Stripe and applies it unless a later read was applied already: freshness is
 * when we asked Stripe, so a slow webhook that read before a direct change cannot overwrite it.
 */
export async function syncSubscription(
  ctx: AppContext,
  db: DbOrTx,
  account: BillingAccountRow,
  subscriptionId: string,
): Promise<void> {
  const readAt = ctx.clock()
  const subscription = await stripeGateway(ctx).stripe.subscriptions.retrieve(subscriptionId)
  if (idOf(subscription.customer) !== account.stripeCustomerId) return
  await applySubscriptionState(db, account.id, subscriptionState(subscription), readAt, ctx.clock())
}

function paymentStatus(invoice: Stripe.Invoice, failed: boolean): 'succeeded' | 'pending' | 'failed' {
  if (invoice.status === 'paid') return 'succeeded'
  if (failed || invoice.status === 'uncollectible' || invoice.status === 'void') return 'failed'
  return (invoice.attempt_count ?? 0) > 0 ? 'failed' : 'pending'
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

export const cardLabel = (card: { brand: string; last4: string }): string =>
  `${ownValue(BRAND_NAMES, card.brand) ?? card.brand} •••• ${card.last4}`

/** The card the customer pays with now (invoices in recent API versions no longer name it directly). */
async function defaultCardLabel(ctx: AppContext, customerId: string): Promise<string | null> {
  const { stripe } = stripeGateway(ctx)
  const customer = await stripe.customers.retrieve(customerId, {
    expand: ['invoice_settings.default_payment_method'],
  })
  if (customer.deleted) return null
  const method = customer.invoice_settings.default_payment_method
  return method && typeof method !== 'string' && method.card ? cardLabel(method.card) : null
}

/** Reads the invoice from Stripe and records it in the payment history of its customer's account. */
/** The card an invoice was paid with (recent API versions name it only through the invoice's payments). */
function paidWithLabel(invoice: Stripe.Invoice): string | null {
  for (const entry of invoice.payments?.data ?? []) {
    const intent = entry.payment.payment_intent
    const method = intent && typeof intent !== 'string' ? intent.payment_method : null
    if (method && typeof method !== 'string' && method.card) return cardLabel(method.card)
  }
  return null
}

export async function syncInvoice(ctx: AppContext, db: DbOrTx, invoiceId: string, failed = false) {
  const invoice = await stripeGateway(ctx).stripe.invoices.retrieve(invoiceId, {
    expand: ['payments.data.payment.payment_intent.payment_method'],
  })
  const customerId = idOf(invoice.customer)
  const account = customerId ? await findAccountByCustomer(db, customerId) : null
  if (!account || !customerId || !invoice.id) return
  const status = paymentStatus(invoice, failed)
  await upsertPayment(db, {
    billingAccountId: account.id,
    stripeInvoiceId: invoice.id,
    description:
      invoice.description ?? invoice.lines.data[0]?.description ?? `Invoice ${invoice.number ?? invoice.id}`,
    amountCents: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    paymentMethod: paidWithLabel(invoice) ?? (await defaultCardLabel(ctx, customerId)),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    createdAt: fromUnix(invoice.created) ?? ctx.clock(),
    updatedAt: ctx.clock(),
  })
}
