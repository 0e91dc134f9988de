// The Stripe webhook endpoint records and queues; the queue's job applies. Here no worker runs, so what the
// endpoint did alone can be seen: the event recorded with the Stripe ids it names and nothing of its body,
// one job per event however often Stripe delivers it, and an event the portal keeps nothing for recorded as
// done. Applying (the job's work, called directly) is once only, and a failed read from Stripe leaves the
// event for the queue's next try. billing.int.test.ts runs the real worker end to end.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingAccounts, stripeEvents } from '../../platform/db/schema/billing.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { JOB_SCHEMA, QUEUES } from '../../platform/jobs/queue.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { applyStripeEvent } from './webhooks.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

function post(event: object) {
  const body = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', ...event })
  const { stripe, webhookSecret } = stripeGateway(t.app.ctx)
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe/',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
    },
    payload: body,
  })
}

async function recorded(id: string) {
  const [row] = await t.app.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))
  return row
}

async function queuedJobs(id: string): Promise<number> {
  const { rows } = await t.app.ctx.database.executeSql(
    `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and data->>'id' = $2`,
    [QUEUES.applyStripeEvent, id],
  )
  return Number(rows[0]?.n)
}

const checkoutCompleted = {
  id: 'evt_checkout_recorded',
  type: 'checkout.session.completed',
  created: 1_800_000_000,
  data: {
    object: {
      id: 'cs_recorded',
      object: 'checkout.session',
      customer: 'cus_nobody_here',
      subscription: { id: 'sub_nobody_here', object: 'subscription' },
      client_reference_id: 'not-one-of-ours',
      customer_details: { email: 'payer@example.org', name: 'Jamie Carter', phone: '+15555550100' },
    },
  },
}

describe('the Stripe webhook endpoint', () => {
  it('records the event with the Stripe ids it names and queues one job, before applying anything', async () => {
    const response = await post(checkoutCompleted)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true, event_type: 'checkout.session.completed' })
    const row = await recorded(checkoutCompleted.id)
    expect(row).toMatchObject({
      type: 'checkout.session.completed',
      stripeCreatedAt: new Date(1_800_000_000 * 1000),
      objectId: 'cs_recorded',
      customerId: 'cus_nobody_here',
      subscriptionId: 'sub_nobody_here',
      clientReferenceId: 'not-one-of-ours',
      processedAt: null,
    })
    expect(JSON.stringify(row)).not.toMatch(/payer@example\.org|Jamie Carter|5555550100/)
    expect(await queuedJobs(checkoutCompleted.id)).toBe(1)
  })

  it('answers a repeated delivery as a duplicate and queues nothing more', async () => {
    const again = await post(checkoutCompleted)
    expect(again.json()).toEqual({
      received: true,
      duplicate: true,
      event_type: 'checkout.session.completed',
    })
    expect(await queuedJobs(checkoutCompleted.id)).toBe(1)
  })

  it('records an event the portal keeps nothing for as done, with no job', async () => {
    const response = await post({
      id: 'evt_card_attached',
      type: 'payment_method.attached',
      created: 1_800_000_100,
      data: { object: { id: 'pm_card', object: 'payment_method', customer: 'cus_nobody_here' } },
    })
    expect(response.json()).toEqual({ received: true, event_type: 'payment_method.attached' })
    expect((await recorded('evt_card_attached'))?.processedAt).toBeInstanceOf(Date)
    expect(await queuedJobs('evt_card_attached')).toBe(0)
  })

  it('refuses a body that is not signed by Stripe and records nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe/',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      payload: JSON.stringify({ ...checkoutCompleted, id: 'evt_unsigned' }),
    })
    expect(response.statusCode).toBe(400)
    expect(await recorded('evt_unsigned')).toBeUndefined()
  })
})

describe('applying a recorded event (the job)', () => {
  it('applies once: the first run marks it done, a repeat finds nothing to do', async () => {
    await applyStripeEvent(t.app.ctx, checkoutCompleted.id)
    const done = (await recorded(checkoutCompleted.id))?.processedAt
    expect(done).toBeInstanceOf(Date)
    await applyStripeEvent(t.app.ctx, checkoutCompleted.id)
    expect((await recorded(checkoutCompleted.id))?.processedAt).toEqual(done)
  })

  it('leaves the event unapplied when reading it back from Stripe fails, for the next try', async () => {
    const [organization] = await t.app.ctx.db.select({ id: organizations.id }).from(organizations).limit(1)
    await t.app.ctx.db.insert(billingAccounts).values({
      organizationId: organization!.id,
      accountType: 'TEAM',
      stripeCustomerId: 'cus_known_here',
    })
    await post({
      id: 'evt_subscription_missing',
      type: 'customer.subscription.updated',
      created: 1_800_000_200,
      data: { object: { id: 'sub_not_at_stripe', object: 'subscription', customer: 'cus_known_here' } },
    })
    await expect(applyStripeEvent(t.app.ctx, 'evt_subscription_missing')).rejects.toThrow()
    expect((await recorded('evt_subscription_missing'))?.processedAt).toBeNull()
  })
})
