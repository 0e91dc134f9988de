import type Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DAY, card, makeStandin, seatPrice, submitForm, type Standin } from './helpers.ts'

let s: Standin
beforeEach(async () => {
  s = await makeStandin()
})
afterEach(async () => s.close())

async function customerWithCard(
  pm = 'pm_card_visa',
  clock?: string,
): Promise<{ customer: Stripe.Customer; pm: Stripe.PaymentMethod }> {
  const customer = await s.stripe.customers.create({
    email: 'team@example.test',
    ...(clock ? { test_clock: clock } : {}),
  })
  const attached = await s.stripe.paymentMethods.attach(pm, { customer: customer.id })
  const updated = await s.stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: attached.id },
  })
  return { customer: updated, pm: attached }
}

async function activeSeats(quantity: number, pm = 'pm_card_visa'): Promise<Stripe.Subscription> {
  const { customer } = await customerWithCard(pm)
  const price = await seatPrice(s.stripe)
  return s.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity }] })
}

describe('seats and proration', () => {
  it('charges round(1999 × seats added × remaining fraction) at once with always_invoice, as the preview said', async () => {
    const sub = await activeSeats(3)
    expect(sub.status).toBe('active')
    const item = sub.items.data[0] as Stripe.SubscriptionItem
    expect(item.current_period_end - item.current_period_start).toBe(30 * DAY)
    s.handle.advance(10 * DAY)
    const prorationDate = s.handle.nowSec()
    // 20 of 30 days remain: 1999 × 2 × 2/3 = 2665.33 → 2665 cents.
    const preview = await s.stripe.invoices.createPreview({
      customer: sub.customer as string,
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, quantity: 5 }],
        proration_date: prorationDate,
        proration_behavior: 'always_invoice',
      },
    })
    expect(preview.id).toMatch(/^upcoming_in_/)
    expect(preview.amount_due).toBe(2665)
    expect(preview.lines.data.every((l) => l.parent?.subscription_item_details?.proration)).toBe(true)
    // The preview stored nothing.
    expect((await s.stripe.subscriptions.retrieve(sub.id)).items.data[0]?.quantity).toBe(3)

    const updated = await s.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 5 }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      expand: ['latest_invoice'],
    })
    expect(updated.items.data[0]?.quantity).toBe(5)
    const invoice = updated.latest_invoice as Stripe.Invoice
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: 2665,
      amount_paid: 2665,
      billing_reason: 'subscription_update',
    })
    expect(invoice.lines.data.map((l) => l.description)).toEqual([
      'Unused time on 3 × BlueConsent seat after Nov 30, 2026',
      'Remaining time on 5 × BlueConsent seat after Nov 30, 2026',
    ])
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id)
  })

  it('keeps create_prorations as pending items for the next renewal, which the default preview shows', async () => {
    const sub = await activeSeats(2)
    const item = sub.items.data[0] as Stripe.SubscriptionItem
    s.handle.advance(15 * DAY)
    await s.stripe.subscriptions.update(sub.id, { items: [{ id: item.id, quantity: 3 }] })
    const pending = await s.stripe.invoiceItems.list({ customer: sub.customer as string, pending: true })
    // 15 of 30 days: 1999 × 1 × 0.5 = 999.5 → 1000 (half away from zero).
    expect(pending.data.reduce((sum, ii) => sum + ii.amount, 0)).toBe(1000)
    const upcoming = await s.stripe.invoices.createPreview({
      customer: sub.customer as string,
      subscription: sub.id,
    })
    expect(upcoming.amount_due).toBe(1000 + 3 * 1999)
    s.handle.advance(15 * DAY)
    const invoices = await s.stripe.invoices.list({ subscription: sub.id })
    expect(invoices.data.map((i) => [i.billing_reason, i.amount_paid])).toEqual([
      ['subscription_cycle', 1000 + 3 * 1999],
      ['subscription_create', 2 * 1999],
    ])
  })

  it('credits a seat reduction to the customer balance, which pays the next invoice first', async () => {
    const sub = await activeSeats(4)
    const item = sub.items.data[0] as Stripe.SubscriptionItem
    s.handle.advance(15 * DAY)
    const updated = await s.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 3 }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    })
    expect((updated.latest_invoice as Stripe.Invoice).total).toBe(-1000)
    expect((await s.stripe.customers.retrieve(sub.customer as string)) as Stripe.Customer).toMatchObject({
      balance: -1000,
    })
    s.handle.advance(15 * DAY)
    const [renewal] = (await s.stripe.invoices.list({ subscription: sub.id, limit: 1 })).data
    expect(renewal).toMatchObject({ total: 3 * 1999, amount_due: 3 * 1999 - 1000, status: 'paid' })
  })

  it('leaves the invoice open and the subscription past_due when the card refuses a proration charge', async () => {
    const sub = await activeSeats(1, 'pm_card_visa')
    const { customer } = { customer: sub.customer as string }
    const failing = await s.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer })
    await s.stripe.customers.update(customer, { invoice_settings: { default_payment_method: failing.id } })
    const item = sub.items.data[0] as Stripe.SubscriptionItem
    s.handle.advance(DAY)

    // error_if_incomplete: the SDK throws StripeCardError and nothing changes.
    const refused = await s.stripe.subscriptions
      .update(sub.id, {
        items: [{ id: item.id, quantity: 2 }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
      statusCode: 402,
    })
    expect((await s.stripe.subscriptions.retrieve(sub.id)).items.data[0]?.quantity).toBe(1)

    const updated = await s.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 2 }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    })
    expect(updated.status).toBe('past_due')
    expect((updated.latest_invoice as Stripe.Invoice).status).toBe('open')
    const types = await s.types()
    expect(types.slice(-3)).toEqual([
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ])
  })
})

describe('trials, renewals and cancellation on test clocks', () => {
  async function trialing(
    pm: string,
  ): Promise<{ clock: Stripe.TestHelpers.TestClock; sub: Stripe.Subscription }> {
    const clock = await s.stripe.testHelpers.testClocks.create({
      frozen_time: Date.parse('2027-01-01T00:00:00Z') / 1000,
    })
    const { customer } = await customerWithCard(pm, clock.id)
    const price = await seatPrice(s.stripe)
    const sub = await s.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      trial_period_days: 14,
    })
    expect(sub).toMatchObject({
      status: 'trialing',
      trial_start: clock.frozen_time,
      trial_end: clock.frozen_time + 14 * DAY,
    })
    return { clock, sub }
  }

  it('sends trial_will_end 3 days before and turns active with invoice.paid when a good card pays', async () => {
    const { clock, sub } = await trialing('pm_card_mastercard')
    await s.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time + 11 * DAY })
    expect((await s.types()).at(-1)).toBe('customer.subscription.trial_will_end')
    const advanced = await s.stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: clock.frozen_time + 15 * DAY,
    })
    expect(advanced.status).toBe('ready')
    const after = await s.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] })
    expect(after.status).toBe('active')
    expect(after.items.data[0]?.current_period_start).toBe(clock.frozen_time + 14 * DAY)
    expect(after.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2 * 1999,
      billing_reason: 'subscription_cycle',
    })
    const events = await s.events()
    const paid = events.find(
      (e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).amount_paid > 0,
    )
    expect(paid?.created).toBe(clock.frozen_time + 14 * DAY)
    const updated = events.find((e) => e.type === 'customer.subscription.updated')
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'trialing' })
  })

  it('goes past_due with invoice.payment_failed for 4000 0000 0000 0341, then unpaid after the retries, and active again with a new card', async () => {
    const { clock, sub } = await trialing('pm_card_chargeCustomerFail')
    await s.stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: clock.frozen_time + 14 * DAY + 60,
    })
    const pastDue = await s.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] })
    expect(pastDue.status).toBe('past_due')
    const invoice = pastDue.latest_invoice as Stripe.Invoice
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: clock.frozen_time + 17 * DAY,
    })
    expect(await s.types()).toContain('invoice.payment_failed')
    const expanded = await s.stripe.invoices.retrieve(invoice.id, {
      expand: ['payments.data.payment.payment_intent'],
    })
    const pi = expanded.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent
    expect(pi.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' })

    await s.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time + 22 * DAY })
    expect((await s.stripe.subscriptions.retrieve(sub.id)).status).toBe('unpaid')
    expect((await s.stripe.invoices.retrieve(invoice.id)).attempt_count).toBe(4)

    const good = await s.stripe.paymentMethods.attach('pm_card_visa', { customer: sub.customer as string })
    await s.stripe.customers.update(sub.customer as string, {
      invoice_settings: { default_payment_method: good.id },
    })
    expect((await s.stripe.subscriptions.retrieve(sub.id)).status).toBe('active')
    expect((await s.stripe.invoices.retrieve(invoice.id)).status).toBe('paid')
  })

  it('ends a cancel_at_period_end subscription at the period end with customer.subscription.deleted', async () => {
    const sub = await activeSeats(1)
    const canceling = await s.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })
    const end = canceling.items.data[0]?.current_period_end as number
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: end,
      canceled_at: s.handle.nowSec(),
    })
    s.handle.advance(30 * DAY)
    const ended = await s.stripe.subscriptions.retrieve(sub.id)
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end })
    expect((await s.types()).at(-1)).toBe('customer.subscription.deleted')
    // No renewal invoice was made, and a plain list leaves the canceled subscription out.
    expect((await s.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1)
    expect((await s.stripe.subscriptions.list({ customer: sub.customer as string })).data).toHaveLength(0)
    expect(
      (await s.stripe.subscriptions.list({ customer: sub.customer as string, status: 'all' })).data,
    ).toHaveLength(1)
  })

  it('cancels at once with subscriptions.cancel and renews monthly otherwise', async () => {
    const sub = await activeSeats(1)
    s.handle.advance(65 * DAY)
    expect((await s.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(3)
    const canceled = await s.stripe.subscriptions.cancel(sub.id)
    expect(canceled.status).toBe('canceled')
  })

  it('moves the stand-in clock through the admin route', async () => {
    const sub = await activeSeats(1)
    const response = await s.app.inject({
      method: 'POST',
      url: '/stripe-standin/__admin/advance',
      payload: { days: 31 },
    })
    expect(response.json()).toMatchObject({ steps: 1 })
    expect((await s.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(2)
  })
})

describe('a subscription started from the hosted checkout', () => {
  it('charges the card at trial end through the subscription default card', async () => {
    const price = await seatPrice(s.stripe)
    const customer = await s.stripe.customers.create({ email: 'c@example.test' })
    const session = await s.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { trial_period_days: 14 },
      success_url: 'http://portal.test/ok',
    })
    await submitForm(s.app, session.url as string, card('4000000000000341'))
    s.handle.advance(14 * DAY + 1)
    const [sub] = (await s.stripe.subscriptions.list({ customer: customer.id })).data
    expect(sub?.status).toBe('past_due')
  })
})
