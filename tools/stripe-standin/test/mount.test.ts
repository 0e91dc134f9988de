import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { standinFetch } from '../src/fetch.ts'
import { createStandinHandle } from '../src/options.ts'
import { stripeStandin } from '../src/plugin.ts'
import { injectWebhookDelivery } from '../src/webhooks.ts'
import { SECRET, card, seatPrice, submitForm } from './helpers.ts'

describe('mounted in-process in a host app, as the portal mounts it', () => {
  it('answers the SDK through standinFetch, delivers verified webhooks through app.inject, and leaves the host form parser alone', async () => {
    const app = Fastify()
    await app.register(formbody)
    app.post('/host-form', async (request) => request.body)
    const received: Stripe.Event[] = []
    await app.register(async (scope) => {
      // The portal's webhook route reads the raw body, as constructEvent needs it.
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      )
      scope.post('/api/billing/webhooks/stripe/', async (request, reply) => {
        const header = request.headers['stripe-signature']
        try {
          received.push(stripe.webhooks.constructEvent(request.body as string, String(header), SECRET, 300))
        } catch {
          return reply.code(400).send({ error: 'bad signature' })
        }
        return { received: true }
      })
    })
    const handle = createStandinHandle()
    await app.register(stripeStandin, {
      prefix: '/stripe-standin',
      publicBaseUrl: 'http://localhost:3000/stripe-standin',
      handle,
      tickIntervalMs: 0,
      webhooks: { secret: SECRET, deliver: injectWebhookDelivery(app, '/api/billing/webhooks/stripe/') },
    })
    await app.ready()
    const stripe = new Stripe('sk_test_portal', {
      httpClient: Stripe.createFetchHttpClient(standinFetch(app, '/stripe-standin')),
      maxNetworkRetries: 0,
    })

    const price = await seatPrice(stripe)
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'mounted@example.test',
      line_items: [{ price: price.id, quantity: 5 }],
      subscription_data: { trial_period_days: 14 },
      success_url: 'http://localhost:3000/billing/success?session_id={CHECKOUT_SESSION_ID}',
    })
    expect(session.url).toBe(`http://localhost:3000/stripe-standin/checkout/${session.id}`)
    const posted = await submitForm(app, session.url as string, card('4242424242424242'))
    expect(posted.location).toBe(`http://localhost:3000/billing/success?session_id=${session.id}`)
    await handle.webhooksIdle()
    expect(received.map((e) => e.type)).toContain('checkout.session.completed')
    const completed = received.find((e) => e.type === 'checkout.session.completed')
    expect((completed?.data.object as Stripe.Checkout.Session).customer_details?.email).toBe(
      'mounted@example.test',
    )

    const host = await app.inject({
      method: 'POST',
      url: '/host-form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&b=2',
    })
    expect(host.json()).toEqual({ a: '1', b: '2' })
    await app.close()
  })
})
