// The minute sweep with a controllable clock: expiry of links and grants, the reminder schedule (never
// after an answer, a cancel or STOP), per-organisation schedules and renewal notices.
import { formatMoment } from '@blueconsent/contract/durations'
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import type { OutboxMessage } from '@blueconsent/contract/dev-outbox'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUser, type DemoPersona } from '../demo-data/index.ts'
import {
  authorizationRequestEvents,
  authorizationRequests,
  organizationSettings,
} from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import { encrypt } from '../../platform/lib/crypto.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { remindersDue, runLifecycleSweep } from './lifecycle.ts'
import { transitionRequest } from './transitions.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
let t: TestApp
let t0: Date
const clients = new Map<DemoPersona, TestClient>()
let counter = 0

async function as(persona: DemoPersona): Promise<TestClient> {
  const existing = clients.get(persona)
  if (existing) return existing
  const client = await loginAs(t.app, persona)
  clients.set(persona, client)
  return client
}

async function create(
  persona: DemoPersona,
  contact: { email?: string; phone?: string } = {},
): Promise<AuthorizationRequest> {
  counter += 1
  const byPhone = contact.phone !== undefined
  const response = await (
    await as(persona)
  ).request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      ...(persona.startsWith('AGENT') ? {} : { patient_mrn: `LC-${Date.now()}-${counter}` }),
      contact_method: byPhone ? 'phone' : 'email',
      contact_value: byPhone ? contact.phone : (contact.email ?? `lifecycle${counter}@example.org`),
      metadata: { patient_name: 'Lee Park' },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const sweep = (offsetMs: number) => runLifecycleSweep(t.app.ctx, new Date(t0.getTime() + offsetMs))
const row = async (id: string) =>
  (await t.app.ctx.db.select().from(authorizationRequests).where(eq(authorizationRequests.id, id)))[0]
const eventNames = async (id: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(authorizationRequestEvents)
      .where(eq(authorizationRequestEvents.requestId, id))
      .orderBy(authorizationRequestEvents.id)
  ).map((e) => e.event)
const countEvent = async (id: string, name: string) => (await eventNames(id)).filter((e) => e === name).length
const outbox = async () =>
  (await t.app.inject({ url: '/api/dev/outbox/' })).json<{ results: OutboxMessage[] }>().results

async function authorize(requestId: string, expiresAt: Date): Promise<string> {
  const { keys } = t.app.ctx
  const [grant] = await t.app.ctx.db
    .insert(bluebuttonGrants)
    .values({
      clientId: 'blueconsent-provider',
      beneficiaryHash: `lc-${requestId}`,
      beneficiaryEncrypted: encrypt(keys, 'b'),
      accessTokenEncrypted: encrypt(keys, 'a'),
      refreshTokenEncrypted: encrypt(keys, 'r'),
    })
    .returning()
  if (!grant) throw new Error('no grant')
  await transitionRequest(t.app.ctx, t.app.ctx.db, {
    requestId,
    to: 'authorized',
    event: 'patient_authorized',
    actor: { kind: 'patient' },
    at: t0,
    patch: { grantId: grant.id, expiresAt, authorizedAt: t0, consentAnsweredAt: t0 },
  })
  return grant.id
}

beforeAll(async () => {
  t = await buildTestApp()
  t0 = new Date(t.clock.now.getTime())
})
afterAll(async () => {
  await t.close()
})

describe('reminder schedule', () => {
  it('counts the reminder times that have passed', () => {
    expect(remindersDue(t0, [48, 120], new Date(t0.getTime() + 47 * HOUR))).toBe(0)
    expect(remindersDue(t0, [48, 120], new Date(t0.getTime() + 48 * HOUR))).toBe(1)
    expect(remindersDue(t0, [48, 120], new Date(t0.getTime() + 200 * HOUR))).toBe(2)
  })

  it('reminds an unanswered email request after 48 hours and 5 days, once each, with a fresh link', async () => {
    const email = `remind-${Date.now()}@example.org`
    const request = await create('ACO_ADMIN', { email })
    const before = await row(request.request_id)
    await sweep(47 * HOUR)
    expect(await countEvent(request.request_id, 'reminder_sent')).toBe(0)
    await sweep(48 * HOUR)
    await sweep(49 * HOUR)
    expect(await countEvent(request.request_id, 'reminder_sent')).toBe(1)
    const afterFirst = await row(request.request_id)
    expect(afterFirst?.consentTokenHash).not.toBe(before?.consentTokenHash)
    expect(afterFirst?.expiresAt?.getTime()).toBe(before?.expiresAt?.getTime())
    await sweep(120 * HOUR)
    await sweep(121 * HOUR)
    expect(await countEvent(request.request_id, 'reminder_sent')).toBe(2)
    const mails = (await outbox()).filter((m) => m.to === email)
    const reminders = mails.filter((m) => m.subject?.startsWith('Reminder: '))
    expect(mails).toHaveLength(3)
    expect(reminders).toHaveLength(2)
    expect(reminders[0]?.links[0]).toMatch(/\/consent\//)
    // Each reminder states the link's original end, to the minute, as the first message did.
    const end = `The link works until ${formatMoment(before!.consentTokenExpiresAt!, 'en')}.`
    expect(mails.every((m) => m.body_text.includes(end))).toBe(true)
    expect(reminders[0]?.links[0]).not.toBe(reminders[1]?.links[0])
  })

  it('reminds a texted patient to reply YES', async () => {
    const request = await create('CLINICIAN', { phone: '(555) 600-0001' })
    await sweep(48 * HOUR)
    const texts = (await outbox()).filter((m) => m.to === '+15556000001')
    expect(texts).toHaveLength(2)
    const reminder = texts.find((m) => m.body_text.includes('Reminder: '))
    expect(reminder?.body_text).toContain('Reply YES')
    expect(await countEvent(request.request_id, 'reminder_sent')).toBe(1)
  })

  it('never reminds after a cancel, a STOP or an answer', async () => {
    const cancelled = await create('ACO_ADMIN')
    await (
      await as('ACO_ADMIN')
    ).request({ method: 'POST', url: `/api/healthplans/requests/${cancelled.request_id}/revoke/` })
    const stopped = await create('CLINICIAN', { phone: '(555) 600-0002' })
    const optIn = (await outbox()).find((m) => m.to === '+15556000002')
    await t.app.inject({
      method: 'POST',
      url: '/api/dev/sms-reply/',
      payload: { message_id: optIn?.id, body: 'STOP' },
      headers: { cookie: 'csrftoken=x', 'x-csrftoken': 'x' },
    })
    expect((await row(stopped.request_id))?.status).toBe('denied')
    const answered = await create('ACO_ADMIN')
    await authorize(answered.request_id, new Date(t0.getTime() + 300 * DAY))
    await sweep(48 * HOUR)
    await sweep(120 * HOUR)
    for (const request of [cancelled, stopped, answered])
      expect(await countEvent(request.request_id, 'reminder_sent')).toBe(0)
    expect((await outbox()).filter((m) => m.to === '+15556000002')).toHaveLength(1)
  })

  it('follows the organisation’s own schedule', async () => {
    const organizationId = demoUser('PHYSICIAN_USER').organization
    expect(organizationId).toBe('physicianGroup')
    const request = await create('PHYSICIAN_USER')
    const orgId = (await row(request.request_id))?.organizationId ?? ''
    await t.app.ctx.db.insert(organizationSettings).values({ organizationId: orgId, reminderHours: [2, 4] })
    await sweep(1 * HOUR)
    expect(await countEvent(request.request_id, 'reminder_sent')).toBe(0)
    await sweep(2 * HOUR)
    await sweep(4 * HOUR)
    expect(await countEvent(request.request_id, 'reminder_sent')).toBe(2)
  })
})

describe('expiry', () => {
  it('expires pending links after 7 days', async () => {
    const email = await create('ACO_ADMIN')
    const phone = await create('CLINICIAN', { phone: '(555) 600-0003' })
    await sweep(7 * DAY - 60_000)
    expect((await row(email.request_id))?.status).toBe('pending')
    await sweep(7 * DAY)
    for (const request of [email, phone]) {
      const expired = await row(request.request_id)
      expect(expired).toMatchObject({ status: 'expired', consentTokenHash: null })
    }
    const [event] = await t.app.ctx.db
      .select()
      .from(authorizationRequestEvents)
      .where(eq(authorizationRequestEvents.requestId, email.request_id))
      .orderBy(authorizationRequestEvents.id)
    expect(event).toBeDefined()
    expect(await eventNames(email.request_id)).toContain('expired')
  })

  it('expires an authorization at the grant’s end and destroys its tokens', async () => {
    const request = await create('ACO_ADMIN')
    const grantId = await authorize(request.request_id, new Date(t0.getTime() + 10 * HOUR))
    await sweep(10 * HOUR - 1)
    expect((await row(request.request_id))?.status).toBe('authorized')
    await sweep(10 * HOUR)
    expect((await row(request.request_id))?.status).toBe('expired')
    const [grant] = await t.app.ctx.db.select().from(bluebuttonGrants).where(eq(bluebuttonGrants.id, grantId))
    expect(grant?.accessTokenEncrypted).toBeNull()
  })
})

describe('renewal notices', () => {
  it('tells the requester once, 30 days before a provider authorization ends', async () => {
    const request = await create('ACO_USER')
    await authorize(request.request_id, new Date(t0.getTime() + 45 * DAY))
    await sweep(14 * DAY)
    expect(await countEvent(request.request_id, 'renewal_notice_sent')).toBe(0)
    await sweep(15 * DAY)
    await sweep(16 * DAY)
    expect(await countEvent(request.request_id, 'renewal_notice_sent')).toBe(1)
    const notice = (await outbox()).find(
      (m) => m.subject === 'An authorization expires in 30 days' && m.body_text.includes(request.request_id),
    )
    expect(notice?.to).toBe(demoUser('ACO_USER').email)
    expect(notice?.body_text).not.toContain('Lee Park')
    expect(notice?.links).toContain(
      `http://localhost:8000/app/authorization/new?tab=requests&request=${request.request_id}`,
    )
  })

  it('sends none for agents or already renewed requests', async () => {
    const agent = await create('AGENT_USER')
    await authorize(agent.request_id, new Date(t0.getTime() + 5 * HOUR))
    const renewed = await create('ACO_ADMIN')
    await authorize(renewed.request_id, new Date(t0.getTime() + 20 * DAY))
    const renewal = await (
      await as('ACO_ADMIN')
    ).request({ method: 'POST', url: `/api/healthplans/requests/${renewed.request_id}/renew/` })
    expect(renewal.statusCode).toBe(201)
    await sweep(HOUR)
    expect(await countEvent(agent.request_id, 'renewal_notice_sent')).toBe(0)
    expect(await countEvent(renewed.request_id, 'renewal_notice_sent')).toBe(0)
  })
})
