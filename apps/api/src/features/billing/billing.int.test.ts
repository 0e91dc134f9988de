// Billing end to end on the official Stripe SDK against the in-process stand-in: an individual subscribes
// through the hosted checkout, the webhooks (signed, queued, applied once by the job worker, read back from
// Stripe) keep the local
// account true, the browser's word is never taken, a team's seats are charged before invitations and an
// invitee joins on a seat; the rules of who may manage what; an overdue account sends no new requests.
import { eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingAccounts, billingPayments, stripeEvents } from '../../platform/db/schema/billing.ts'
import { users } from '../../platform/db/schema/users.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser } from '../demo-data/index.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { stripeStandinHandle } from './stripe-mount.ts'

let t: TestApp
let individual: TestClient
const origin = () => t.app.ctx.config.publicUrl
const card = (number: string) => ({
  number,
  exp_month: '12',
  exp_year: '34',
  cvc: '123',
  name: 'Jamie Carter',
})

async function submitHostedForm(url: string, fields: Record<string, string>) {
  const target = new URL(url)
  const response = await t.app.inject({
    method: 'POST',
    url: target.pathname + target.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    html: response.body,
  }
}

/** Every webhook the stand-in sent has been received, and the job worker has applied every event received. */
async function idle() {
  await stripeStandinHandle(t.app.ctx)?.webhooksIdle()
  for (let waited = 0; waited < 20_000; waited += 50) {
    const pending = await t.app.ctx.db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(isNull(stripeEvents.processedAt))
    if (pending.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('Stripe events still waiting to be applied after 20 s')
}

async function checkout(client: TestClient, path: string, payload: object) {
  const response = await client.request({ method: 'POST', url: path, payload })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { checkout_url: string; session_id: string }
}

beforeAll(async () => {
  // The job workers run: a received webhook is applied by the queue's worker, as in production.
  t = await buildTestApp({ config: { runWorkers: true } })
  individual = await loginAs(t.app, 'USER')
})
afterAll(async () => {
  await t.close()
})

describe('individual subscription', () => {
  it('has no subscription at first', async () => {
    const response = await individual.request({ method: 'GET', url: '/api/billing/individual/billing/' })
    expect(response.statusCode).toBe(404)
  })

  it('refuses a declined card on the hosted checkout and changes nothing', async () => {
    const session = await checkout(individual, '/api/billing/individual/checkout/', {
      success_url: `${origin()}/billing/success`,
      cancel_url: `${origin()}/billing/cancel`,
    })
    const declined = await submitHostedForm(session.checkout_url, card('4000000000000002'))
    expect(declined.html).toContain('Your card was declined.')
    const verify = await individual.request({
      method: 'POST',
      url: '/api/billing/verify-checkout/',
      payload: { session_id: session.session_id },
    })
    expect(verify.json()).toMatchObject({ status: 'open', account: null })
  })

  it('subscribes through the hosted checkout with a trial; the webhooks make it true here', async () => {
    const session = await checkout(individual, '/api/billing/individual/checkout/', {
      success_url: `${origin()}/billing/success`,
      cancel_url: `${origin()}/billing/cancel`,
    })
    const paid = await submitHostedForm(session.checkout_url, card('4242424242424242'))
    expect(paid.location).toContain(`/billing/success?session_id=${session.session_id}`)
    await idle()
    const billing = (
      await individual.request({ method: 'GET', url: '/api/billing/individual/billing/' })
    ).json()
    expect(billing).toMatchObject({
      account_type: 'INDIVIDUAL',
      subscription_status: 'trialing',
      monthly_cost: 1999,
      seats_total: 1,
      trial_end_date: expect.any(String),
    })
    const verified = await individual.request({
      method: 'POST',
      url: '/api/billing/verify-checkout/',
      payload: { session_id: session.session_id },
    })
    expect(verified.json()).toMatchObject({
      status: 'complete',
      account: { subscription_status: 'trialing' },
    })
  })

  it('refuses redirects to another site', async () => {
    const response = await individual.request({
      method: 'POST',
      url: '/api/billing/individual/billing/',
      payload: { action: 'customer_portal', return_url: 'https://evil.example/' },
    })
    expect(response.statusCode).toBe(400)
    const portal = await individual.request({
      method: 'POST',
      url: '/api/billing/individual/billing/',
      payload: { action: 'customer_portal', return_url: `${origin()}/app/billing` },
    })
    expect(portal.json().redirect_url).toContain('/stripe-standin/portal/')
  })

  it('becomes active when the trial ends and records the paid invoice with its card', async () => {
    await stripeStandinHandle(t.app.ctx)?.advance(15 * 86_400)
    await idle()
    const billing = (
      await individual.request({ method: 'GET', url: '/api/billing/individual/billing/' })
    ).json()
    expect(billing.subscription_status).toBe('active')
    expect(billing.payment_history[0]).toMatchObject({
      amount: 1999,
      status: 'succeeded',
      payment_method: 'Visa •••• 4242',
    })
  })

  it('cancels at the period end with the spec’s words', async () => {
    const response = await individual.request({
      method: 'POST',
      url: '/api/billing/individual/billing/',
      payload: { action: 'cancel' },
    })
    expect(response.json().detail).toBe(
      'Subscription canceled. You can continue using the service until your billing period ends.',
    )
    const billing = (
      await individual.request({ method: 'GET', url: '/api/billing/individual/billing/' })
    ).json()
    expect(billing).toMatchObject({ subscription_status: 'active', cancel_at_period_end: true })
  })
})

describe('webhooks', () => {
  const signed = (body: string) => {
    const { stripe, webhookSecret } = stripeGateway(t.app.ctx)
    return stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret })
  }
  const post = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    })

  it('refuses a forged signature', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    })
    const response = await post(body, 't=1,v1=deadbeef')
    expect(response.statusCode).toBe(400)
  })

  it('processes an event once, and a stale one claiming cancellation cannot cancel', async () => {
    const [account] = await t.app.ctx.db.select().from(billingAccounts)
    const body = JSON.stringify({
      id: 'evt_stale_claim',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1_000,
      api_version: '2026-10-28.endive',
      data: {
        object: {
          id: account?.stripeSubscriptionId,
          object: 'subscription',
          customer: account?.stripeCustomerId,
          status: 'canceled',
        },
      },
    })
    const first = await post(body, signed(body))
    expect(first.json()).toMatchObject({ received: true })
    const again = await post(body, signed(body))
    expect(again.json()).toMatchObject({ received: true, duplicate: true })
    await idle()
    const [applied] = await t.app.ctx.db
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, 'evt_stale_claim'))
    expect(applied?.processedAt).toBeInstanceOf(Date)
    const [after] = await t.app.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.id, account?.id ?? ''))
    expect(after?.subscriptionStatus).not.toBe('canceled')
  })
})

describe('team seats', () => {
  let admin: TestClient

  it('subscribes a team with a seat for each of its two members and one free, refusing fewer', async () => {
    admin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const signup = {
      team_name: 'Okafor Clinic Team',
      success_url: `${origin()}/billing/success`,
      cancel_url: `${origin()}/billing/cancel`,
    }
    // The practice's admin and its physician each hold a seat from the start.
    const tooFew = await admin.request({
      method: 'POST',
      url: '/api/billing/team/signup/',
      payload: { ...signup, seats: 1 },
    })
    expect(tooFew.statusCode).toBe(400)
    expect(tooFew.json()).toEqual({
      seats: ['Your team already has 2 members and invitations: choose at least 2 seats'],
    })
    const session = await checkout(admin, '/api/billing/team/signup/', { ...signup, seats: 3 })
    await submitHostedForm(session.checkout_url, card('4242424242424242'))
    await idle()
    const billing = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(billing).toMatchObject({
      account_type: 'TEAM_ADMIN',
      seats_total: 3,
      seats_active: 2,
      monthly_cost: 5997,
    })
    const seated = billing.team_members.map((member: { user: { email: string } }) => member.user.email)
    expect(seated.sort()).toEqual(
      [demoUser('PHYSICIAN_ADMIN').email, demoUser('PHYSICIAN_USER').email].sort(),
    )
  })

  it('refuses a member role the organisation cannot hold, before any seat is charged', async () => {
    const before = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    const refused = await admin.request({
      method: 'POST',
      url: '/api/billing/team/invitations/create/',
      payload: { email: 'wrong.role@example.org', role: 'AGENT_USER' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ role: ['This role does not fit your organization'] })
    const after = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(after.seats_total).toBe(before.seats_total)
  })

  it('invites onto the free seat without a charge, then charges a prorated seat before the next invitation', async () => {
    const free = await admin.request({
      method: 'POST',
      url: '/api/billing/team/invitations/create/',
      payload: { email: 'seat.one@example.org', role: 'PHYSICIAN_USER' },
    })
    expect(free.statusCode, free.body).toBe(200)
    const charged = await admin.request({
      method: 'POST',
      url: '/api/billing/team/invitations/create/',
      payload: { email: 'seat.two@example.org', role: 'PHYSICIAN_USER' },
    })
    expect(charged.statusCode, charged.body).toBe(200)
    const billing = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(billing.seats_total).toBe(4)
    expect(billing.pending_invitations).toHaveLength(2)
  })

  it('lets the invitee join on the seat through the emailed link', async () => {
    const messages = await listRecentMessages(t.app.ctx, 50)
    const invite = messages.find((message) => message.to === 'seat.one@example.org')
    const token = decodeURIComponent(/\/billing\/invite\?token=(\S+)/.exec(invite?.text ?? '')?.[1] ?? '')
    expect(token).not.toBe('')
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/billing/team/invitations/verify/${token}/`,
    })
    expect(verify.json()).toMatchObject({ email: 'seat.one@example.org', team_name: 'Okafor Clinic Team' })
    const accepted = await createClient(t.app).request({
      method: 'POST',
      url: '/api/billing/team/invitations/accept/',
      payload: {
        token,
        user: {
          first_name: 'Sam',
          last_name: 'Seat',
          password: 'Seat-Password-1',
          password_confirm: 'Seat-Password-1',
        },
      },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    const again = await t.app.inject({ method: 'GET', url: `/api/billing/team/invitations/verify/${token}/` })
    expect(again.statusCode).toBe(404)
    const billing = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(billing.seats_active).toBe(3)
  })

  it('charges the seat an invitation from the Team page holds when none is free; who joins holds it', async () => {
    const before = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(before.seats_active + before.pending_invitations.length).toBe(before.seats_total)
    const email = 'team.page@example.org'
    const sent = await admin.request({
      method: 'POST',
      url: '/api/users/invitations/send/',
      payload: { email, role: 'CLINICIAN' },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const invited = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(invited.seats_total).toBe(before.seats_total + 1)
    expect(invited.pending_invitations.map((row: { email: string }) => row.email)).toContain(email)
    const message = (await listRecentMessages(t.app.ctx, 50)).find((candidate) => candidate.to === email)
    const token = /\/app\/accept-invitation\/([\w-]+)/.exec(message?.text ?? '')?.[1] ?? ''
    const accepted = await createClient(t.app).request({
      method: 'POST',
      url: `/api/users/invitations/accept/${token}/`,
      payload: {
        first_name: 'Tess',
        last_name: 'Team',
        password: 'Team-Page-Pass-1',
        password_confirm: 'Team-Page-Pass-1',
      },
    })
    expect(accepted.statusCode, accepted.body).toBe(201)
    const joined = (await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })).json()
    expect(joined.seats_active).toBe(before.seats_active + 1)
    expect(joined.seats_total).toBe(invited.seats_total)
    expect(
      joined.team_members.find((member: { user: { email: string } }) => member.user.email === email),
    ).toMatchObject({ is_active: true, user: { first_name: 'Tess', role: 'CLINICIAN' } })
  })

  it('removes a member: their seat is freed and they can no longer sign in', async () => {
    const [member] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'seat.one@example.org'))
    const removed = await admin.request({
      method: 'POST',
      url: '/api/billing/team/billing/seats/remove/',
      payload: { user_id: member?.id },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    const [after] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, member?.id ?? ''))
    expect(after?.isActive).toBe(false)
  })

  it('lets only the team admin manage: a team member can read but not cancel', async () => {
    const member = await loginAs(t.app, 'PHYSICIAN_USER')
    const read = await member.request({ method: 'GET', url: '/api/billing/team/billing/' })
    expect(read.json()).toMatchObject({ account_type: 'TEAM_USER', team_members: [] })
    const cancel = await member.request({
      method: 'POST',
      url: '/api/billing/team/billing/',
      payload: { action: 'cancel' },
    })
    expect(cancel.statusCode).toBe(403)
    const checkoutTry = await member.request({
      method: 'POST',
      url: '/api/billing/individual/checkout/',
      payload: { success_url: `${origin()}/x`, cancel_url: `${origin()}/y` },
    })
    expect(checkoutTry.statusCode).toBe(403)
  })

  it('answers a seat invitation alike whether or not the address has an account elsewhere', async () => {
    const create = (email: string) =>
      admin.request({
        method: 'POST',
        url: '/api/billing/team/invitations/create/',
        payload: { email, role: 'PHYSICIAN_USER' },
      })
    const strip = (body: { detail: string; invitation: Record<string, unknown> }, email: string) => ({
      detail: body.detail.replace(email, '<email>'),
      invitation: { ...body.invitation, id: '', email: '', created_at: '', expires_at: '' },
    })
    const elsewhere = demoUser('ACO_USER').email
    const answers = []
    for (const email of [elsewhere, 'seat.nobody@example.org']) {
      const response = await create(email)
      expect(response.statusCode, response.body).toBe(200)
      answers.push(strip(response.json(), email))
    }
    expect(answers[0]).toEqual(answers[1])
    const notice = (await listRecentMessages(t.app.ctx, 50)).find((message) => message.to === elsewhere)
    expect(notice?.text).toContain('This address already has a BlueConsent account')
    expect(notice?.text).not.toContain('/billing/invite?token=')
    // A member of the team's own organisation is the team's to know.
    const member = await create(demoUser('PHYSICIAN_USER').email)
    expect(member.statusCode).toBe(400)
    expect(member.json()).toEqual({ email: ['This person is already a member of your organization'] })
  })
})

describe('overdue payment', () => {
  it('keeps data readable but refuses new authorization requests, saying how to fix it', async () => {
    // Earlier tests' webhooks still being applied would write the subscription's status back over ours.
    await idle()
    const [user] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoUser('PHYSICIAN_ADMIN').email))
    await t.app.ctx.db
      .update(billingAccounts)
      .set({ subscriptionStatus: 'past_due' })
      .where(eq(billingAccounts.organizationId, user?.organizationId ?? ''))
    const admin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const refused = await admin.request({
      method: 'POST',
      url: '/api/healthplans/requests/',
      payload: {
        health_plan: 'medicare',
        patient_mrn: `OVERDUE-${Date.now()}`,
        contact_method: 'email',
        contact_value: 'overdue.patient@example.org',
        metadata: { patient_name: 'Overdue Case' },
      },
    })
    expect(refused.statusCode).toBe(402)
    expect(refused.json().detail).toContain('payment is overdue')
    expect((await admin.request({ method: 'GET', url: '/api/patients/' })).statusCode).toBe(200)
    expect(await t.app.ctx.db.select().from(billingPayments)).not.toHaveLength(0)
  })
})
