// Stripe's webhooks: the signature is checked over the raw body (5-minute tolerance) before anything is
// read. The endpoint then only records the event and queues it in one transaction, and answers: Stripe gets
// its 2xx in milliseconds whether or not Stripe's API (which applying an event reads) answers at that moment,
// and an event the database took is applied even if this process stops. Each event id is recorded and applied
// once (a repeated delivery changes nothing); the objects named are read back from Stripe when the event is
// applied, so an event arriving late or twice can only re-apply what Stripe holds now.
import { UUID_PATTERN } from '@blueconsent/contract/shared'
import type Stripe from 'stripe'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import {
  findAccountByCustomer,
  findAccountById,
  lockUnprocessedStripeEvent,
  markStripeEventProcessed,
  recordStripeEvent,
  setCustomer,
  type StripeEventReferences,
} from './billing.repository.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { idOf, syncInvoice, syncSubscription } from './stripe-sync.ts'

export const WEBHOOK_TOLERANCE_SECONDS = 300

export type WebhookOutcome = { received: true; duplicate?: true; event_type: string }
export type ApplyStripeEventJob = { id: string }

type EventKind = 'checkout' | 'subscription' | 'invoice' | 'failed_invoice'

/** The events the portal keeps state for; payment_method.* and the rest are read live from Stripe. */
const EVENT_KINDS: Partial<Record<Stripe.Event.Type, EventKind>> = {
  'checkout.session.completed': 'checkout',
  'customer.subscription.created': 'subscription',
  'customer.subscription.updated': 'subscription',
  'customer.subscription.deleted': 'subscription',
  'customer.subscription.trial_will_end': 'subscription',
  'customer.subscription.paused': 'subscription',
  'customer.subscription.resumed': 'subscription',
  'invoice.paid': 'invoice',
  'invoice.payment_succeeded': 'invoice',
  'invoice.finalized': 'invoice',
  'invoice.payment_failed': 'failed_invoice',
}

const kindOf = (type: string): EventKind | undefined => EVENT_KINDS[type as Stripe.Event.Type]

export function verifiedEvent(ctx: AppContext, rawBody: string, signature: string | undefined): Stripe.Event {
  const { stripe, webhookSecret } = stripeGateway(ctx)
  try {
    // Checked against the wall clock, as Stripe signs with it (the app's clock may be a test's).
    return stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS)
  } catch {
    throw new AppError(400, 'invalid_signature', 'Invalid Stripe signature')
  }
}

/** The Stripe ids an event's object names, whichever kind of object it is. */
function referencesOf(event: Stripe.Event): StripeEventReferences {
  const object = event.data.object as {
    id?: unknown
    customer?: string | { id: string } | null
    subscription?: string | { id: string } | null
    client_reference_id?: unknown
  }
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null)
  return {
    objectId: text(object.id),
    customerId: idOf(object.customer),
    subscriptionId: idOf(object.subscription),
    clientReferenceId: text(object.client_reference_id),
  }
}

export async function handleStripeWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = verifiedEvent(ctx, rawBody, signature)
  const needsWork = kindOf(event.type) !== undefined
  return ctx.db.transaction(async (tx) => {
    const first = await recordStripeEvent(tx, {
      id: event.id,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      references: referencesOf(event),
      processedAt: needsWork ? null : ctx.clock(),
    })
    if (!first) return { received: true, duplicate: true, event_type: event.type }
    if (needsWork)
      await ctx.jobs.enqueue(tx, QUEUES.applyStripeEvent, { id: event.id }, { singletonKey: event.id })
    return { received: true, event_type: event.type }
  })
}

/**
 * Applies one recorded event (the queue's job). A repeat, or an event another worker applied meanwhile, finds
 * it done and does nothing; a failure (Stripe unreachable) leaves it unapplied for the queue's next try.
 */
export async function applyStripeEvent(ctx: AppContext, eventId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await lockUnprocessedStripeEvent(tx, eventId)
    if (!event) return
    await dispatch(ctx, tx, kindOf(event.type), event)
    await markStripeEventProcessed(tx, eventId, ctx.clock())
  })
}

async function dispatch(
  ctx: AppContext,
  tx: DbOrTx,
  kind: EventKind | undefined,
  references: StripeEventReferences,
): Promise<void> {
  switch (kind) {
    case 'checkout':
      return checkoutCompleted(ctx, tx, references)
    case 'subscription':
      return subscriptionChanged(ctx, tx, references)
    case 'invoice':
    case 'failed_invoice':
      if (references.objectId) await syncInvoice(ctx, tx, references.objectId, kind === 'failed_invoice')
      return undefined
    default:
      return undefined
  }
}

async function checkoutCompleted(
  ctx: AppContext,
  tx: DbOrTx,
  { customerId, subscriptionId, clientReferenceId }: StripeEventReferences,
): Promise<void> {
  if (!customerId || !subscriptionId) return
  let account = await findAccountByCustomer(tx, customerId)
  // A checkout that created its own customer names our account in client_reference_id (ours are UUIDs; any
  // other value names nobody here, and must not fail the event for good).
  if (!account && clientReferenceId && UUID_PATTERN.test(clientReferenceId)) {
    account = await findAccountById(tx, clientReferenceId)
    if (account && !account.stripeCustomerId) await setCustomer(tx, account.id, customerId, ctx.clock())
    else account = null
    if (account) account = { ...account, stripeCustomerId: customerId }
  }
  if (account) await syncSubscription(ctx, tx, account, subscriptionId)
}

async function subscriptionChanged(
  ctx: AppContext,
  tx: DbOrTx,
  { objectId, customerId }: StripeEventReferences,
): Promise<void> {
  const account = customerId ? await findAccountByCustomer(tx, customerId) : null
  if (account && objectId) await syncSubscription(ctx, tx, account, objectId)
}
