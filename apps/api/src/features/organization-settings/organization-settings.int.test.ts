// The admin settings: the guard and scope, the contract's refusals, the audit row with before and after, and
// that each setting takes effect where the server reads it (the reminder sweep, request creation, sign-in's
// two-factor requirement).
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import {
  authorizationRequestEvents,
  organizationSettings,
} from '../../platform/db/schema/authorization-requests.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'
import { runLifecycleSweep } from '../authorization-requests/index.ts'
import { demoUser } from '../demo-data/index.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

const HOUR = 60 * 60 * 1000
let t: TestApp
let platform: TestClient
let orgAdmin: TestClient
let acoOrgId: string
let physicianOrgId: string

const url = (id: string) => `/api/admin/organization-settings/${id}/`
const settings = {
  reminder_hours: [3, 6],
  renewal_notice_days: 14,
  require_two_factor: false,
  default_duration_days: 30,
}

async function organizationOf(email: string): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email))
  if (!row?.organizationId) throw new Error(`no organisation for ${email}`)
  return row.organizationId
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

let counter = 0
async function createRequest(body: Record<string, unknown> = {}) {
  counter += 1
  const response = await orgAdmin.request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      patient_mrn: `SET-${Date.now()}-${counter}`,
      contact_method: 'email',
      contact_value: `settings${counter}@example.org`,
      metadata: { patient_name: 'Lee Park' },
      ...body,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ request_id: string }>().request_id
}

async function createdEventDetails(requestId: string) {
  const [event] = await t.app.ctx.db
    .select()
    .from(authorizationRequestEvents)
    .where(
      and(
        eq(authorizationRequestEvents.requestId, requestId),
        eq(authorizationRequestEvents.event, 'created'),
      ),
    )
  return event?.details
}

async function remindersOf(requestId: string): Promise<number> {
  const rows = await t.app.ctx.db
    .select()
    .from(authorizationRequestEvents)
    .where(
      and(
        eq(authorizationRequestEvents.requestId, requestId),
        eq(authorizationRequestEvents.event, 'reminder_sent'),
      ),
    )
  return rows.length
}

beforeAll(async () => {
  t = await buildTestApp()
  platform = await loginAs(t.app, 'ADMIN')
  orgAdmin = await loginAs(t.app, 'ACO_ADMIN')
  acoOrgId = await organizationOf(demoUser('ACO_ADMIN').email)
  physicianOrgId = await organizationOf(demoUser('PHYSICIAN_USER').email)
})
afterAll(async () => {
  await t.close()
})

describe('settings guard and scope', () => {
  it('shows the platform defaults to an organisation admin for their own organisation', async () => {
    const response = await orgAdmin.request({ method: 'GET', url: url(acoOrgId) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      organization_id: acoOrgId,
      reminder_hours: [48, 120],
      reminder_schedule_customized: false,
      renewal_notice_days: 30,
      require_two_factor: false,
      default_duration_days: null,
    })
  })

  it('answers 404 for another organisation to an organisation admin, 403 to a plain member, 401 to strangers', async () => {
    expect((await orgAdmin.request({ method: 'GET', url: url(physicianOrgId) })).statusCode).toBe(404)
    expect(
      (await orgAdmin.request({ method: 'PUT', url: url(physicianOrgId), payload: settings })).statusCode,
    ).toBe(404)
    expect((await platform.request({ method: 'GET', url: url(physicianOrgId) })).statusCode).toBe(200)
    expect((await platform.request({ method: 'GET', url: url('not-an-id') })).statusCode).toBe(404)
    const member = await loginAs(t.app, 'ACO_USER')
    expect((await member.request({ method: 'GET', url: url(acoOrgId) })).statusCode).toBe(403)
    expect((await member.request({ method: 'PUT', url: url(acoOrgId), payload: settings })).statusCode).toBe(
      403,
    )
    expect((await createClient(t.app).request({ method: 'GET', url: url(acoOrgId) })).statusCode).toBe(401)
  })

  it('refuses values outside the contract’s limits and changes nothing', async () => {
    const bad = [
      { reminder_hours: [0] },
      { reminder_hours: [168] },
      { reminder_hours: [72, 24] },
      { reminder_hours: ['soon'] },
      { renewal_notice_days: 0 },
      { renewal_notice_days: 91 },
      { default_duration_days: 394 },
      { require_two_factor: 'yes' },
    ]
    for (const change of bad) {
      const response = await orgAdmin.request({
        method: 'PUT',
        url: url(acoOrgId),
        payload: { ...settings, ...change },
      })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
    }
    const rows = await t.app.ctx.db
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, acoOrgId))
    expect(rows).toEqual([])
  })
})

describe('settings take effect', () => {
  it('saves, audits before and after, and the reminder sweep follows the new cadence', async () => {
    const saved = await orgAdmin.request({ method: 'PUT', url: url(acoOrgId), payload: settings })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ ...settings, reminder_schedule_customized: true })
    expect((await orgAdmin.request({ method: 'GET', url: url(acoOrgId) })).json()).toMatchObject(settings)
    const audit = await lastAudit('admin.settings_updated', acoOrgId)
    expect(audit?.details).toEqual({
      reminder_hours_before: '48,120',
      reminder_hours_after: '3,6',
      renewal_notice_days_before: 30,
      renewal_notice_days_after: 14,
      default_duration_days_before: null,
      default_duration_days_after: 30,
    })
    // One store: the schedule row the sweep reads, and nothing of it in organizations.settings.
    const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, acoOrgId))
    expect(org?.settings).toEqual({ default_duration_days: 30 })

    const requestId = await createRequest()
    const t0 = t.clock.now.getTime()
    await runLifecycleSweep(t.app.ctx, new Date(t0 + 2 * HOUR))
    expect(await remindersOf(requestId)).toBe(0)
    await runLifecycleSweep(t.app.ctx, new Date(t0 + 3 * HOUR))
    expect(await remindersOf(requestId)).toBe(1)
    await runLifecycleSweep(t.app.ctx, new Date(t0 + 6 * HOUR))
    expect(await remindersOf(requestId)).toBe(2)
  })

  it('gives a request created without a duration the organisation’s default, and keeps one that says', async () => {
    expect(await createdEventDetails(await createRequest())).toMatchObject({ duration_days: 30 })
    expect(await createdEventDetails(await createRequest({ duration_days: 10 }))).toMatchObject({
      duration_days: 10,
    })
    await orgAdmin.request({
      method: 'PUT',
      url: url(acoOrgId),
      payload: { ...settings, default_duration_days: null },
    })
    expect(await createdEventDetails(await createRequest())).toMatchObject({ duration_days: null })
    const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, acoOrgId))
    expect(org?.settings).toEqual({})
  })

  it('lets the platform require two-factor for an organisation it picks', async () => {
    const created = await platform.request({
      method: 'POST',
      url: '/api/admin/organizations/',
      payload: { name: 'Settings Clinic', organization_type: 'FQHC' },
    })
    const id = created.json<{ id: string }>().id
    const response = await platform.request({
      method: 'PUT',
      url: url(id),
      payload: { ...settings, require_two_factor: true },
    })
    expect(response.statusCode).toBe(200)
    const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, id))
    expect(org?.requireTwoFactor).toBe(true)
    expect((await lastAudit('admin.settings_updated', id))?.details).toMatchObject({
      require_two_factor_before: false,
      require_two_factor_after: true,
    })
  })
})
