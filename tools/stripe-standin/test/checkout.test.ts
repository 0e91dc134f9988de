import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { BASE, DAY, card, getPage, makeStandin, seatPrice, submitForm, type Standin } from './helpers.ts'

let s: Standin
beforeEach(async () => {
  s = await makeStandin()
})
afterEach(async () => s.close())

describe('checkout in subscription mode through the official SDK', () => {
  it('creates a session, completes the hosted form with 4242 and starts a trialing subscription with webhooks', async () => {
    const price = await seatPrice(s.stripe)
    expect(price).toMatchObject({ unit_amount: 1999, currency: 'usd', recurring: { interval: 'month' } })
    const customer = await s.stripe.customers.create({
      email: 'ada@example.test',
      name: 'Ada',
      metadata: { org: 'o1' },
    })
    const session = await s.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 3 }],
      subscription_data: { trial_period_days: 14, metadata: { org: 'o1' } },
      success_url: 'http://portal.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/billing/cancel',
      client_reference_id: 'org-1',
      metadata: { org: 'o1' },
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.url).toBe(`${BASE}/checkout/${session.id}`)
    expect(session.status).toBe('open')

    const pageHtml = (await getPage(s.app, session.url as string)).html
    expect(pageHtml).toContain('Start trial')
    expect(pageHtml).toContain('http://portal.test/billing/cancel')

    const posted = await submitForm(s.app, session.url as string, card('4242 4242 4242 4242'))
    expect(posted.status).toBe(303)
    expect(posted.location).toBe(`http://portal.test/billing/success?session_id=${session.id}`)

    const done = await s.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
    expect(done.status).toBe('complete')
    expect(done.payment_status).toBe('no_payment_required')
    expect(done.customer).toBe(customer.id)
    const sub = done.subscription as Stripe.Subscription
    expect(sub.status).toBe('trialing')
    expect(sub.metadata).toEqual({ org: 'o1' })
    expect(sub.items.data[0]?.quantity).toBe(3)
    expect(sub.trial_end).toBe((sub.trial_start as number) + 14 * DAY)
    expect(sub.items.data[0]?.current_period_end).toBe(sub.trial_end)
    const pm = await s.stripe.paymentMethods.retrieve(sub.default_payment_method as string)
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 })

    const types = await s.types()
    expect(types).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ])
    const completed = (await s.events()).at(-1) as Stripe.Event
    expect(completed.api_version).toBe('2026-10-28.endive')
    expect((completed.data.object as Stripe.Checkout.Session).subscription).toBe(sub.id)
  })

  it('creates the customer from the typed email when the session has none', async () => {
    const price = await seatPrice(s.stripe)
    const session = await s.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://portal.test/ok',
    })
    const posted = await submitForm(s.app, session.url as string, {
      ...card('5555555555554444'),
      email: 'new@example.test',
    })
    expect(posted.status).toBe(303)
    const done = await s.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'customer'],
    })
    expect(done.payment_status).toBe('paid')
    expect((done.customer as Stripe.Customer).email).toBe('new@example.test')
    const sub = done.subscription as Stripe.Subscription
    expect(sub.status).toBe('active')
    const invoice = await s.stripe.invoices.retrieve(sub.latest_invoice as string)
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1999, amount_due: 1999 })
  })

  it("shows Stripe's decline message on the page for 4000 0000 0000 0002 and keeps the session open", async () => {
    const price = await seatPrice(s.stripe)
    const customer = await s.stripe.customers.create({ email: 'b@example.test' })
    const session = await s.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { trial_period_days: 14 },
      success_url: 'http://portal.test/ok',
    })
    const posted = await submitForm(s.app, session.url as string, card('4000000000000002'))
    expect(posted.status).toBe(402)
    expect(posted.html).toContain('Your card was declined.')
    expect(posted.html).toContain('role="alert"')
    const still = await s.stripe.checkout.sessions.retrieve(session.id)
    expect(still.status).toBe('open')
    expect(await s.stripe.subscriptions.list({ customer: customer.id })).toMatchObject({ data: [] })
  })
})
