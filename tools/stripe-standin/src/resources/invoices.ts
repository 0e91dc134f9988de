import type { StripeApiError } from '../errors.ts'
import { cardError, invalidRequest } from '../errors.ts'
import {
  clone,
  type Customer,
  type Invoice,
  type InvoiceItem,
  type InvoicePayment,
  type LineItem,
  newId,
  own,
  type PaymentIntent,
  type Price,
  type Subscription,
  type SubscriptionItem,
} from '../model.ts'
import { formatMoney } from '../time.ts'
import { type ChargeOutcome, CommitThenFail, previousAttributes, RETRY_GAPS } from './shared.ts'
import type { Engine } from '../engine.ts'

/** Invoices: one resource of the stand-in, over the engine's shared state and event log. */
export class Invoices {
  constructor(private readonly engine: Engine) {}

  private nextInvoiceNumber(customer: Customer): string {
    const n = (own(this.engine.state.invoiceNumbers, customer.id) ?? 0) + 1
    this.engine.state.invoiceNumbers[customer.id] = n
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

  productName(price: Price): string {
    return own(this.engine.state.products, price.product)?.name ?? 'Subscription'
  }

  // "3 × BlueConsent seat (at $19.99 / month)", as Stripe words subscription lines.
  private cycleDescription(item: SubscriptionItem): string {
    const every = item.price.recurring.interval
    return `${item.quantity} × ${this.productName(item.price)} (at ${formatMoney(item.price.unit_amount, item.price.currency)} / ${every})`
  }

  /** Builds (without storing) a subscription invoice: cycle lines for `period` plus the pending items. */
  draftInvoice(
    sub: Subscription,
    t: number,
    billingReason: string,
    period: { start: number; end: number } | null,
    pending: InvoiceItem[],
    options: { trial?: boolean; id?: string } = {},
  ): Invoice {
    const customer = this.engine.find<Customer>('cus_', sub.customer)
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
      account_name: this.engine.options.businessName,
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
  issueInvoice(invoice: Invoice, t: number, options: { charge: boolean; finalize?: boolean }): ChargeOutcome {
    const customer = this.engine.find<Customer>('cus_', invoice.customer)
    invoice.hosted_invoice_url = `${this.engine.options.publicBaseUrl}/invoices/${invoice.id}`
    for (const ii of Object.values(this.engine.state.invoiceItems)) {
      if (invoice.lines.data.some((l) => l.parent.subscription_item_details?.invoice_item === ii.id))
        ii.invoice = invoice.id
    }
    this.engine.register('invoices', invoice)
    this.engine.emit('invoice.created', invoice, t)
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
    this.engine.emit('invoice.finalized', invoice, t)
    if (invoice.amount_due === 0) {
      this.markPaid(invoice, t, null)
      return { paid: true }
    }
    if (!options.charge) return { paid: false, error: invalidRequest('The invoice was not charged.') }
    return this.attemptPayment(invoice, t)
  }

  private paymentMethodFor(invoice: Invoice): string | null {
    const subId = invoice.parent?.subscription_details?.subscription
    const sub = subId ? own(this.engine.state.subscriptions, subId) : undefined
    const customer = own(this.engine.state.customers, invoice.customer)
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
      this.engine.register('invoicePayments', payment)
    }
    this.engine.emit('invoice.paid', invoice, t)
    this.engine.emit('invoice.payment_succeeded', invoice, t)
  }

  /** One charge attempt with the subscription's or the customer's default card. */
  attemptPayment(invoice: Invoice, t: number): ChargeOutcome {
    const pmId = this.paymentMethodFor(invoice)
    invoice.attempt_count += 1
    invoice.attempted = true
    const card = pmId ? this.engine.paymentMethods.testCardOf(pmId) : undefined
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
    this.engine.register('paymentIntents', pi)
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
    this.engine.register('invoicePayments', payment)
    const gap = RETRY_GAPS[invoice.attempt_count - 1]
    invoice.next_payment_attempt =
      invoice.billing_reason === 'subscription_create' || gap === undefined ? null : t + gap
    this.engine.emit('invoice.payment_failed', invoice, t)
    return { paid: false, error }
  }

  /** POST /v1/invoices/:id/pay. */
  pay(id: string): Invoice {
    const invoice = this.engine.find<Invoice>('in_', id)
    if (invoice.status === 'paid')
      throw invalidRequest('Invoice is already paid', undefined, 'invoice_payment_intent_requires_action')
    if (invoice.status !== 'open')
      throw invalidRequest(
        `You can only pay an invoice that is open (this one is ${invoice.status}).`,
        undefined,
        'invoice_not_editable',
      )
    const t = this.engine.timeOfCustomer(invoice.customer)
    const outcome = this.attemptPayment(invoice, t)
    this.afterPaymentOutcome(invoice, outcome, t)
    if (!outcome.paid) throw new CommitThenFail(outcome.error)
    return invoice
  }

  // A subscription's status follows its invoices: an unpaid one makes it past_due, paying the last
  // open one makes it active again; an incomplete subscription becomes active once its first invoice is paid.
  afterPaymentOutcome(invoice: Invoice, outcome: ChargeOutcome, t: number): void {
    const subId = invoice.parent?.subscription_details?.subscription
    const sub = subId ? own(this.engine.state.subscriptions, subId) : undefined
    if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') return
    const before = clone(sub)
    if (outcome.paid) {
      const stillOpen = Object.values(this.engine.state.invoices).some(
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
    if (previous) this.engine.emit('customer.subscription.updated', sub, t, previous)
  }

  // A customer who saves a new default card gets their open subscription invoices retried at once.
  retryAfterNewPaymentMethod(customerId: string, subscriptionId: string | null): void {
    const t = this.engine.timeOfCustomer(customerId)
    const open = Object.values(this.engine.state.invoices).filter(
      (i) =>
        i.customer === customerId &&
        i.status === 'open' &&
        i.parent?.subscription_details &&
        (subscriptionId === null || i.parent.subscription_details.subscription === subscriptionId),
    )
    for (const invoice of open) {
      const sub = own(
        this.engine.state.subscriptions,
        invoice.parent?.subscription_details?.subscription ?? '',
      )
      if (!sub || (sub.status !== 'past_due' && sub.status !== 'unpaid')) continue
      this.afterPaymentOutcome(invoice, this.attemptPayment(invoice, t), t)
    }
  }
}
