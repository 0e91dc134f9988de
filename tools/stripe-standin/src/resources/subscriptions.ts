import { invalidRequest } from '../errors.ts'
import {
  clone,
  type Customer,
  type Invoice,
  type InvoiceItem,
  type Metadata,
  newId,
  own,
  type PaymentMethod,
  type Price,
  randomToken,
  type Subscription,
  type SubscriptionItem,
} from '../model.ts'
import { DAY, formatDate, nextPeriodEnd, roundCents } from '../time.ts'
import {
  type ChargeOutcome,
  INCOMPLETE_LIFETIME,
  type ItemChange,
  monthsPer,
  type PaymentBehavior,
  previousAttributes,
  type ProrationBehavior,
  type Rest,
} from './shared.ts'
import type { Engine } from '../engine.ts'

/** Subscriptions: one resource of the stand-in, over the engine's shared state and event log. */
export class Subscriptions {
  constructor(private readonly engine: Engine) {}

  private priceFor(id: string, param: string): Price {
    const price = this.engine.find<Price>('price_', id, param)
    if (!price.active)
      throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param)
    return price
  }

  create(input: {
    customer: string
    items: { price: string; quantity: number }[]
    trialPeriodDays?: number | undefined
    trialEnd?: number | undefined
    defaultPaymentMethod?: string | undefined
    metadata?: Metadata
    paymentBehavior?: PaymentBehavior
  }): Subscription {
    const customer = this.engine.find<Customer>('cus_', input.customer, 'customer')
    const t = this.engine.timeOfCustomer(customer.id)
    if (input.items.length === 0)
      throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing')
    if (input.defaultPaymentMethod) {
      const pm = this.engine.find<PaymentMethod>('pm_', input.defaultPaymentMethod, 'default_payment_method')
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
    this.engine.register('subscriptions', sub)
    this.engine.state.subscriptionPlans[sub.id] = { trialWillEndSent: false, incompleteExpiresAt: null }
    const invoice = this.engine.invoices.draftInvoice(
      sub,
      t,
      'subscription_create',
      { start: t, end: periodEnd },
      [],
      {
        trial: trialEnd !== null,
        id: invoiceId,
      },
    )
    if (trialEnd) {
      this.engine.emit('customer.subscription.created', sub, t)
      this.engine.invoices.issueInvoice(invoice, t, { charge: true })
      return sub
    }
    // Without a trial the first invoice is charged now; Stripe reports the subscription as `incomplete`
    // until it is paid (or refuses the whole call with error_if_incomplete).
    sub.status = 'active'
    const outcome = this.chargeFirstInvoice(sub, invoice, t)
    if (!outcome.paid) {
      if (input.paymentBehavior === 'error_if_incomplete') throw outcome.error
      sub.status = 'incomplete'
      const plan = own(this.engine.state.subscriptionPlans, sub.id)
      if (plan) plan.incompleteExpiresAt = t + INCOMPLETE_LIFETIME
    }
    return sub
  }

  // customer.subscription.created goes out before the invoice events (Stripe's order), so its status is
  // decided from the card beforehand: `incomplete` when the charge will be refused, else `active`.
  private chargeFirstInvoice(sub: Subscription, invoice: Invoice, t: number): ChargeOutcome {
    const pmId =
      sub.default_payment_method ??
      own(this.engine.state.customers, sub.customer)?.invoice_settings.default_payment_method
    const willFail = !pmId || this.engine.paymentMethods.testCardOf(pmId)?.declineOnCharge !== undefined
    if (willFail && invoice.total > 0) sub.status = 'incomplete'
    this.engine.emit('customer.subscription.created', sub, t)
    const outcome = this.engine.invoices.issueInvoice(invoice, t, { charge: true })
    if (outcome.paid && sub.status !== 'active') {
      const before = clone(sub)
      sub.status = 'active'
      this.engine.emit('customer.subscription.updated', sub, t, previousAttributes(before, sub))
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

  currentPeriod(sub: Subscription): { start: number; end: number } {
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
        const name = this.engine.invoices.productName(item.price)
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
    this.engine.register('invoiceItems', ii)
    return ii
  }

  pendingItems(subId: string): InvoiceItem[] {
    return Object.values(this.engine.state.invoiceItems).filter(
      (ii) => ii.invoice === null && ii.parent.subscription_details.subscription === subId,
    )
  }

  update(
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
    const sub = this.engine.find<Subscription>('sub_', id)
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      )
    const t = this.engine.timeOfCustomer(sub.customer)
    const before = clone(sub)
    if (input.defaultPaymentMethod !== undefined) {
      if (input.defaultPaymentMethod !== null) {
        const pm = this.engine.find<PaymentMethod>(
          'pm_',
          input.defaultPaymentMethod,
          'default_payment_method',
        )
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
    if (previous) this.engine.emit('customer.subscription.updated', sub, t, previous)
    if (behavior === 'always_invoice' && prorations.length > 0) {
      const invoice = this.engine.invoices.draftInvoice(
        sub,
        t,
        'subscription_update',
        null,
        this.pendingItems(sub.id),
      )
      invoice.period_start = t
      invoice.period_end = t
      const outcome = this.engine.invoices.issueInvoice(invoice, t, { charge: true })
      const beforeLatest = clone(sub)
      sub.latest_invoice = invoice.id
      if (!outcome.paid) {
        // Stripe's error_if_incomplete: the change is refused and nothing is kept.
        if (input.paymentBehavior === 'error_if_incomplete') throw outcome.error
        this.engine.invoices.afterPaymentOutcome(invoice, outcome, t)
      } else {
        const prev = previousAttributes(beforeLatest, sub)
        if (prev) this.engine.emit('customer.subscription.updated', sub, t, prev)
      }
    }
    if (input.defaultPaymentMethod) this.engine.invoices.retryAfterNewPaymentMethod(sub.customer, sub.id)
    return sub
  }

  cancel(id: string, t?: number): Subscription {
    const sub = this.engine.find<Subscription>('sub_', id)
    if (sub.status === 'canceled')
      throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing')
    const at = t ?? this.engine.timeOfCustomer(sub.customer)
    const before = clone(sub)
    sub.status = 'canceled'
    sub.ended_at = at
    sub.canceled_at = sub.cancel_at_period_end && sub.canceled_at ? sub.canceled_at : at
    sub.cancel_at = null
    if (!sub.cancellation_details || (sub.cancellation_details as Rest).reason === null)
      sub.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' }
    // Pending prorations are dropped with the subscription; open invoices stay open (Stripe's default).
    for (const ii of this.pendingItems(sub.id)) delete this.engine.state.invoiceItems[ii.id]
    this.engine.emit('customer.subscription.deleted', sub, at, previousAttributes(before, sub))
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
      Object.values(this.engine.state.subscriptions).find(
        (s) => s.customer === input.customer && !['canceled', 'incomplete_expired'].includes(s.status),
      )?.id
    if (!subId) {
      if (input.customer) this.engine.find<Customer>('cus_', input.customer, 'customer')
      throw invalidRequest(
        'No upcoming invoices for customer: ' + (input.customer ?? ''),
        undefined,
        'invoice_upcoming_none',
      )
    }
    const saved = this.engine.state
    this.engine.state = clone(saved)
    try {
      const sub = this.engine.find<Subscription>('sub_', subId, 'subscription')
      if (input.customer && sub.customer !== input.customer)
        throw invalidRequest('The subscription does not belong to the customer.', 'subscription')
      const t = this.engine.timeOfCustomer(sub.customer)
      const behavior = input.prorationBehavior ?? 'create_prorations'
      if (input.items && input.items.length > 0)
        this.applyItemChanges(sub, input.items, behavior, input.prorationDate ?? t, t)
      const pending = this.pendingItems(sub.id)
      let invoice: Invoice
      if (behavior === 'always_invoice') {
        invoice = this.engine.invoices.draftInvoice(sub, t, 'subscription_update', null, pending)
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
        invoice = this.engine.invoices.draftInvoice(sub, t, 'upcoming', next, pending)
        invoice.period_start = current.start
        invoice.period_end = current.end
        invoice.next_payment_attempt = current.end
      }
      const customer = own(this.engine.state.customers, sub.customer)
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
      this.engine.state = saved
    }
  }
}
