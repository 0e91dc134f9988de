import { clone, own, type Price, type Subscription } from '../model.ts'
import { nextPeriodEnd } from '../time.ts'
import { monthsPer, previousAttributes, type Rest, TRIAL_WILL_END_NOTICE } from './shared.ts'
import type { Engine } from '../engine.ts'

/** The passage of time: one resource of the stand-in, over the engine's shared state and event log. */
export class BillingClock {
  constructor(private readonly engine: Engine) {}

  /**
   * Runs, in time order, everything that falls due up to `until` for the customers on `clockId`
   * (null: customers without a test clock): trial notices and ends, renewals, cancellations at period
   * end, payment retries and expiring incomplete subscriptions. Returns how many steps ran.
   */
  runDue(until: number, clockId: string | null): number {
    let steps = 0
    const onClock = (customerId: string): boolean =>
      (own(this.engine.state.customers, customerId)?.test_clock ?? null) === clockId
    for (;;) {
      let best: { at: number; run: () => void } | null = null
      const consider = (at: number, run: () => void): void => {
        if (at <= until && (best === null || at < best.at)) best = { at, run }
      }
      for (const sub of Object.values(this.engine.state.subscriptions)) {
        if (!onClock(sub.customer)) continue
        const plan = own(this.engine.state.subscriptionPlans, sub.id) ?? {
          trialWillEndSent: false,
          incompleteExpiresAt: null,
        }
        if (sub.status === 'trialing' && sub.trial_end !== null) {
          const trialEnd = sub.trial_end
          if (!plan.trialWillEndSent && !sub.cancel_at_period_end)
            consider(Math.max(trialEnd - TRIAL_WILL_END_NOTICE, sub.created), () => {
              plan.trialWillEndSent = true
              this.engine.state.subscriptionPlans[sub.id] = plan
              this.engine.emit(
                'customer.subscription.trial_will_end',
                sub,
                Math.max(trialEnd - TRIAL_WILL_END_NOTICE, sub.created),
              )
            })
          consider(trialEnd, () => this.endTrial(sub, trialEnd))
        } else if (sub.status === 'active' || sub.status === 'past_due' || sub.status === 'unpaid') {
          const end = this.engine.subscriptions.currentPeriod(sub).end
          consider(end, () => this.endPeriod(sub, end))
        } else if (sub.status === 'incomplete' && plan.incompleteExpiresAt !== null) {
          const at = plan.incompleteExpiresAt
          consider(at, () => this.expireIncomplete(sub, at))
        }
      }
      for (const invoice of Object.values(this.engine.state.invoices)) {
        if (invoice.status !== 'open' || invoice.next_payment_attempt === null || !onClock(invoice.customer))
          continue
        const at = invoice.next_payment_attempt
        consider(at, () =>
          this.engine.invoices.afterPaymentOutcome(
            invoice,
            this.engine.invoices.attemptPayment(invoice, at),
            at,
          ),
        )
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
      this.engine.subscriptions.cancel(sub.id, at)
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
    const invoice = this.engine.invoices.draftInvoice(
      sub,
      at,
      'subscription_cycle',
      { start: at, end },
      this.engine.subscriptions.pendingItems(sub.id),
    )
    invoice.period_start = before.items.data[0]?.current_period_start ?? at
    invoice.period_end = at
    sub.latest_invoice = invoice.id
    this.engine.emit('customer.subscription.updated', sub, at, previousAttributes(before, sub))
    const outcome = this.engine.invoices.issueInvoice(invoice, at, { charge: true })
    this.engine.invoices.afterPaymentOutcome(invoice, outcome, at)
  }

  private endPeriod(sub: Subscription, at: number): void {
    if (sub.cancel_at_period_end) {
      this.engine.subscriptions.cancel(sub.id, at)
      return
    }
    const before = clone(sub)
    const price = sub.items.data[0]?.price as Price
    const end = nextPeriodEnd(sub.billing_cycle_anchor, at, monthsPer(price))
    for (const item of sub.items.data) {
      item.current_period_start = at
      item.current_period_end = end
    }
    const invoice = this.engine.invoices.draftInvoice(
      sub,
      at,
      'subscription_cycle',
      { start: at, end },
      this.engine.subscriptions.pendingItems(sub.id),
    )
    invoice.period_start = before.items.data[0]?.current_period_start ?? at
    invoice.period_end = at
    sub.latest_invoice = invoice.id
    this.engine.emit('customer.subscription.updated', sub, at, previousAttributes(before, sub))
    // An unpaid subscription keeps renewing, but its invoices stay drafts (Stripe's unpaid behaviour).
    if (sub.status === 'unpaid') {
      this.engine.invoices.issueInvoice(invoice, at, { charge: false, finalize: false })
      return
    }
    const outcome = this.engine.invoices.issueInvoice(invoice, at, { charge: true })
    this.engine.invoices.afterPaymentOutcome(invoice, outcome, at)
  }

  private expireIncomplete(sub: Subscription, at: number): void {
    const before = clone(sub)
    sub.status = 'incomplete_expired'
    sub.ended_at = at
    const plan = own(this.engine.state.subscriptionPlans, sub.id)
    if (plan) plan.incompleteExpiresAt = null
    const invoice = sub.latest_invoice ? own(this.engine.state.invoices, sub.latest_invoice) : undefined
    if (invoice && invoice.status === 'open') {
      invoice.status = 'void'
      invoice.next_payment_attempt = null
      ;(invoice.status_transitions as Rest).voided_at = at
      this.engine.emit('invoice.voided', invoice, at)
    }
    this.engine.emit('customer.subscription.deleted', sub, at, previousAttributes(before, sub))
  }
}
