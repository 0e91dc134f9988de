import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildStandinApp } from '../src/app.ts'
import { signPayload } from '../src/webhooks.ts'
import {
  BASE,
  PREFIX,
  SECRET,
  card,
  getPage,
  makeStandin,
  seatPrice,
  submitForm,
  type Standin,
} from './helpers.ts'

let s: Standin
beforeEach(async () => {
  s = await makeStandin()
})
afterEach(async () => s.close())

describe('payment methods and setup intents', () => {
  it('attaches, lists, sets the default and detaches cards with their webhooks', async () => {
    const customer = await s.stripe.customers.create({ email: 'pm@example.test' })
    const visa = await s.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const amex = await s.stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id })
    expect(amex.card).toMatchObject({ brand: 'amex', last4: '0005' })
    const listed = await s.stripe.customers.listPaymentMethods(customer.id, { type: 'card' })
    expect(listed.data.map((pm) => pm.id)).toEqual([amex.id, visa.id])
    expect((await s.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toHaveLength(2)

    const updated = await s.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: amex.id },
      expand: ['invoice_settings.default_payment_method'],
    })
    expect((updated.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.brand).toBe('amex')

    const detached = await s.stripe.paymentMethods.detach(amex.id)
    expect(detached.customer).toBeNull()
    expect(
      ((await s.stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings
        .default_payment_method,
    ).toBeNull()
    expect(await s.types()).toEqual([
      'customer.created',
      'payment_method.attached',
      'payment_method.attached',
      'customer.updated',
      'customer.updated',
      'payment_method.detached',
    ])
    // A card of another customer cannot become the default.
    const other = await s.stripe.customers.create({})
    await expect(
      s.stripe.customers.update(other.id, { invoice_settings: { default_payment_method: visa.id } }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 })
  })

  it('saves a typed card through the hosted setup page and redirects with redirect_status=succeeded', async () => {
    const customer = await s.stripe.customers.create({ email: 'setup@example.test' })
    const seti = await s.stripe.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    })
    expect(seti.client_secret).toMatch(new RegExp(`^${seti.id}_secret_`))
    const url = `${BASE}/setup/${seti.id}?return_url=${encodeURIComponent('http://portal.test/billing?x=1')}`
    expect((await getPage(s.app, url)).html).toContain('<label for="number">Card number</label>')
    const posted = await submitForm(s.app, url, card('6011 1111 1111 1117'))
    expect(posted.status).toBe(303)
    const location = new URL(posted.location as string)
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      x: '1',
      setup_intent: seti.id,
      redirect_status: 'succeeded',
    })
    const done = await s.stripe.setupIntents.retrieve(seti.id, { expand: ['payment_method'] })
    expect(done.status).toBe('succeeded')
    expect(done.payment_method).toMatchObject({
      customer: customer.id,
      card: { brand: 'discover', last4: '1117' },
    })
    expect(await s.types()).toEqual([
      'customer.created',
      'setup_intent.created',
      'payment_method.attached',
      'setup_intent.succeeded',
    ])
  })

  it('refuses 4000 0000 0000 0002 at setup: the page shows the message, the API gives StripeCardError', async () => {
    const customer = await s.stripe.customers.create({})
    const seti = await s.stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
    })
    const page = await submitForm(s.app, `${BASE}/setup/${seti.id}`, card('4000000000000002'))
    expect(page.status).toBe(402)
    expect(page.html).toContain('Your card was declined.')
    const error = await s.stripe.setupIntents
      .confirm(seti.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    })
    const insufficient = await s.stripe.paymentMethods
      .attach('pm_card_chargeDeclinedInsufficientFunds', { customer: customer.id })
      .catch((e: unknown) => e)
    expect(insufficient).toMatchObject({ type: 'StripeCardError', decline_code: 'insufficient_funds' })
    expect((await s.stripe.setupIntents.retrieve(seti.id)).last_setup_error).toMatchObject({
      code: 'card_declined',
    })
    expect(await s.types()).toContain('setup_intent.setup_failed')
    expect((await s.stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(0)
  })

  it('checks typed cards as Stripe does', async () => {
    const bad = (number: string, extra: Record<string, string> = {}) =>
      s.stripe.paymentMethods
        .create({
          type: 'card',
          card: {
            number,
            exp_month: Number(extra.m ?? 12),
            exp_year: Number(extra.y ?? 2034),
            cvc: extra.cvc ?? '123',
          },
        })
        .catch((e: unknown) => e)
    expect(await bad('4242424242424241')).toMatchObject({ code: 'incorrect_number' })
    expect(await bad('4242424242424242', { y: '2020' })).toMatchObject({ code: 'expired_card' })
    expect(await bad('4242424242424242', { cvc: '12' })).toMatchObject({ code: 'invalid_cvc' })
    expect(await bad('4111111111111111')).toMatchObject({ decline_code: 'test_mode_live_card' })
    const ok = await s.stripe.paymentMethods.create({
      type: 'card',
      card: { number: '378282246310005', exp_month: 1, exp_year: 2030, cvc: '1234' },
    })
    expect(ok.card).toMatchObject({ brand: 'amex', exp_month: 1, exp_year: 2030 })
  })
})

describe('the billing portal page', () => {
  it('cancels at period end, sets a default, removes a card and returns to the portal', async () => {
    const customer = await s.stripe.customers.create({ email: 'portal@example.test', name: 'Portal User' })
    const visa = await s.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const mc = await s.stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id })
    await s.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: visa.id } })
    const price = await seatPrice(s.stripe)
    const sub = await s.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
    })
    const session = await s.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://portal.test/billing',
    })
    expect(session.url).toBe(`${BASE}/portal/${session.id}`)
    const html = (await getPage(s.app, session.url)).html
    expect(html).toContain('Return to BlueConsent')
    expect(html).toContain('http://portal.test/billing')
    expect(html).toContain('$39.98')

    const canceled = await submitForm(s.app, `${session.url}/cancel`, { subscription: sub.id })
    expect(canceled).toMatchObject({
      status: 303,
      location: `${PREFIX}/portal/${session.id}?notice=canceled`,
    })
    expect((await s.stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(true)
    expect((await getPage(s.app, canceled.location as string)).html).toContain('Renew plan')

    await submitForm(s.app, `${session.url}/cards/default`, { payment_method: mc.id })
    expect(
      ((await s.stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings
        .default_payment_method,
    ).toBe(mc.id)
    await submitForm(s.app, `${session.url}/cards/remove`, { payment_method: visa.id })
    expect((await s.stripe.customers.listPaymentMethods(customer.id)).data.map((pm) => pm.id)).toEqual([
      mc.id,
    ])

    const add = await submitForm(s.app, `${session.url}/cards/add`, {})
    expect(add.location).toMatch(new RegExp(`^${PREFIX}/setup/seti_`))
    const saved = await submitForm(s.app, add.location as string, card('4242424242424242'))
    expect(saved.location).toMatch(new RegExp(`^${BASE}/portal/${session.id}\\?setup_intent=`))
    expect((await s.stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(2)

    // Another customer's card cannot be touched from this page.
    const stranger = await s.stripe.customers.create({})
    const theirs = await s.stripe.paymentMethods.attach('pm_card_visa', { customer: stranger.id })
    expect(
      (await submitForm(s.app, `${session.url}/cards/remove`, { payment_method: theirs.id })).status,
    ).toBe(404)
  })

  it('serves the hosted invoice page with the card that paid', async () => {
    const customer = await s.stripe.customers.create({})
    const pm = await s.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const price = await seatPrice(s.stripe)
    const sub = await s.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
      default_payment_method: pm.id,
    })
    const invoice = await s.stripe.invoices.retrieve(sub.latest_invoice as string, {
      expand: ['payments.data.payment.payment_intent.payment_method'],
    })
    const paidWith = (invoice.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent)
      .payment_method as Stripe.PaymentMethod
    expect(paidWith.card?.last4).toBe('4242')
    const page = await getPage(s.app, invoice.hosted_invoice_url as string)
    expect(page.html).toContain('Visa ending in 4242')
    expect(page.html).toContain('1 × BlueConsent seat (at $19.99 / month)')
  })
})

describe('Stripe protocol details', () => {
  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await s.stripe.customers.create({ email: 'idem@example.test' }, { idempotencyKey: 'key-1' })
    const again = await s.stripe.customers.create({ email: 'idem@example.test' }, { idempotencyKey: 'key-1' })
    expect(again.id).toBe(first.id)
    expect((await s.stripe.customers.list()).data).toHaveLength(1)
    await expect(
      s.stripe.customers.create({ email: 'other@example.test' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    })
  })

  it('paginates lists with limit, starting_after and ending_before, and auto-pagination', async () => {
    const ids: string[] = []
    for (let i = 0; i < 7; i += 1) ids.unshift((await s.stripe.customers.create({ name: `c${i}` })).id)
    const page1 = await s.stripe.customers.list({ limit: 3 })
    expect(page1.data.map((c) => c.id)).toEqual(ids.slice(0, 3))
    expect(page1).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' })
    const page2 = await s.stripe.customers.list({ limit: 3, starting_after: ids[2] })
    expect(page2.data.map((c) => c.id)).toEqual(ids.slice(3, 6))
    const back = await s.stripe.customers.list({ limit: 2, ending_before: ids[3] })
    expect(back.data.map((c) => c.id)).toEqual(ids.slice(1, 3))
    const all: string[] = []
    for await (const c of s.stripe.customers.list({ limit: 2 })) all.push(c.id)
    expect(all).toEqual(ids)
  })

  it('expands ids, through lists, and refuses what cannot be expanded', async () => {
    const customer = await s.stripe.customers.create({ email: 'x@example.test' })
    const price = await seatPrice(s.stripe)
    await s.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
    })
    const list = await s.stripe.subscriptions.list({
      customer: customer.id,
      expand: ['data.customer', 'data.items.data.price.product'],
    })
    const sub = list.data[0] as Stripe.Subscription
    expect((sub.customer as Stripe.Customer).email).toBe('x@example.test')
    expect((sub.items.data[0]?.price.product as Stripe.Product).name).toBe('BlueConsent seat')
    await expect(s.stripe.subscriptions.retrieve(sub.id, { expand: ['status'] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    })
  })

  it("answers Stripe's 401, 404 and 400 bodies", async () => {
    const live = new Stripe('sk_live_nope', {
      httpClient: s.stripe.getApiField('httpClient'),
      maxNetworkRetries: 0,
    })
    await expect(live.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    })
    await expect(s.stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
      param: 'id',
    })
    await expect(s.stripe.subscriptions.create({ customer: 'cus_x', items: [] })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
    })
    const unknown = await s.app.inject({
      method: 'GET',
      url: `${PREFIX}/v1/nothing`,
      headers: { authorization: 'Bearer sk_test_x' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/nothing\)/)
  })

  it('reads events back with events.list and events.retrieve', async () => {
    const customer = await s.stripe.customers.create({ email: 'ev@example.test' })
    await s.stripe.customers.update(customer.id, { name: 'Eve' })
    const events = await s.stripe.events.list({ type: 'customer.*' })
    expect(events.data.map((e) => e.type)).toEqual(['customer.updated', 'customer.created'])
    const updated = await s.stripe.events.retrieve(events.data[0]?.id as string)
    expect(updated.data.previous_attributes).toEqual({ name: null })
  })
})

describe('webhooks', () => {
  it('signs events so constructEvent verifies them, and a tampered body or wrong secret fails', async () => {
    await s.stripe.customers.create({ email: 'sig@example.test' })
    await s.handle.webhooksIdle()
    const { body, header } = s.deliveries[0] as { body: string; header: string }
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(s.stripe.webhooks.constructEvent(body, header, SECRET).type).toBe('customer.created')
    expect(() => s.stripe.webhooks.constructEvent(body.replace('sig@', 'evil@'), header, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    expect(() => s.stripe.webhooks.constructEvent(body, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    const t = Math.floor(Date.now() / 1000)
    expect(signPayload(body, SECRET, t)).toBe(
      s.stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: t }),
    )
  })

  it('retries a failed delivery and keeps the order', async () => {
    const got: string[] = []
    let failures = 2
    const local = await makeStandin({
      webhooks: {
        secret: SECRET,
        retryDelaysMs: [5, 5, 5],
        deliver: async (body) => {
          if (failures > 0) {
            failures -= 1
            throw new Error('endpoint down')
          }
          got.push((JSON.parse(body) as { type: string }).type)
        },
      },
    })
    const customer = await local.stripe.customers.create({})
    await local.stripe.customers.update(customer.id, { name: 'N' })
    await local.handle.webhooksIdle()
    expect(got).toEqual(['customer.created', 'customer.updated'])
    const [event] = (await local.stripe.events.list({ limit: 1 })).data
    expect(event?.pending_webhooks).toBe(0)
    await local.close()
  })
})

describe('persistence', () => {
  it('keeps the state in dataFile across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'standin-'))
    const dataFile = join(dir, 'stripe.json')
    try {
      const first = await makeStandin({ dataFile })
      const customer = await first.stripe.customers.create({ email: 'kept@example.test' })
      const price = await seatPrice(first.stripe)
      const sub = await first.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        trial_period_days: 14,
      })
      await first.stripe.customers.create({}, { idempotencyKey: 'persisted-key' })
      await first.close()
      expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toMatchObject({ version: 1 })

      const second = await makeStandin({ dataFile })
      expect(((await second.stripe.customers.retrieve(customer.id)) as Stripe.Customer).email).toBe(
        'kept@example.test',
      )
      expect((await second.stripe.subscriptions.retrieve(sub.id)).status).toBe('trialing')
      expect((await second.stripe.customers.list()).data).toHaveLength(2)
      await second.stripe.customers.create({}, { idempotencyKey: 'persisted-key' })
      expect((await second.stripe.customers.list()).data).toHaveLength(2)
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('run alone', () => {
  it('serves the SDK over HTTP at the root with { host, port, protocol }', async () => {
    const app = await buildStandinApp({ publicBaseUrl: 'http://127.0.0.1:4020', tickIntervalMs: 0 })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address() as { port: number }
    const stripe = new Stripe('sk_test_alone', {
      host: '127.0.0.1',
      port: address.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    })
    const prices = await stripe.prices.list({ lookup_keys: ['blueconsent_seat_monthly'] })
    expect(prices.data[0]?.id).toBe('price_BlueConsentSeatMonthly')
    await app.close()
  })
})
