// The patient's renewal reminders before a 13-month Medicare grant ends: 30 and 7 days before, each exactly
// once however often the sweep runs, in the patient's language, never for an ended request, an agent's
// one-time grant or a deactivated organisation; integrators receive grant.expiring at each mark.
import type { OutboxMessage } from '@blueconsent/contract/dev-outbox'
import { formatMoment } from '@blueconsent/contract/durations'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequestEvents } from '../../platform/db/schema/authorization-requests.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { webhookDeliveries } from '../../platform/db/schema/webhooks.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import { createPendingRequest, requestRow } from '../../testing/consent-testing.ts'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { runLifecycleSweep } from './lifecycle.ts'
import { transitionRequest } from './transitions.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
let t: TestApp
let t0: Date

beforeAll(async () => {
  t = await buildTestApp()
  t0 = new Date(t.clock.now.getTime())
})
afterAll(async () => {
  await t.close()
})

const at = (ms: number) => new Date(t0.getTime() + ms)
const sweep = (ms: number) => runLifecycleSweep(t.app.ctx, at(ms))
const outbox = async () =>
  (await t.app.inject({ url: '/api/dev/outbox/' })).json<{ results: OutboxMessage[] }>().results

/** A provider request the patient approved, whose Medicare grant (and access) ends at `endsAt`. */
async function approved(
  input: { persona?: 'ACO_ADMIN' | 'PHYSICIAN_ADMIN' | 'AGENT_USER'; language?: 'en' | 'es' },
  endsAt: Date,
): Promise<{ requestId: string; contact: string }> {
  const pending = await createPendingRequest(t, {
    persona: input.persona ?? 'ACO_ADMIN',
    patientName: 'Rosa Grant',
    language: input.language ?? 'en',
  })
  await transitionRequest(t.app.ctx, t.app.ctx.db, {
    requestId: pending.requestId,
    to: 'authorized',
    event: 'patient_authorized',
    actor: { kind: 'patient' },
    at: t0,
    patch: { expiresAt: endsAt, medicareAccessEndsAt: endsAt, authorizedAt: t0, consentAnsweredAt: t0 },
  })
  const row = await requestRow(t, pending.requestId)
  return { requestId: pending.requestId, contact: decrypt(t.app.ctx.keys, row.contactEncrypted) }
}

const remindersTo = async (contact: string) =>
  (await outbox()).filter((m) => m.to === contact && /^(Reminder|Recordatorio):/.test(m.subject ?? ''))
const reminderEvents = async (requestId: string) =>
  t.app.ctx.db
    .select()
    .from(authorizationRequestEvents)
    .where(
      and(
        eq(authorizationRequestEvents.requestId, requestId),
        eq(authorizationRequestEvents.event, 'grant_end_reminder_due'),
      ),
    )

describe('renewal reminders before a Medicare grant ends', () => {
  it('reminds the patient 30 and 7 days before, each once, and tells integrators', async () => {
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const endpoint = await admin.request({
      method: 'POST',
      url: '/api/integrations/webhooks/',
      payload: { url: 'https://hooks.example.org/blueconsent', events: ['grant.expiring'] },
    })
    expect(endpoint.statusCode, endpoint.body).toBe(201)
    const endsAt = at(60 * DAY)
    const { requestId, contact } = await approved({}, endsAt)

    await sweep(30 * DAY - 1)
    expect(await remindersTo(contact)).toHaveLength(0)
    await sweep(30 * DAY)
    await sweep(30 * DAY)
    await sweep(31 * DAY)
    const first = await remindersTo(contact)
    expect(first).toHaveLength(1)
    expect(first[0]?.subject).toBe('Reminder: sharing your Medicare data ends soon')
    expect(first[0]?.body_text).toContain(`in 30 days, on ${formatMoment(endsAt, 'en')}`)
    expect(first[0]?.body_text).toMatch(/\/access\//)

    await sweep(53 * DAY - 1)
    expect(await remindersTo(contact)).toHaveLength(1)
    await sweep(53 * DAY)
    await sweep(54 * DAY)
    const both = await remindersTo(contact)
    expect(both).toHaveLength(2)
    expect(both.some((m) => m.body_text.includes(`in 7 days, on ${formatMoment(endsAt, 'en')}`))).toBe(true)
    expect((await reminderEvents(requestId)).map((e) => e.details)).toEqual([
      { days_before: 30 },
      { days_before: 7 },
    ])
    expect((await requestRow(t, requestId)).grantEndRemindersSent).toBe(2)

    const deliveries = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'grant.expiring'))
    const ours = deliveries
      .map((d) => JSON.parse(d.body) as { data: Record<string, unknown> })
      .filter((body) => body.data.request_id === requestId)
    // Access ends with the grant here, so the 30-day mark falls with the staff renewal notice: one delivery
    // for it (the portal's end), then the 7-day mark's with the grant's end.
    expect(ours.map((body) => body.data.access_ends_at)).toEqual([endsAt.toISOString(), endsAt.toISOString()])
    const grantMarks = ours.filter((body) => 'medicare_access_ends_at' in body.data)
    expect(grantMarks).toHaveLength(1)
    expect(grantMarks[0]?.data.medicare_access_ends_at).toBe(endsAt.toISOString())
  })

  it('writes to a Spanish-speaking patient in Spanish', async () => {
    const endsAt = at(40 * DAY)
    const { contact } = await approved({ language: 'es' }, endsAt)
    await sweep(10 * DAY)
    const [mail] = await remindersTo(contact)
    expect(mail?.subject).toBe('Recordatorio: pronto se deja de compartir sus datos de Medicare')
    expect(mail?.body_text).toContain(`en 30 días, el ${formatMoment(endsAt, 'es')}`)
    expect(mail?.body_text).not.toContain('Medicare stops')
    expect(await remindersTo(contact)).toHaveLength(1)
  })

  it('sends only the nearer reminder when the sweep was down past both marks', async () => {
    const endsAt = at(35 * DAY)
    const { requestId, contact } = await approved({}, endsAt)
    await sweep(29 * DAY)
    const mails = await remindersTo(contact)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.body_text).toContain('in 6 days')
    expect((await reminderEvents(requestId)).map((e) => e.details)).toEqual([{ days_before: 7 }])
  })

  it('reminds nobody for a revoked or ended request, or an agent’s one-time grant', async () => {
    const endsAt = at(20 * DAY)
    const revoked = await approved({}, endsAt)
    await transitionRequest(t.app.ctx, t.app.ctx.db, {
      requestId: revoked.requestId,
      to: 'revoked',
      event: 'revoked',
      actor: { kind: 'system' },
      at: t0,
    })
    const ended = await approved({}, endsAt)
    await transitionRequest(t.app.ctx, t.app.ctx.db, {
      requestId: ended.requestId,
      to: 'expired',
      event: 'expired',
      actor: { kind: 'system' },
      at: t0,
    })
    const agent = await approved({ persona: 'AGENT_USER' }, at(5 * DAY))
    await sweep(15 * DAY)
    for (const { requestId, contact } of [revoked, ended, agent]) {
      expect(await remindersTo(contact)).toHaveLength(0)
      expect(await reminderEvents(requestId)).toHaveLength(0)
    }
  })

  it('waits while the organisation is deactivated, and reminds once it is active again', async () => {
    const endsAt = at(25 * DAY)
    const { requestId, contact } = await approved({ persona: 'PHYSICIAN_ADMIN' }, endsAt)
    const { organizationId } = await requestRow(t, requestId)
    await t.app.ctx.db
      .update(organizations)
      .set({ isActive: false })
      .where(eq(organizations.id, organizationId))
    await sweep(DAY)
    expect(await remindersTo(contact)).toHaveLength(0)
    expect((await requestRow(t, requestId)).grantEndRemindersSent).toBe(0)
    await t.app.ctx.db
      .update(organizations)
      .set({ isActive: true })
      .where(eq(organizations.id, organizationId))
    await sweep(2 * DAY)
    expect(await remindersTo(contact)).toHaveLength(1)
  })
})
