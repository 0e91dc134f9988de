// Deactivating an organisation ends its access at once and holds what it sends; reactivating it lets its
// members sign in again and sends on what was held. A role change carries its TIN scope with it, and the
// platform's superuser may set any ACO member's TINs.
import { ORGANIZATION_SUSPENDED_MESSAGE } from '@blueconsent/contract/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { userTins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'
import { runLifecycleSweep } from '../../features/authorization-requests/index.ts'
import { hashPassword } from '../../platform/identity/index.ts'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../../features/demo-data/index.ts'
import { runIngestion } from '../../features/ingestion/index.ts'
import { deliverOutboxMessage, queueEmail } from '../../platform/outbox/index.ts'
import { createPendingRequest, type PendingRequest } from '../../testing/consent-testing.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { acoTins, insertPatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let platform: TestClient
let physicianOrgId: string
let acoOrgId: string

// Past the first reminder (48 hours after the request by default).
const HOUR = 60 * 60 * 1000

async function userRow(persona: DemoPersona) {
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row) throw new Error(`no ${persona}`)
  return row
}

async function lastAudit(action: string, targetId: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row
}

const setActive = (client: TestClient, id: string, active: boolean, reason?: string) =>
  client.request({
    method: 'PATCH',
    url: `/api/admin/organizations/${id}/`,
    payload: { is_active: active, ...(reason ? { reason } : {}) },
  })

async function jobsFor(queue: string, key: string, value: string): Promise<number> {
  const result = (await t.app.ctx.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and data->>${key} = ${value}`,
  )) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]?.n ?? 0)
}

beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimitPerMinute: 1_000_000 } })
  platform = await loginAs(t.app, 'ADMIN')
  physicianOrgId = (await userRow('PHYSICIAN_USER')).organizationId ?? ''
  acoOrgId = (await userRow('ACO_ADMIN')).organizationId ?? ''
})
afterAll(() => t?.close())

describe('organisation deactivation', () => {
  let before: TestClient
  let pending: PendingRequest
  let messageId: string
  let runId: string

  beforeAll(async () => {
    before = await loginAs(t.app, 'PHYSICIAN_USER')
    pending = await createPendingRequest(t, { persona: 'PHYSICIAN_USER', patientName: 'Held Patient' })
    // As the create endpoint leaves it: the request ends with its link, so the reminder sweep considers it.
    await t.app.ctx.db
      .update(authorizationRequests)
      .set({ expiresAt: new Date(t.clock.now.getTime() + 7 * 24 * HOUR) })
      .where(eq(authorizationRequests.id, pending.requestId))
    messageId = await t.app.ctx.db.transaction((tx) =>
      queueEmail(t.app.ctx, tx, {
        template: 'consent_request',
        to: 'patient@example.test',
        subject: 'A request',
        text: 'Please answer',
        organizationId: physicianOrgId,
      }),
    )
    const authorized = await insertPatient(t, {
      requester: 'PHYSICIAN_USER',
      name: 'Pulled Patient',
      tin: null,
    })
    const [run] = await t.app.ctx.db
      .insert(ingestionRuns)
      .values({ requestId: authorized.requestId, patientId: authorized.id, status: 'queued' })
      .returning()
    runId = run?.id ?? ''
  })

  it('refuses an organisation admin who is not the platform’s, and changes nothing', async () => {
    const acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
    expect((await setActive(acoAdmin, physicianOrgId, false)).statusCode).toBe(404)
    expect((await setActive(acoAdmin, acoOrgId, false)).statusCode).toBe(403)
    expect((await before.request({ method: 'GET', url: '/api/patients/' })).statusCode).toBe(200)
  })

  it('ends every session of its members on their next request and refuses sign-in with the reason', async () => {
    const response = await setActive(platform, physicianOrgId, false, 'Contract ended')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ is_active: false })

    for (const url of ['/api/patients/', '/api/jwt/verify/', '/api/healthplans/requests/'])
      expect((await before.request({ method: 'GET', url })).statusCode).toBe(401)
    const refresh = await before.request({ method: 'POST', url: '/api/jwt/refresh/', payload: {} })
    expect(refresh.statusCode).toBe(401)

    for (const persona of ['PHYSICIAN_USER', 'PHYSICIAN_ADMIN'] as const) {
      const signIn = await createClient(t.app).login(demoUser(persona).email, DEMO_PASSWORD)
      expect(signIn.statusCode).toBe(403)
      expect(signIn.json()).toMatchObject({
        code: 'permission_denied',
        detail: ORGANIZATION_SUSPENDED_MESSAGE,
      })
    }
    // A wrong password learns nothing about the organisation.
    const wrong = await createClient(t.app).login(demoUser('PHYSICIAN_ADMIN').email, 'not-the-password')
    expect(wrong.statusCode).toBe(401)
    // Other organisations are untouched.
    expect((await loginAs(t.app, 'CLINICIAN')).access).toBeTruthy()

    const audit = await lastAudit('admin.organization_deactivate', physicianOrgId)
    expect(audit?.actorUserId).toBe((await userRow('ADMIN')).id)
    expect(audit?.details).toMatchObject({ reason: 'Contract ended' })
  })

  it('answers the patient’s link with a neutral state that names nobody, and takes no answer', async () => {
    const page = await createClient(t.app).request({ method: 'GET', url: `/api/consent/${pending.token}/` })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({
      state: 'unavailable',
      status: null,
      organization_name: null,
      requester_name: null,
      data_types: [],
    })
    const decline = await createClient(t.app).request({
      method: 'POST',
      url: `/api/consent/${pending.token}/decline/`,
      payload: {},
    })
    expect(decline.statusCode).toBe(409)
    const [request] = await t.app.ctx.db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, pending.requestId))
    expect(request?.status).toBe('pending')
  })

  it('holds its messages, pulls and reminders instead of sending them', async () => {
    await deliverOutboxMessage(t.app.ctx, messageId)
    const [message] = await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId))
    expect(message?.status).toBe('held')
    expect(message?.sentAt).toBeNull()

    expect(await runIngestion(t.app.ctx, runId)).toBe('held')
    const [run] = await t.app.ctx.db.select().from(ingestionRuns).where(eq(ingestionRuns.id, runId))
    expect(run?.status).toBe('queued')

    await runLifecycleSweep(t.app.ctx, new Date(t.clock.now.getTime() + 50 * HOUR))
    const [request] = await t.app.ctx.db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, pending.requestId))
    expect(request?.remindersSent).toBe(0)
  })

  it('on reactivation lets members sign in again and sends on what was held, audited with the reason', async () => {
    const response = await setActive(platform, physicianOrgId, true, 'Contract renewed')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ is_active: true })

    const again = await loginAs(t.app, 'PHYSICIAN_USER')
    expect((await again.request({ method: 'GET', url: '/api/patients/' })).statusCode).toBe(200)
    // The session ended by deactivation stays ended.
    expect((await before.request({ method: 'GET', url: '/api/patients/' })).statusCode).toBe(401)

    const [message] = await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId))
    expect(message?.status).toBe('queued')
    expect(await jobsFor('outbox.deliver', 'id', messageId)).toBe(2)
    expect(await jobsFor('ingest-request', 'runId', runId)).toBe(1)
    const [run] = await t.app.ctx.db.select().from(ingestionRuns).where(eq(ingestionRuns.id, runId))
    expect(run?.error).toBeNull()

    const page = await createClient(t.app).request({ method: 'GET', url: `/api/consent/${pending.token}/` })
    expect(page.json()).toMatchObject({ state: 'open', organization_name: expect.any(String) })

    await runLifecycleSweep(t.app.ctx, new Date(t.clock.now.getTime() + 50 * HOUR))
    const [request] = await t.app.ctx.db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, pending.requestId))
    expect(request?.remindersSent).toBe(1)

    const audit = await lastAudit('admin.organization_reactivate', physicianOrgId)
    expect(audit?.details).toMatchObject({
      reason: 'Contract renewed',
      messages_released: 1,
      pulls_resumed: 1,
    })
  })
})

describe('role changes and TIN scope', () => {
  const PASSWORD = 'Lifecycle-Test-Passw0rd!'

  async function acoMember(label: string, role: 'ACO_ADMIN' | 'ACO_USER', allTins: boolean) {
    const [row] = await t.app.ctx.db
      .insert(users)
      .values({
        email: `role-${label}@example.test`,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Role',
        lastName: label,
        role,
        allTins,
        organizationId: acoOrgId,
        emailVerifiedAt: new Date(),
      })
      .returning()
    if (!row) throw new Error('insert failed')
    const client = createClient(t.app)
    expect((await client.login(row.email, PASSWORD)).statusCode).toBe(200)
    return { row, client }
  }

  const patientCount = async (client: TestClient) =>
    (await client.request({ method: 'GET', url: '/api/patients/?page_size=100' })).json().count as number

  it('takes every TIN from a demoted admin on their next request and gives it back when raised', async () => {
    const [firstTin] = await acoTins(t, acoOrgId)
    await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Tin Scoped', tin: 'second' })
    const { row, client } = await acoMember('demoted', 'ACO_ADMIN', true)
    const asAdmin = await patientCount(client)
    expect(asAdmin).toBeGreaterThan(0)

    const demote = await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${row.id}/role/`,
      payload: { role: 'ACO_USER' },
    })
    expect(demote.statusCode).toBe(200)
    expect(demote.json()).toMatchObject({ role: 'ACO_USER', all_tins: false, tins: [] })
    // The token issued before the change: scope and permissions follow at once.
    expect(await patientCount(client)).toBeLessThan(asAdmin)
    expect((await client.request({ method: 'GET', url: '/api/admin/users/' })).statusCode).toBe(403)
    const audit = await lastAudit('admin.user_role_change', row.id)
    expect(audit?.details).toMatchObject({
      role_before: 'ACO_ADMIN',
      role_after: 'ACO_USER',
      all_tins_before: true,
      all_tins_after: false,
    })

    // The platform admin gives the demoted member a TIN on the members route.
    const members = `/api/organizations/${acoOrgId}/members/${row.id}/`
    const given = await platform.request({ method: 'PATCH', url: members, payload: { tin_ids: [firstTin] } })
    expect(given.statusCode).toBe(200)
    expect(given.json().tins.map((tin: { id: string }) => tin.id)).toEqual([firstTin])

    const raise = await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${row.id}/role/`,
      payload: { role: 'ACO_ADMIN' },
    })
    expect(raise.json()).toMatchObject({ role: 'ACO_ADMIN', all_tins: true })
    expect(await patientCount(client)).toBe(asAdmin)
  })

  it('keeps a scoped member’s TINs when the role stays scoped', async () => {
    const [firstTin] = await acoTins(t, acoOrgId)
    const { row } = await acoMember('kept', 'ACO_USER', false)
    await t.app.ctx.db
      .insert(userTins)
      .values({ userId: row.id, tinId: firstTin ?? '', createdAt: new Date() })
    const same = await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${row.id}/role/`,
      payload: { role: 'ACO_USER' },
    })
    expect(same.json()).toMatchObject({ all_tins: false })
    expect(same.json().tins).toHaveLength(1)
  })

  it('lets the superuser set any ACO member’s TINs; another organisation’s admin gets 404', async () => {
    const { row } = await acoMember('scoped', 'ACO_USER', false)
    const url = `/api/organizations/${acoOrgId}/members/${row.id}/`
    const [, secondTin] = await acoTins(t, acoOrgId)
    const set = await platform.request({ method: 'PATCH', url, payload: { tin_ids: [secondTin] } })
    expect(set.statusCode).toBe(200)
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    expect(
      (await physicianAdmin.request({ method: 'PATCH', url, payload: { tin_ids: [secondTin] } })).statusCode,
    ).toBe(403)
    // The superuser still names a real ACO: a practice or an unknown id is not found.
    const elsewhere = `/api/organizations/${physicianOrgId}/members/${row.id}/`
    expect(
      (await platform.request({ method: 'PATCH', url: elsewhere, payload: { tin_ids: [secondTin] } }))
        .statusCode,
    ).toBe(404)
    const audit = await lastAudit('member.update', row.id)
    expect(audit?.details).toMatchObject({ tins_after: [secondTin] })
  })
})
