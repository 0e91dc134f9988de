import { randomBytes } from 'node:crypto'

// The stored objects are Stripe's own JSON shapes (API version 2026-10-28.endive), unexpanded: a
// reference to another object is its id. Only the fields the stand-in reads are typed; the rest
// are carried as Stripe writes them so the SDK's types describe what a caller gets.

export const API_VERSION = '2026-10-28.endive'

export type Metadata = Record<string, string>
type Rest = { [key: string]: unknown }

export type Product = Rest & { id: string; object: 'product'; name: string; created: number }

export type Price = Rest & {
  id: string
  object: 'price'
  active: boolean
  currency: string
  lookup_key: string | null
  product: string
  unit_amount: number
  recurring: { interval: 'month' | 'year'; interval_count: number } & Rest
  created: number
}

export type Customer = Rest & {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  metadata: Metadata
  balance: number
  invoice_prefix: string
  invoice_settings: Rest & { default_payment_method: string | null }
  test_clock: string | null
  created: number
}

export type Card = Rest & { brand: string; last4: string; exp_month: number; exp_year: number }

export type PaymentMethod = Rest & {
  id: string
  object: 'payment_method'
  type: 'card'
  card: Card
  customer: string | null
  created: number
}

export type SubscriptionItem = Rest & {
  id: string
  object: 'subscription_item'
  price: Price
  quantity: number
  subscription: string
  current_period_start: number
  current_period_end: number
  created: number
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled'

export type Subscription = Rest & {
  id: string
  object: 'subscription'
  customer: string
  status: SubscriptionStatus
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string }
  billing_cycle_anchor: number
  cancel_at: number | null
  cancel_at_period_end: boolean
  canceled_at: number | null
  ended_at: number | null
  default_payment_method: string | null
  latest_invoice: string | null
  metadata: Metadata
  trial_start: number | null
  trial_end: number | null
  test_clock: string | null
  created: number
}

export type LineItem = Rest & {
  id: string
  object: 'line_item'
  amount: number
  description: string | null
  period: { start: number; end: number }
  quantity: number | null
  parent: Rest & {
    type: 'subscription_item_details' | 'invoice_item_details'
    subscription_item_details: (Rest & { proration: boolean; subscription: string | null }) | null
    invoice_item_details:
      (Rest & { proration: boolean; subscription: string | null; invoice_item: string }) | null
  }
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'

export type Invoice = Rest & {
  id: string
  object: 'invoice'
  customer: string
  status: InvoiceStatus
  number: string | null
  amount_due: number
  amount_paid: number
  amount_remaining: number
  attempt_count: number
  attempted: boolean
  billing_reason: string
  currency: string
  lines: { object: 'list'; data: LineItem[]; has_more: false; total_count: number; url: string }
  next_payment_attempt: number | null
  parent: (Rest & { subscription_details: (Rest & { subscription: string }) | null }) | null
  period_start: number
  period_end: number
  status_transitions: Rest & { paid_at: number | null; finalized_at: number | null }
  subtotal: number
  total: number
  created: number
}

// A pending proration waiting for the next invoice (Stripe's InvoiceItem).
export type InvoiceItem = Rest & {
  id: string
  object: 'invoiceitem'
  amount: number
  customer: string
  description: string
  invoice: string | null
  period: { start: number; end: number }
  quantity: number
  parent: Rest & { subscription_details: Rest & { subscription: string; subscription_item: string } }
  proration: boolean
  date: number
}

export type PaymentIntent = Rest & {
  id: string
  object: 'payment_intent'
  amount: number
  customer: string
  payment_method: string | null
  status: 'succeeded' | 'requires_payment_method'
  last_payment_error: Rest | null
  created: number
}

export type InvoicePayment = Rest & {
  id: string
  object: 'invoice_payment'
  invoice: string
  payment: { type: 'payment_intent'; payment_intent: string }
  status: 'paid' | 'open'
  created: number
}

export type SetupIntent = Rest & {
  id: string
  object: 'setup_intent'
  client_secret: string
  customer: string | null
  payment_method: string | null
  status: 'requires_payment_method' | 'succeeded' | 'canceled'
  usage: string
  last_setup_error: Rest | null
  created: number
}

export type CheckoutSession = Rest & {
  id: string
  object: 'checkout.session'
  customer: string | null
  customer_email: string | null
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'
  subscription: string | null
  success_url: string | null
  cancel_url: string | null
  metadata: Metadata
  url: string | null
  expires_at: number
  created: number
}

export type PortalSession = Rest & {
  id: string
  object: 'billing_portal.session'
  customer: string
  return_url: string | null
  url: string
  created: number
}

export type TestClock = Rest & {
  id: string
  object: 'test_helpers.test_clock'
  frozen_time: number
  status: 'ready' | 'advancing' | 'internal_failure'
  name: string | null
  created: number
}

export type StripeEvent = Rest & {
  id: string
  object: 'event'
  type: string
  created: number
  data: { object: Rest; previous_attributes?: Rest }
  pending_webhooks: number
}

// A checkout session's line items, kept beside it: Stripe shows them only through the includable
// `line_items` field.
export type CheckoutLine = { price: string; quantity: number }

export type SubscriptionPlan = {
  // Set after customer.subscription.trial_will_end was sent, so it is sent once.
  trialWillEndSent: boolean
  // When an `incomplete` subscription (first payment refused) turns incomplete_expired.
  incompleteExpiresAt: number | null
}

export type State = {
  version: 1
  // Added to options.now() for customers without a test clock (moved by the admin route).
  clockOffsetSec: number
  // Creation order across every collection: lists are newest first with ties broken by it.
  seq: number
  order: Record<string, number>
  products: Record<string, Product>
  prices: Record<string, Price>
  customers: Record<string, Customer>
  paymentMethods: Record<string, PaymentMethod>
  // The typed card behind each payment method (never part of an API answer).
  cardNumbers: Record<string, string>
  subscriptions: Record<string, Subscription>
  subscriptionPlans: Record<string, SubscriptionPlan>
  invoices: Record<string, Invoice>
  invoiceItems: Record<string, InvoiceItem>
  paymentIntents: Record<string, PaymentIntent>
  invoicePayments: Record<string, InvoicePayment>
  setupIntents: Record<string, SetupIntent>
  checkoutSessions: Record<string, CheckoutSession>
  checkoutLines: Record<string, CheckoutLine[]>
  checkoutTrials: Record<string, { trialDays: number | null; metadata: Metadata }>
  portalSessions: Record<string, PortalSession>
  testClocks: Record<string, TestClock>
  events: Record<string, StripeEvent>
  invoiceNumbers: Record<string, number>
  idempotency: Record<string, { fingerprint: string; status: number; body: unknown; at: number }>
  // Event ids not yet delivered to the webhook endpoint, oldest first.
  outbox: string[]
}

export function emptyState(): State {
  return {
    version: 1,
    clockOffsetSec: 0,
    seq: 0,
    order: {},
    products: {},
    prices: {},
    customers: {},
    paymentMethods: {},
    cardNumbers: {},
    subscriptions: {},
    subscriptionPlans: {},
    invoices: {},
    invoiceItems: {},
    paymentIntents: {},
    invoicePayments: {},
    setupIntents: {},
    checkoutSessions: {},
    checkoutLines: {},
    checkoutTrials: {},
    portalSessions: {},
    testClocks: {},
    events: {},
    invoiceNumbers: {},
    idempotency: {},
    outbox: [],
  }
}

// Where each id prefix lives, for expansion and the `No such …` messages.
export const COLLECTIONS = {
  prod_: ['products', 'product'],
  price_: ['prices', 'price'],
  cus_: ['customers', 'customer'],
  pm_: ['paymentMethods', 'PaymentMethod'],
  sub_: ['subscriptions', 'subscription'],
  in_: ['invoices', 'invoice'],
  ii_: ['invoiceItems', 'invoiceitem'],
  pi_: ['paymentIntents', 'payment_intent'],
  inpay_: ['invoicePayments', 'invoice_payment'],
  seti_: ['setupIntents', 'setupintent'],
  cs_: ['checkoutSessions', 'checkout.session'],
  bps_: ['portalSessions', 'billing_portal.session'],
  clock_: ['testClocks', 'test_clock'],
  evt_: ['events', 'event'],
} as const satisfies Record<string, readonly [keyof State, string]>

export type Prefix = keyof typeof COLLECTIONS

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function randomToken(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}

// Stripe's ids: a type prefix and 24 base62 characters (cs_test_… for checkout sessions).
export function newId(prefix: Prefix | 'si_' | 'il_' | 'req_' | 'cs_test_' | 'card_'): string {
  return `${prefix}${randomToken(24)}`
}

/**
 * The entry a caller's key names, never an inherited member: `__proto__`, `constructor` or `toString` as an id
 * finds nothing, as any unknown id does.
 */
export function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined
}

/** Stores under a caller's key as an own property, even `__proto__` (which plain assignment would not). */
export function put<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true })
}

export function clone<T>(value: T): T {
  return structuredClone(value)
}
