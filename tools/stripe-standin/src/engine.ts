import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { MAGIC_PAYMENT_METHODS, TEST_CARDS, validateCard, type CardInput, type TestCard } from './cards.ts'
import { StripeApiError, cardError, invalidRequest, noSuch } from './errors.ts'
import {
  API_VERSION,
  COLLECTIONS,
  clone,
  emptyState,
  newId,
  randomToken,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type InvoiceItem,
  type InvoicePayment,
  type LineItem,
  type Metadata,
  type PaymentIntent,
  type PaymentMethod,
  type Prefix,
  type Price,
  type State,
  type StripeEvent,
  type Subscription,
  type SubscriptionItem,
  type TestClock,
} from './model.ts'
import type { StandinOptions } from './options.ts'
import { DAY, addMonths, formatDate, formatMoney, nextPeriodEnd, roundCents } from './time.ts'

type Rest = { [key: string]: unknown }

export const SEAT_PRODUCT_ID = 'prod_BlueConsentSeat'
export const SEAT_PRICE_ID = 'price_BlueConsentSeatMonthly'
export const SEAT_LOOKUP_KEY = 'blueconsent_seat_monthly'

// Smart-retry stand-in: after a failed charge, try again 3, 5 and 7 days after the first failure;
// the fourth failure leaves the subscription unpaid (Stripe's "mark the subscription as unpaid").
const RETRY_GAPS = [3 * DAY, 2 * DAY, 2 * DAY]
const TRIAL_WILL_END_NOTICE = 3 * DAY
// An incomplete subscription (first payment failed) expires after 23 hours, as on Stripe.
const INCOMPLETE_LIFETIME = 23 * 3600

/** Thrown by an operation whose failure Stripe records (a failed charge): keep the state, then fail. */
export class CommitThenFail extends Error {
  constructor(readonly error: StripeApiError) {
    super(error.message)
  }
}

export type ItemChange = { id?: string; price?: string; quantity?: number; deleted?: boolean }
export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none'
export type PaymentBehavior = 'allow_incomplete' | 'error_if_incomplete'

type ChargeOutcome = { paid: true } | { paid: false; error: StripeApiError }

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

// Stripe's previous_attributes: the old values of the top-level fields that changed.
function previousAttributes(before: Rest, after: Rest): Rest | undefined {
  const out: Rest = {}
  for (const key of Object.keys(after)) if (!sameJson(before[key], after[key])) out[key] = before[key] ?? null
  return Object.keys(out).length > 0 ? out : undefined
}

function monthsPer(price: Price): number {
  return price.recurring.interval === 'year'
    ? 12 * price.recurring.interval_count
    : price.recurring.interval_count
}

export class Engine {
  state: State

  constructor(readonly options: StandinOptions) {
    this.state = this.load()
    this.seed()
  }

  // ── time ──────────────────────────────────────────────────────────────────────────────────────

  standinNow(): number {
    return Math.floor(this.options.now().getTime() / 1000) + this.state.clockOffsetSec
  }

  timeOfClock(clockId: string | null): number {
    if (!clockId) return this.standinNow()
    const clock = this.state.testClocks[clockId]
    return clock ? clock.frozen_time : this.standinNow()
  }

  timeOfCustomer(customerId: string | null): number {
    const customer = customerId ? this.state.customers[customerId] : undefined
    return this.timeOfClock(customer?.test_clock ?? null)
  }

  // ── storage ───────────────────────────────────────────────────────────────────────────────────

  private load(): State {
    const file = this.options.dataFile
    if (file && existsSync(file)) {
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as State
      if (loaded.version === 1) return { ...emptyState(), ...loaded }
    }
    return emptyState()
  }

  persist(): void {
    const file = this.options.dataFile
    if (!file) return
    // Write then rename: a crash mid-write leaves the previous file, never half a JSON document.
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(this.state))
    renameSync(tmp, file)
  }

  reset(): void {
    this.state = emptyState()
    this.seed()
  }

  private seed(): void {
    const created = Math.floor(Date.UTC(2026, 0, 1) / 1000)
    if (!this.state.products[SEAT_PRODUCT_ID]) {
      this.register('products', {
        id: SEAT_PRODUCT_ID,
        object: 'product',
        active: true,
        created,
        default_price: SEAT_PRICE_ID,
        description: 'One member seat of a BlueConsent team or individual account',
        images: [],
        livemode: false,
        marketing_features: [],
        metadata: {},
        name: 'BlueConsent seat',
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: 'seat',
        updated: created,
        url: null,
      })
    }
    if (!this.state.prices[SEAT_PRICE_ID]) {
      this.register('prices', {
        id: SEAT_PRICE_ID,
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created,
        currency: 'usd',
        custom_unit_amount: null,
        livemode: false,
        lookup_key: SEAT_LOOKUP_KEY,
        metadata: {},
        nickname: 'Seat, monthly',
        product: SEAT_PRODUCT_ID,
        recurring: {
          interval: 'month',
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        },
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'recurring',
        unit_amount: 1999,
        unit_amount_decimal: '1999',
      })
    }
  }

  private register<K extends keyof State>(
    collection: K,
    object: { id: string; [key: string]: unknown },
  ): void {
    const map = this.state[collection] as unknown as Record<string, unknown>
    map[object.id] = object
    this.state.seq += 1
    this.state.order[object.id] = this.state.seq
  }

  /** Any stored object by id (the prefix says where it lives). */
  lookup(id: string): Rest | undefined {
    for (const [prefix, [collection]] of Object.entries(COLLECTIONS)) {
      if (id.startsWith(prefix)) return (this.state[collection] as Record<string, Rest>)[id]
    }
    return undefined
  }

  find<T>(prefix: Prefix, id: string, param = 'id'): T {
    const [collection, name] = COLLECTIONS[prefix]
    const found = id.startsWith(prefix) ? (this.state[collection] as Record<string, T>)[id] : undefined
    if (!found) throw noSuch(name, id, param)
    return found
  }

  // ── events ────────────────────────────────────────────────────────────────────────────────────

  emit(type: string, object: Rest, created: number, previous?: Rest): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created,
      data: { object: clone(object), ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: this.options.webhooks ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    }
    this.register('events', event)
    if (this.options.webhooks) this.state.outbox.push(event.id)
    this.trimEvents()
    return event
  }

  // Stripe keeps 30 days of events; a long-running demo keeps the newest 5,000.
  private trimEvents(): void {
    const ids = Object.keys(this.state.events)
    if (ids.length <= 5000) return
    for (const id of ids.slice(0, ids.length - 5000)) {
      if (this.state.outbox.includes(id)) continue
      delete this.state.events[id]
      delete this.state.order[id]
    }
  }

  // ── customers ─────────────────────────────────────────────────────────────────────────────────

  createCustomer(input: {
    email?: string | undefined
    name?: string | undefined
    description?: string | undefined
    phone?: string | undefined
    metadata?: Metadata
    testClock?: string | undefined
    paymentMethod?: string | undefined
    defaultPaymentMethod?: string | undefined
  }): Customer {
    if (input.testClock) this.find<TestClock>('clock_', input.testClock, 'test_clock')
    const t = this.timeOfClock(input.testClock ?? null)
    const customer: Customer = {
      id: newId('cus_'),
      object: 'customer',
      address: null,
      balance: 0,
      created: t,
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      discount: null,
      email: input.email ?? null,
      invoice_prefix: randomToken(8)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X'),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: input.metadata ?? {},
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: input.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: input.testClock ?? null,
    }
    this.register('customers', customer)
    this.emit('customer.created', customer, t)
    if (input.paymentMethod) this.attachPaymentMethod(input.paymentMethod, customer.id)
    if (input.defaultPaymentMethod)
      this.updateCustomer(customer.id, { defaultPaymentMethod: input.defaultPaymentMethod })
    return customer
  }

  updateCustomer(
    id: string,
    patch: {
      email?: string | null | undefined
      name?: string | null | undefined
      description?: string | null | undefined
      phone?: string | null | undefined
      metadata?: Metadata | undefined
      defaultPaymentMethod?: string | null | undefined
    },
  ): Customer {
    const customer = this.find<Customer>('cus_', id)
    const before = clone(customer)
    if (patch.email !== undefined) customer.email = patch.email
    if (patch.name !== undefined) customer.name = patch.name
    if (patch.description !== undefined) customer.description = patch.description
    if (patch.phone !== undefined) customer.phone = patch.phone
    if (patch.metadata !== undefined) customer.metadata = patch.metadata
    if (patch.defaultPaymentMethod !== undefined) {
      const pmId = patch.defaultPaymentMethod
      if (pmId !== null) {
        const pm = this.find<PaymentMethod>('pm_', pmId, 'invoice_settings[default_payment_method]')
        if (pm.customer !== customer.id)
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
            'invoice_settings[default_payment_method]',
            'resource_missing',
          )
      }
      customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pmId }
    }
    const previous = previousAttributes(before, customer)
    if (previous) this.emit('customer.updated', customer, this.timeOfCustomer(id), previous)
    if (patch.defaultPaymentMethod) this.retryAfterNewPaymentMethod(customer.id, null)
    return customer
  }

  // ── payment methods ───────────────────────────────────────────────────────────────────────────

  createCardPaymentMethod(
    number: string,
    expMonth: number,
    expYear: number,
    name: string | null,
  ): PaymentMethod {
    const card = TEST_CARDS.find((c) => c.number === number)
    if (!card) throw cardError('incorrect_number', 'Your card number is incorrect.', undefined, 'number')
    const fingerprint = createHash('sha256').update(`standin:${number}`).digest('base64url').slice(0, 16)
    const pm: PaymentMethod = {
      id: newId('pm_'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
        exp_month: expMonth,
        exp_year: expYear,
        fingerprint,
        funding: card.funding,
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: this.standinNow(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    }
    this.register('paymentMethods', pm)
    this.state.cardNumbers[pm.id] = number
    return pm
  }

  /** A card typed on a hosted page or sent as `card[number]`: checked, then stored as a payment method. */
  createCardFromInput(input: CardInput, name: string | null, nowSec: number): PaymentMethod {
    const valid = validateCard(input, nowSec)
    if (valid instanceof StripeApiError) throw valid
    return this.createCardPaymentMethod(valid.card.number, valid.expMonth, valid.expYear, name)
  }

  /** A payment method id, or one of Stripe's `pm_card_*` shortcuts (which makes a fresh one each time). */
  resolvePaymentMethod(id: string, param = 'payment_method'): PaymentMethod {
    const magic = MAGIC_PAYMENT_METHODS[id]
    if (magic) {
      const year = new Date(this.standinNow() * 1000).getUTCFullYear() + 3
      return this.createCardPaymentMethod(magic, 12, year, null)
    }
    return this.find<PaymentMethod>('pm_', id, param)
  }

  testCardOf(pmId: string): TestCard | undefined {
    const number = this.state.cardNumbers[pmId]
    return TEST_CARDS.find((c) => c.number === number)
  }

  // Saving a card runs Stripe's verification: cards that decline on save are refused here.
  private verifyOnSave(pm: PaymentMethod, param?: string): void {
    const decline = this.testCardOf(pm.id)?.declineOnSave
    if (decline) throw cardError(decline.code, decline.message, decline.declineCode, param)
  }

  attachPaymentMethod(pmId: string, customerId: string): PaymentMethod {
    const customer = this.find<Customer>('cus_', customerId, 'customer')
    const pm = this.resolvePaymentMethod(pmId, 'payment_method')
    if (pm.customer === customer.id) return pm
    if (pm.customer)
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      )
    this.verifyOnSave(pm)
    const before = clone(pm)
    pm.customer = customer.id
    this.emit('payment_method.attached', pm, this.timeOfCustomer(customer.id), previousAttributes(before, pm))
    return pm
  }

  detachPaymentMethod(pmId: string): PaymentMethod {
    const pm = this.find<PaymentMethod>('pm_', pmId)
    const customerId = pm.customer
    if (!customerId)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      )
    const t = this.timeOfCustomer(customerId)
    const customer = this.state.customers[customerId]
    if (customer?.invoice_settings.default_payment_method === pm.id)
      this.updateCustomer(customerId, { defaultPaymentMethod: null })
    for (const sub of Object.values(this.state.subscriptions)) {
      if (sub.customer !== customerId || sub.default_payment_method !== pm.id) continue
      const before = clone(sub)
      sub.default_payment_method = null
      this.emit('customer.subscription.updated', sub, t, previousAttributes(before, sub))
    }
    const before = clone(pm)
    pm.customer = null
    this.emit('payment_method.detached', pm, t, previousAttributes(before, pm))
    return pm
  }

  // ── setup intents ─────────────────────────────────────────────────────────────────────────────

  createSetupIntent(input: {
    customer?: string | undefined
    usage?: string | undefined
    metadata?: Metadata
  }): Rest {
    if (input.customer) this.find<Customer>('cus_', input.customer, 'customer')
    const id = newId('seti_')
    const t = this.timeOfCustomer(input.customer ?? null)
    const seti = {
      id,
      object: 'setup_intent',
      allowed_payment_method_types: ['card'],
      application: null,
      automatic_payment_methods: null,
      excluded_payment_method_types: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomToken(24)}`,
      created: t,
      customer: input.customer ?? null,
      description: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: input.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: input.usage ?? 'off_session',
    }
    this.register('setupIntents', seti)
    this.emit('setup_intent.created', seti, t)
    return seti
  }

  /**
   * Confirms a setup intent with a payment method: verified, attached to the intent's customer.
   * A refused card is recorded on the intent (setup_intent.setup_failed) and reported as a card error.
   */
  confirmSetupIntent(setiId: string, pmId: string): Rest {
    const seti = this.find<Rest & { status: string; customer: string | null }>('seti_', setiId, 'intent')
    if (seti.status === 'succeeded')
      throw invalidRequest(
        'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
        undefined,
        'setup_intent_unexpected_state',
      )
    const pm = this.resolvePaymentMethod(pmId)
    const t = this.timeOfCustomer(seti.customer)
    const decline = this.testCardOf(pm.id)?.declineOnSave
    if (decline) {
      const error = cardError(decline.code, decline.message, decline.declineCode, undefined, {
        payment_method: clone(pm),
      })
      seti.last_setup_error = { ...error.body }
      seti.status = 'requires_payment_method'
      this.emit('setup_intent.setup_failed', seti, t)
      throw new CommitThenFail(
        cardError(decline.code, decline.message, decline.declineCode, undefined, {
          setup_intent: clone(seti),
        }),
      )
    }
    if (seti.customer) this.attachPaymentMethod(pm.id, seti.customer)
    seti.payment_method = pm.id
    seti.status = 'succeeded'
    seti.last_setup_error = null
    this.emit('setup_intent.succeeded', seti, t)
    return seti
  }

  // ── invoices ──────────────────────────────────────────────────────────────────────────────────

  private nextInvoiceNumber(customer: Customer): string {
    const n = (this.state.invoiceNumbers[customer.id] ?? 0) + 1
    this.state.invoiceNumbers[customer.id] = n
    customer.next_invoice_sequence = n + 1
    return `${customer.invoice_prefix}-${String(n).padStart(4, '0')}`
  }

  private line(
    invoiceId: string,
    sub: Subscription,
    item: SubscriptionItem,
    amount: number,
    quantity: number,
    description: string,
    period: { start: number; end: number },
    invoiceItem: InvoiceItem | null,
  ): LineItem {
    return {
      id: newId('il_'),
      object: 'line_item',
      amount,
      currency: item.price.currency,
      description,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: invoiceItem?.id ?? null,
          proration: invoiceItem !== null,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: item.id,
        },
      },
      period,
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: item.price.product },
        type: 'price_details',
        unit_amount_decimal: String(item.price.unit_amount),
      },
      quantity,
      quantity_decimal: String(quantity),
      subscription: sub.id,
      subtotal: amount,
      taxes: [],
    }
  }

  private productName(price: Price): string {
    return this.state.products[price.product]?.name ?? 'Subscription'
  }

  // "3 × BlueConsent seat (at $19.99 / month)", as Stripe words subscription lines.
  private cycleDescription(item: SubscriptionItem): string {
    const every = item.price.recurring.interval
    return `${item.quantity} × ${this.productName(item.price)} (at ${formatMoney(item.price.unit_amount, item.price.currency)} / ${every})`
  }

  /** Builds (without storing) a subscription invoice: cycle lines for `period` plus the pending items. */
  private draftInvoice(
    sub: Subscription,
    t: number,
    billingReason: string,
    period: { start: number; end: number } | null,
    pending: InvoiceItem[],
    options: { trial?: boolean; id?: string } = {},
  ): Invoice {
    const customer = this.find<Customer>('cus_', sub.customer)
    const id = options.id ?? newId('in_')
    const lines: LineItem[] = []
    for (const ii of pending) {
      const item = sub.items.data.find((i) => i.id === ii.parent.subscription_details.subscription_item)
      if (!item) continue
      lines.push(this.line(id, sub, item, ii.amount, ii.quantity, ii.description, ii.period, ii))
    }
    if (period) {
      for (const item of sub.items.data) {
        const amount = options.trial ? 0 : item.price.unit_amount * item.quantity
        const description = options.trial
          ? `Trial period for ${this.productName(item.price)}`
          : this.cycleDescription(item)
        lines.push(this.line(id, sub, item, amount, item.quantity, description, period, null))
      }
    }
    const total = lines.reduce((sum, l) => sum + l.amount, 0)
    const currency = sub.items.data[0]?.price.currency ?? 'usd'
    return {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: this.options.businessName,
      account_tax_ids: null,
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created: t,
      currency,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: customer.phone ?? null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: clone(sub.metadata), subscription: sub.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      // Stripe's invoice period is the usage period before the invoice (equal to `created` for a first
      // invoice); the service period paid for is on the lines. Renewals set it to the period that ended.
      period_end: t,
      period_start: t,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: customer.test_clock,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    }
  }

  /**
   * Stores, finalizes and (unless told not to) charges a subscription invoice, emitting
   * invoice.created, invoice.finalized and invoice.paid / invoice.payment_failed in Stripe's order.
   */
  private issueInvoice(
    invoice: Invoice,
    t: number,
    options: { charge: boolean; finalize?: boolean },
  ): ChargeOutcome {
    const customer = this.find<Customer>('cus_', invoice.customer)
    invoice.hosted_invoice_url = `${this.options.publicBaseUrl}/invoices/${invoice.id}`
    for (const ii of Object.values(this.state.invoiceItems)) {
      if (invoice.lines.data.some((l) => l.parent.subscription_item_details?.invoice_item === ii.id))
        ii.invoice = invoice.id
    }
    this.register('invoices', invoice)
    this.emit('invoice.created', invoice, t)
    if (options.finalize === false) return { paid: false, error: invalidRequest('The invoice is a draft.') }
    // The customer's credit balance (from seat reductions) pays first.
    invoice.starting_balance = customer.balance
    if (invoice.total < 0) {
      customer.balance += invoice.total
      invoice.amount_due = 0
    } else if (customer.balance < 0) {
      const applied = Math.min(-customer.balance, invoice.total)
      customer.balance += applied
      invoice.amount_due = invoice.total - applied
    }
    invoice.ending_balance = customer.balance
    invoice.amount_remaining = invoice.amount_due
    invoice.status = 'open'
    invoice.number = this.nextInvoiceNumber(customer)
    invoice.status_transitions.finalized_at = t
    invoice.effective_at = t
    this.emit('invoice.finalized', invoice, t)
    if (invoice.amount_due === 0) {
      this.markPaid(invoice, t, null)
      return { paid: true }
    }
    if (!options.charge) return { paid: false, error: invalidRequest('The invoice was not charged.') }
    return this.attemptPayment(invoice, t)
  }

  private paymentMethodFor(invoice: Invoice): string | null {
    const subId = invoice.parent?.subscription_details?.subscription
    const sub = subId ? this.state.subscriptions[subId] : undefined
    const customer = this.state.customers[invoice.customer]
    return sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null
  }

  private markPaid(invoice: Invoice, t: number, paymentIntent: PaymentIntent | null): void {
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.status = 'paid'
    invoice.next_payment_attempt = null
    invoice.status_transitions.paid_at = t
    if (paymentIntent) {
      const payment: InvoicePayment = {
        id: newId('inpay_'),
        object: 'invoice_payment',
        amount_paid: invoice.amount_due,
        amount_requested: invoice.amount_due,
        created: t,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: t },
      }
      this.register('invoicePayments', payment)
    }
    this.emit('invoice.paid', invoice, t)
    this.emit('invoice.payment_succeeded', invoice, t)
  }

  /** One charge attempt with the subscription's or the customer's default card. */
  attemptPayment(invoice: Invoice, t: number): ChargeOutcome {
    const pmId = this.paymentMethodFor(invoice)
    invoice.attempt_count += 1
    invoice.attempted = true
    const card = pmId ? this.testCardOf(pmId) : undefined
    const decline = card?.declineOnCharge
    let error: StripeApiError | null = null
    if (!pmId)
      error = cardError(
        'missing',
        'There is no card on a customer that is being charged.',
        undefined,
        undefined,
      )
    else if (decline) error = cardError(decline.code, decline.message, decline.declineCode)
    const pi: PaymentIntent = {
      id: newId('pi_'),
      object: 'payment_intent',
      amount: invoice.amount_remaining,
      amount_received: error ? 0 : invoice.amount_remaining,
      capture_method: 'automatic',
      client_secret: null,
      confirmation_method: 'automatic',
      created: t,
      currency: invoice.currency,
      customer: invoice.customer,
      description:
        invoice.billing_reason === 'subscription_update' ? 'Subscription update' : 'Subscription creation',
      last_payment_error: error ? { ...error.body, payment_method: pmId } : null,
      livemode: false,
      metadata: {},
      payment_method: pmId,
      payment_method_types: ['card'],
      setup_future_usage: null,
      status: error ? 'requires_payment_method' : 'succeeded',
    }
    this.register('paymentIntents', pi)
    if (!error) {
      this.markPaid(invoice, t, pi)
      return { paid: true }
    }
    const payment: InvoicePayment = {
      id: newId('inpay_'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_remaining,
      created: t,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: pi.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    }
    this.register('invoicePayments', payment)
    const gap = RETRY_GAPS[invoice.attempt_count - 1]
    invoice.next_payment_attempt =
      invoice.billing_reason === 'subscription_create' || gap === undefined ? null : t + gap
    this.emit('invoice.payment_failed', invoice, t)
    return { paid: false, error }
  }

  /** POST /v1/invoices/:id/pay. */
  payInvoice(id: string): Invoice {
    const invoice = this.find<Invoice>('in_', id)
    if (invoice.status === 'paid')
      throw invalidRequest('Invoice is already paid', undefined, 'invoice_payment_intent_requires_action')
    if (invoice.status !== 'open')
      throw invalidRequest(
        `You can only pay an invoice that is open (this one is ${invoice.status}).`,
        undefined,
        'invoice_not_editable',
      )
    const t = this.timeOfCustomer(invoice.customer)
    const outcome = this.attemptPayment(invoice, t)
    this.afterPaymentOutcome(invoice, outcome, t)
    if (!outcome.paid) throw new CommitThenFail(outcome.error)
    return invoice
  }

  // A subscription's status follows its invoices: an unpaid one makes it past_due, paying the last
  // open one makes it active again; an incomplete subscription becomes active once its first invoice is paid.
  private afterPaymentOutcome(invoice: Invoice, outcome: ChargeOutcome, t: number): void {
    const subId = invoice.parent?.subscription_details?.subscription
    const sub = subId ? this.state.subscriptions[subId] : undefined
    if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') return
    const before = clone(sub)
    if (outcome.paid) {
      const stillOpen = Object.values(this.state.invoices).some(
        (i) => i.status === 'open' && i.parent?.subscription_details?.subscription === sub.id,
      )
      if (!stillOpen && (sub.status === 'past_due' || sub.status === 'unpaid' || sub.status === 'incomplete'))
        sub.status = 'active'
    } else if (sub.status === 'active' || sub.status === 'trialing') {
      sub.status = 'past_due'
    } else if (sub.status === 'past_due' && invoice.next_payment_attempt === null) {
      sub.status = 'unpaid'
    }
    const previous = previousAttributes(before, sub)
    if (previous) this.emit('customer.subscription.updated', sub, t, previous)
  }

  // A customer who saves a new default card gets their open subscription invoices retried at once.
  private retryAfterNewPaymentMethod(customerId: string, subscriptionId: string | null): void {
    const t = this.timeOfCustomer(customerId)
    const open = Object.values(this.state.invoices).filter(
      (i) =>
        i.customer === customerId &&
        i.status === 'open' &&
        i.parent?.subscription_details &&
        (subscriptionId === null || i.parent.subscription_details.subscription === subscriptionId),
    )
    for (const invoice of open) {
      const sub = this.state.subscriptions[invoice.parent?.subscription_details?.subscription ?? '']
      if (!sub || (sub.status !== 'past_due' && sub.status !== 'unpaid')) continue
      this.afterPaymentOutcome(invoice, this.attemptPayment(invoice, t), t)
    }
  }

  // ── subscriptions ─────────────────────────────────────────────────────────────────────────────

  private priceFor(id: string, param: string): Price {
    const price = this.find<Price>('price_', id, param)
    if (!price.active)
      throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param)
    return price
  }

  createSubscription(input: {
    customer: string
    items: { price: string; quantity: number }[]
    trialPeriodDays?: number | undefined
    trialEnd?: number | undefined
    defaultPaymentMethod?: string | undefined
    metadata?: Metadata
    paymentBehavior?: PaymentBehavior
  }): Subscription {
    const customer = this.find<Customer>('cus_', input.customer, 'customer')
    const t = this.timeOfCustomer(customer.id)
    if (input.items.length === 0)
      throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing')
    if (input.defaultPaymentMethod) {
      const pm = this.find<PaymentMethod>('pm_', input.defaultPaymentMethod, 'default_payment_method')
      if (pm.customer !== customer.id)
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${pm.id}. The payment method must be attached to the customer.`,
          'default_payment_method',
          'resource_missing',
        )
    }
    const id = newId('sub_')
    const trialEnd =
      input.trialEnd ??
      (input.trialPeriodDays && input.trialPeriodDays > 0 ? t + input.trialPeriodDays * DAY : null)
    if (trialEnd !== null && trialEnd <= t)
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end')
    const prices = input.items.map((it, i) => this.priceFor(it.price, `items[${i}][price]`))
    const first = prices[0] as Price
    if (prices.some((p) => p.currency !== first.currency || monthsPer(p) !== monthsPer(first)))
      throw invalidRequest('All prices on a subscription must have the same currency and interval.', 'items')
    const anchor = trialEnd ?? t
    const periodEnd = trialEnd ?? nextPeriodEnd(anchor, t, monthsPer(first))
    const items: SubscriptionItem[] = input.items.map((it, i) => ({
      id: newId('si_'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: t,
      current_period_end: periodEnd,
      current_period_start: t,
      discounts: [],
      metadata: {},
      plan: this.planOf(prices[i] as Price),
      price: clone(prices[i] as Price),
      quantity: it.quantity,
      subscription: id,
      tax_rates: [],
    }))
    const sub: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: anchor,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: t,
      currency: first.currency,
      customer: customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: input.defaultPaymentMethod ?? null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: input.metadata ?? {},
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: t,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: customer.test_clock,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? t : null,
    }
    const invoiceId = newId('in_')
    sub.latest_invoice = invoiceId
    this.register('subscriptions', sub)
    this.state.subscriptionPlans[sub.id] = { trialWillEndSent: false, incompleteExpiresAt: null }
    const invoice = this.draftInvoice(sub, t, 'subscription_create', { start: t, end: periodEnd }, [], {
      trial: trialEnd !== null,
      id: invoiceId,
    })
    if (trialEnd) {
      this.emit('customer.subscription.created', sub, t)
      this.issueInvoice(invoice, t, { charge: true })
      return sub
    }
    // Without a trial the first invoice is charged now; Stripe reports the subscription as `incomplete`
    // until it is paid (or refuses the whole call with error_if_incomplete).
    sub.status = 'active'
    const outcome = this.chargeFirstInvoice(sub, invoice, t)
    if (!outcome.paid) {
      if (input.paymentBehavior === 'error_if_incomplete') throw outcome.error
      sub.status = 'incomplete'
      const plan = this.state.subscriptionPlans[sub.id]
      if (plan) plan.incompleteExpiresAt = t + INCOMPLETE_LIFETIME
    }
    return sub
  }

  // customer.subscription.created goes out before the invoice events (Stripe's order), so its status is
  // decided from the card beforehand: `incomplete` when the charge will be refused, else `active`.
  private chargeFirstInvoice(sub: Subscription, invoice: Invoice, t: number): ChargeOutcome {
    const pmId =
      sub.default_payment_method ??
      this.state.customers[sub.customer]?.invoice_settings.default_payment_method
    const willFail = !pmId || this.testCardOf(pmId)?.declineOnCharge !== undefined
    if (willFail && invoice.total > 0) sub.status = 'incomplete'
    this.emit('customer.subscription.created', sub, t)
    const outcome = this.issueInvoice(invoice, t, { charge: true })
    if (outcome.paid && sub.status !== 'active') {
      const before = clone(sub)
      sub.status = 'active'
      this.emit('customer.subscription.updated', sub, t, previousAttributes(before, sub))
    }
    return outcome
  }

  private planOf(price: Price): Rest {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: String(price.unit_amount),
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring.interval,
      interval_count: price.recurring.interval_count,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: price.nickname ?? null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    }
  }

  private currentPeriod(sub: Subscription): { start: number; end: number } {
    const item = sub.items.data[0]
    return { start: item?.current_period_start ?? sub.created, end: item?.current_period_end ?? sub.created }
  }

  /**
   * Quantity (and item) changes with Stripe's proration: for each changed item a credit for the unused
   * time of the old quantity and a charge for the remaining time of the new one, so the pair nets to
   * round(unit price × seats added × remaining fraction of the period). No prorations during a trial.
   */
  private applyItemChanges(
    sub: Subscription,
    changes: ItemChange[],
    behavior: ProrationBehavior,
    prorationDate: number,
    t: number,
  ): InvoiceItem[] {
    const created: InvoiceItem[] = []
    const period = this.currentPeriod(sub)
    const when = Math.min(Math.max(prorationDate, period.start), period.end)
    const fraction = period.end > period.start ? (period.end - when) / (period.end - period.start) : 0
    const prorate = behavior !== 'none' && sub.status !== 'trialing' && fraction > 0
    changes.forEach((change, index) => {
      const param = `items[${index}]`
      let item = change.id ? sub.items.data.find((i) => i.id === change.id) : undefined
      if (change.id && !item)
        throw invalidRequest(`Invalid subscription_item id: ${change.id}`, `${param}[id]`, 'resource_missing')
      if (!item) {
        if (!change.price)
          throw invalidRequest(
            'Missing required param: items[][price].',
            `${param}[price]`,
            'parameter_missing',
          )
        const price = this.priceFor(change.price, `${param}[price]`)
        item = {
          id: newId('si_'),
          object: 'subscription_item',
          billing_thresholds: null,
          created: t,
          current_period_end: period.end,
          current_period_start: period.start,
          discounts: [],
          metadata: {},
          plan: this.planOf(price),
          price: clone(price),
          quantity: 0,
          subscription: sub.id,
          tax_rates: [],
        }
        sub.items.data.push(item)
      }
      const target = change.deleted ? 0 : (change.quantity ?? (change.id ? item.quantity : 1))
      if (target < 0)
        throw invalidRequest('This value must be greater than or equal to 0.', `${param}[quantity]`)
      const old = item.quantity
      if (prorate && target !== old) {
        const unit = item.price.unit_amount
        const credit = roundCents(unit * old * fraction)
        const net = roundCents(unit * (target - old) * fraction)
        const after = ` after ${formatDate(when)}`
        const name = this.productName(item.price)
        if (old > 0)
          created.push(
            this.invoiceItem(
              sub,
              item,
              -credit,
              old,
              `Unused time on ${old} × ${name}${after}`,
              when,
              period.end,
              t,
            ),
          )
        if (target > 0)
          created.push(
            this.invoiceItem(
              sub,
              item,
              credit + net,
              target,
              `Remaining time on ${target} × ${name}${after}`,
              when,
              period.end,
              t,
            ),
          )
      }
      item.quantity = target
      if (change.deleted) sub.items.data = sub.items.data.filter((i) => i !== item)
    })
    if (sub.items.data.length === 0)
      throw invalidRequest('A subscription must have at least one active plan.', 'items')
    sub.items.total_count = sub.items.data.length
    return created
  }

  private invoiceItem(
    sub: Subscription,
    item: SubscriptionItem,
    amount: number,
    quantity: number,
    description: string,
    start: number,
    end: number,
    t: number,
  ): InvoiceItem {
    const ii: InvoiceItem = {
      id: newId('ii_'),
      object: 'invoiceitem',
      amount,
      currency: item.price.currency,
      customer: sub.customer,
      date: t,
      description,
      discountable: false,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      net_amount: amount,
      parent: {
        subscription_details: { subscription: sub.id, subscription_item: item.id },
        type: 'subscription_details',
      },
      period: { start, end },
      pricing: {
        price_details: { price: item.price.id, product: item.price.product },
        type: 'price_details',
        unit_amount_decimal: null,
      },
      proration: true,
      quantity,
      test_clock: sub.test_clock,
    }
    this.register('invoiceItems', ii)
    return ii
  }

  private pendingItems(subId: string): InvoiceItem[] {
    return Object.values(this.state.invoiceItems).filter(
      (ii) => ii.invoice === null && ii.parent.subscription_details.subscription === subId,
    )
  }

  updateSubscription(
    id: string,
    input: {
      items?: ItemChange[] | undefined
      prorationBehavior?: ProrationBehavior | undefined
      prorationDate?: number | undefined
      paymentBehavior?: PaymentBehavior | undefined
      cancelAtPeriodEnd?: boolean | undefined
      defaultPaymentMethod?: string | null | undefined
      metadata?: Metadata | undefined
      cancellationComment?: string | undefined
    },
  ): Subscription {
    const sub = this.find<Subscription>('sub_', id)
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      )
    const t = this.timeOfCustomer(sub.customer)
    const before = clone(sub)
    if (input.defaultPaymentMethod !== undefined) {
      if (input.defaultPaymentMethod !== null) {
        const pm = this.find<PaymentMethod>('pm_', input.defaultPaymentMethod, 'default_payment_method')
        if (pm.customer !== sub.customer)
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${pm.id}. The payment method must be attached to the customer.`,
            'default_payment_method',
            'resource_missing',
          )
      }
      sub.default_payment_method = input.defaultPaymentMethod
    }
    if (input.metadata !== undefined) sub.metadata = input.metadata
    if (input.cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = input.cancelAtPeriodEnd
      sub.cancel_at = input.cancelAtPeriodEnd ? this.currentPeriod(sub).end : null
      sub.canceled_at = input.cancelAtPeriodEnd ? t : null
      sub.cancellation_details = input.cancelAtPeriodEnd
        ? { comment: input.cancellationComment ?? null, feedback: null, reason: 'cancellation_requested' }
        : { comment: null, feedback: null, reason: null }
    }
    const behavior = input.prorationBehavior ?? 'create_prorations'
    let prorations: InvoiceItem[] = []
    if (input.items && input.items.length > 0)
      prorations = this.applyItemChanges(sub, input.items, behavior, input.prorationDate ?? t, t)
    const previous = previousAttributes(before, sub)
    if (previous) this.emit('customer.subscription.updated', sub, t, previous)
    if (behavior === 'always_invoice' && prorations.length > 0) {
      const invoice = this.draftInvoice(sub, t, 'subscription_update', null, this.pendingItems(sub.id))
      invoice.period_start = t
      invoice.period_end = t
      const outcome = this.issueInvoice(invoice, t, { charge: true })
      const beforeLatest = clone(sub)
      sub.latest_invoice = invoice.id
      if (!outcome.paid) {
        // Stripe's error_if_incomplete: the change is refused and nothing is kept.
        if (input.paymentBehavior === 'error_if_incomplete') throw outcome.error
        this.afterPaymentOutcome(invoice, outcome, t)
      } else {
        const prev = previousAttributes(beforeLatest, sub)
        if (prev) this.emit('customer.subscription.updated', sub, t, prev)
      }
    }
    if (input.defaultPaymentMethod) this.retryAfterNewPaymentMethod(sub.customer, sub.id)
    return sub
  }

  cancelSubscription(id: string, t?: number): Subscription {
    const sub = this.find<Subscription>('sub_', id)
    if (sub.status === 'canceled')
      throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing')
    const at = t ?? this.timeOfCustomer(sub.customer)
    const before = clone(sub)
    sub.status = 'canceled'
    sub.ended_at = at
    sub.canceled_at = sub.cancel_at_period_end && sub.canceled_at ? sub.canceled_at : at
    sub.cancel_at = null
    if (!sub.cancellation_details || (sub.cancellation_details as Rest).reason === null)
      sub.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' }
    // Pending prorations are dropped with the subscription; open invoices stay open (Stripe's default).
    for (const ii of this.pendingItems(sub.id)) delete this.state.invoiceItems[ii.id]
    this.emit('customer.subscription.deleted', sub, at, previousAttributes(before, sub))
    return sub
  }

  /**
   * invoices.createPreview: the invoice the change would produce. With proration_behavior always_invoice
   * it is the immediate proration invoice; otherwise the next renewal (prorations plus the next period
   * at the new quantities). Computed on the live state and then rolled back.
   */
  previewInvoice(input: {
    customer?: string | undefined
    subscription?: string | undefined
    items?: ItemChange[] | undefined
    prorationDate?: number | undefined
    prorationBehavior?: ProrationBehavior | undefined
  }): Invoice {
    const subId =
      input.subscription ??
      Object.values(this.state.subscriptions).find(
        (s) => s.customer === input.customer && !['canceled', 'incomplete_expired'].includes(s.status),
      )?.id
    if (!subId) {
      if (input.customer) this.find<Customer>('cus_', input.customer, 'customer')
      throw invalidRequest(
        'No upcoming invoices for customer: ' + (input.customer ?? ''),
        undefined,
        'invoice_upcoming_none',
      )
    }
    const saved = this.state
    this.state = clone(saved)
    try {
      const sub = this.find<Subscription>('sub_', subId, 'subscription')
      if (input.customer && sub.customer !== input.customer)
        throw invalidRequest('The subscription does not belong to the customer.', 'subscription')
      const t = this.timeOfCustomer(sub.customer)
      const behavior = input.prorationBehavior ?? 'create_prorations'
      if (input.items && input.items.length > 0)
        this.applyItemChanges(sub, input.items, behavior, input.prorationDate ?? t, t)
      const pending = this.pendingItems(sub.id)
      let invoice: Invoice
      if (behavior === 'always_invoice') {
        invoice = this.draftInvoice(sub, t, 'subscription_update', null, pending)
        invoice.period_start = t
        invoice.period_end = t
      } else {
        const current = this.currentPeriod(sub)
        const next = {
          start: current.end,
          end: nextPeriodEnd(
            sub.billing_cycle_anchor,
            current.end,
            monthsPer(sub.items.data[0]?.price as Price),
          ),
        }
        invoice = this.draftInvoice(sub, t, 'upcoming', next, pending)
        invoice.period_start = current.start
        invoice.period_end = current.end
        invoice.next_payment_attempt = current.end
      }
      const customer = this.state.customers[sub.customer]
      const credit =
        customer && customer.balance < 0 ? Math.min(-customer.balance, Math.max(invoice.total, 0)) : 0
      invoice.amount_due = Math.max(0, invoice.total - credit)
      invoice.amount_remaining = invoice.amount_due
      invoice.starting_balance = customer?.balance ?? 0
      invoice.id = `upcoming_in_${randomToken(24)}`
      invoice.hosted_invoice_url = null
      if (input.prorationDate !== undefined)
        (invoice.parent?.subscription_details as Rest).subscription_proration_date = input.prorationDate
      for (const line of invoice.lines.data) line.invoice = invoice.id
      return clone(invoice)
    } finally {
      this.state = saved
    }
  }

  // ── checkout and portal ───────────────────────────────────────────────────────────────────────

  /** Completes a checkout session with a typed card, as Stripe Checkout does on Pay / Start trial. */
  completeCheckout(csId: string, card: CardInput, email: string | null, name: string | null): Rest {
    const cs = this.find<CheckoutSession>('cs_', csId)
    if (cs.status !== 'open')
      throw invalidRequest(
        'This Checkout Session is no longer active.',
        undefined,
        'checkout_session_inactive',
      )
    const customerTime = this.timeOfCustomer(cs.customer)
    const pm = this.createCardFromInput(card, name, customerTime)
    this.verifyOnSave(pm, 'number')
    const extra = this.state.checkoutTrials[cs.id] ?? { trialDays: null, metadata: {} }
    const lines = this.state.checkoutLines[cs.id] ?? []
    // Without a trial the first invoice is paid here: a card that fails the charge is refused on the page.
    const decline = this.testCardOf(pm.id)?.declineOnCharge
    if (!extra.trialDays && decline)
      throw cardError(decline.code, decline.message, decline.declineCode, 'number')
    let customerId = cs.customer
    if (!customerId) {
      const typed = email ?? cs.customer_email
      if (!typed) throw invalidRequest('Enter your email address.', 'email', 'email_invalid')
      customerId = this.createCustomer({ email: typed, name: name ?? undefined }).id
    }
    this.attachPaymentMethod(pm.id, customerId)
    const sub = this.createSubscription({
      customer: customerId,
      items: lines,
      trialPeriodDays: extra.trialDays ?? undefined,
      defaultPaymentMethod: pm.id,
      metadata: extra.metadata,
      paymentBehavior: 'error_if_incomplete',
    })
    const customer = this.find<Customer>('cus_', customerId)
    const t = this.timeOfCustomer(customerId)
    cs.status = 'complete'
    cs.payment_status = sub.status === 'trialing' ? 'no_payment_required' : 'paid'
    cs.customer = customerId
    cs.subscription = sub.id
    cs.invoice = sub.latest_invoice
    cs.url = null
    cs.customer_details = {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: name ?? customer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    }
    this.emit('checkout.session.completed', cs, t)
    return cs
  }

  expireCheckout(csId: string): Rest {
    const cs = this.find<CheckoutSession>('cs_', csId, 'session')
    if (cs.status !== 'open')
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${cs.status}".`,
      )
    cs.status = 'expired'
    cs.url = null
    this.emit('checkout.session.expired', cs, this.timeOfCustomer(cs.customer))
    return cs
  }

  // ── the passage of time ───────────────────────────────────────────────────────────────────────

  /**
   * Runs, in time order, everything that falls due up to `until` for the customers on `clockId`
   * (null: customers without a test clock): trial notices and ends, renewals, cancellations at period
   * end, payment retries and expiring incomplete subscriptions. Returns how many steps ran.
   */
  runDue(until: number, clockId: string | null): number {
    let steps = 0
    const onClock = (customerId: string): boolean =>
      (this.state.customers[customerId]?.test_clock ?? null) === clockId
    for (;;) {
      let best: { at: number; run: () => void } | null = null
      const consider = (at: number, run: () => void): void => {
        if (at <= until && (best === null || at < best.at)) best = { at, run }
      }
      for (const sub of Object.values(this.state.subscriptions)) {
        if (!onClock(sub.customer)) continue
        const plan = this.state.subscriptionPlans[sub.id] ?? {
          trialWillEndSent: false,
          incompleteExpiresAt: null,
        }
        if (sub.status === 'trialing' && sub.trial_end !== null) {
          const trialEnd = sub.trial_end
          if (!plan.trialWillEndSent && !sub.cancel_at_period_end)
            consider(Math.max(trialEnd - TRIAL_WILL_END_NOTICE, sub.created), () => {
              plan.trialWillEndSent = true
              this.state.subscriptionPlans[sub.id] = plan
              this.emit(
                'customer.subscription.trial_will_end',
                sub,
                Math.max(trialEnd - TRIAL_WILL_END_NOTICE, sub.created),
              )
            })
          consider(trialEnd, () => this.endTrial(sub, trialEnd))
        } else if (sub.status === 'active' || sub.status === 'past_due' || sub.status === 'unpaid') {
          const end = this.currentPeriod(sub).end
          consider(end, () => this.endPeriod(sub, end))
        } else if (sub.status === 'incomplete' && plan.incompleteExpiresAt !== null) {
          const at = plan.incompleteExpiresAt
          consider(at, () => this.expireIncomplete(sub, at))
        }
      }
      for (const invoice of Object.values(this.state.invoices)) {
        if (invoice.status !== 'open' || invoice.next_payment_attempt === null || !onClock(invoice.customer))
          continue
        const at = invoice.next_payment_attempt
        consider(at, () => this.afterPaymentOutcome(invoice, this.attemptPayment(invoice, at), at))
      }
      const next = best as { at: number; run: () => void } | null
      if (!next) return steps
      next.run()
      steps += 1
      if (steps > 10_000) throw new Error('The stand-in clock ran more than 10,000 billing steps at once.')
    }
  }

  private endTrial(sub: Subscription, at: number): void {
    if (sub.cancel_at_period_end) {
      this.cancelSubscription(sub.id, at)
      return
    }
    const before = clone(sub)
    const price = sub.items.data[0]?.price as Price
    const end = nextPeriodEnd(sub.billing_cycle_anchor, at, monthsPer(price))
    for (const item of sub.items.data) {
      item.current_period_start = at
      item.current_period_end = end
    }
    sub.status = 'active'
    const invoice = this.draftInvoice(
      sub,
      at,
      'subscription_cycle',
      { start: at, end },
      this.pendingItems(sub.id),
    )
    invoice.period_start = before.items.data[0]?.current_period_start ?? at
    invoice.period_end = at
    sub.latest_invoice = invoice.id
    this.emit('customer.subscription.updated', sub, at, previousAttributes(before, sub))
    const outcome = this.issueInvoice(invoice, at, { charge: true })
    this.afterPaymentOutcome(invoice, outcome, at)
  }

  private endPeriod(sub: Subscription, at: number): void {
    if (sub.cancel_at_period_end) {
      this.cancelSubscription(sub.id, at)
      return
    }
    const before = clone(sub)
    const price = sub.items.data[0]?.price as Price
    const end = nextPeriodEnd(sub.billing_cycle_anchor, at, monthsPer(price))
    for (const item of sub.items.data) {
      item.current_period_start = at
      item.current_period_end = end
    }
    const invoice = this.draftInvoice(
      sub,
      at,
      'subscription_cycle',
      { start: at, end },
      this.pendingItems(sub.id),
    )
    invoice.period_start = before.items.data[0]?.current_period_start ?? at
    invoice.period_end = at
    sub.latest_invoice = invoice.id
    this.emit('customer.subscription.updated', sub, at, previousAttributes(before, sub))
    // An unpaid subscription keeps renewing, but its invoices stay drafts (Stripe's unpaid behaviour).
    if (sub.status === 'unpaid') {
      this.issueInvoice(invoice, at, { charge: false, finalize: false })
      return
    }
    const outcome = this.issueInvoice(invoice, at, { charge: true })
    this.afterPaymentOutcome(invoice, outcome, at)
  }

  private expireIncomplete(sub: Subscription, at: number): void {
    const before = clone(sub)
    sub.status = 'incomplete_expired'
    sub.ended_at = at
    const plan = this.state.subscriptionPlans[sub.id]
    if (plan) plan.incompleteExpiresAt = null
    const invoice = sub.latest_invoice ? this.state.invoices[sub.latest_invoice] : undefined
    if (invoice && invoice.status === 'open') {
      invoice.status = 'void'
      invoice.next_payment_attempt = null
      ;(invoice.status_transitions as Rest).voided_at = at
      this.emit('invoice.voided', invoice, at)
    }
    this.emit('customer.subscription.deleted', sub, at, previousAttributes(before, sub))
  }

  // ── test clocks ───────────────────────────────────────────────────────────────────────────────

  createTestClock(frozenTime: number, name: string | null): TestClock {
    const clock: TestClock = {
      id: newId('clock_'),
      object: 'test_helpers.test_clock',
      created: this.standinNow(),
      deletes_after: this.standinNow() + 30 * DAY,
      frozen_time: frozenTime,
      livemode: false,
      name,
      status: 'ready',
      status_details: {},
    }
    this.register('testClocks', clock)
    return clock
  }

  /** Moves a test clock forward; everything due for its customers runs before this returns (status ready). */
  advanceTestClock(id: string, frozenTime: number): TestClock {
    const clock = this.find<TestClock>('clock_', id, 'test_clock')
    if (frozenTime < clock.frozen_time)
      throw invalidRequest(
        'The test clock cannot be moved backward in time.',
        'frozen_time',
        'test_clock_advance_backwards',
      )
    this.runDue(frozenTime, clock.id)
    clock.frozen_time = frozenTime
    clock.status = 'ready'
    return clock
  }

  /** The stand-in's own clock: moves customers without a test clock. */
  advanceStandinClock(seconds: number): number {
    if (seconds < 0) throw invalidRequest('The stand-in clock only moves forward.', 'seconds')
    this.state.clockOffsetSec += seconds
    return this.runDue(this.standinNow(), null)
  }

  addMonthsTo(at: number, months: number): number {
    return addMonths(at, months)
  }
}
