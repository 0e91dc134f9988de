// The admin report on seeded figures in a window of its own (January 2020, before any demo data): the guard
// and scope (platform, organisation admin, another organisation's id is 404, plain members 403), every
// figure, the CSV equal to the JSON, range validation and the audit rows of views and exports.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { users } from '../../platform/db/schema/users.ts'
import { encrypt, keyedHash } from '../../platform/lib/crypto.ts'
import { demoUser, type DemoPersona } from '../../features/demo-data/index.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let platform: TestClient
let orgAdmin: TestClient
let member: TestClient
let acoOrgId: string
let physicianOrgId: string

const HOUR = 60 * 60 * 1000
const RANGE = 'from=2020-01-06&to=2020-01-19'

async function userOf(persona: DemoPersona) {
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row?.organizationId) throw new Error(`no ${persona}`)
  return { id: row.id, organizationId: row.organizationId }
}

let sequence = 0
/** One patient and one request created at `at`; `consentAfterHours` sets when the patient agreed. */
async function seedRequest(
  persona: DemoPersona,
  at: string,
  status: 'pending' | 'authorized' | 'denied' | 'expired',
  consentAfterHours: number | null = null,
): Promise<string> {
  const { ctx } = t.app
  const requester = await userOf(persona)
  sequence += 1
  const contact = `report-${sequence}@example.test`
  const [patient] = await ctx.db
    .insert(patients)
    .values({
      organizationId: requester.organizationId,
      fullName: `Report Patient ${sequence}`,
      emailEncrypted: encrypt(ctx.keys, contact),
      emailHash: keyedHash(ctx.keys, contact),
    })
    .returning()
  if (!patient) throw new Error('no patient')
  const createdAt = new Date(at)
  const authorizedAt =
    consentAfterHours === null ? null : new Date(createdAt.getTime() + consentAfterHours * HOUR)
  const [request] = await ctx.db
    .insert(authorizationRequests)
    .values({
      organizationId: requester.organizationId,
      requesterUserId: requester.id,
      patientId: patient.id,
      status,
      authorizationType: 'healthcare_provider',
      patientName: patient.fullName,
      contactMethod: 'email',
      contactEncrypted: encrypt(ctx.keys, contact),
      contactHash: keyedHash(ctx.keys, contact),
      authorizedAt,
      consentAnsweredAt: authorizedAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning()
  if (!request) throw new Error('no request')
  return request.id
}

async function seedRun(requestId: string, at: string, status: 'completed' | 'failed') {
  const [request] = await t.app.ctx.db
    .select()
    .from(authorizationRequests)
    .where(eq(authorizationRequests.id, requestId))
  await t.app.ctx.db
    .insert(ingestionRuns)
    .values({ requestId, patientId: request?.patientId ?? '', status, createdAt: new Date(at) })
}

async function seedMessage(channel: 'email' | 'sms', status: 'sent' | 'failed', at: string) {
  await t.app.ctx.db.insert(outboxMessages).values({
    channel,
    template: 'report-test',
    toEncrypted: 'x',
    bodyEncrypted: 'x',
    status,
    createdAt: new Date(at),
  })
}

async function seedSignIn(persona: DemoPersona, at: string) {
  const user = await userOf(persona)
  await t.app.ctx.db.insert(auditLog).values({
    action: 'auth.sign_in',
    actorUserId: user.id,
    organizationId: user.organizationId,
    targetType: 'user',
    targetId: user.id,
    occurredAt: new Date(at),
  })
}

async function lastAudit(action: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row
}

/** RFC 4180 as the export writes it (no quoted commas in these figures). */
const parseCsv = (body: string): string[][] =>
  body
    .trim()
    .split('\r\n')
    .map((line) => line.split(','))

beforeAll(async () => {
  t = await buildTestApp()
  platform = await loginAs(t.app, 'ADMIN')
  orgAdmin = await loginAs(t.app, 'ACO_ADMIN')
  member = await loginAs(t.app, 'ACO_USER')
  acoOrgId = (await userOf('ACO_ADMIN')).organizationId
  physicianOrgId = (await userOf('PHYSICIAN_USER')).organizationId
  // Week 2020-W02 (Jan 6–12) and W03 (Jan 13–19); one request outside the range on each side.
  const r1 = await seedRequest('ACO_ADMIN', '2020-01-06T10:00:00Z', 'authorized', 2)
  await seedRequest('ACO_ADMIN', '2020-01-07T10:00:00Z', 'expired', 10)
  await seedRequest('ACO_USER', '2020-01-14T10:00:00Z', 'pending')
  await seedRequest('ACO_USER', '2020-01-15T10:00:00Z', 'denied')
  await seedRequest('ACO_USER', '2020-01-05T23:59:59Z', 'pending')
  await seedRequest('ACO_USER', '2020-01-20T00:00:00Z', 'pending')
  const p1 = await seedRequest('PHYSICIAN_USER', '2020-01-08T10:00:00Z', 'authorized', 4)
  await seedRun(r1, '2020-01-06T12:00:00Z', 'completed')
  await seedRun(r1, '2020-01-07T12:00:00Z', 'failed')
  await seedRun(p1, '2020-01-08T14:00:00Z', 'failed')
  await seedMessage('email', 'sent', '2020-01-06T10:00:00Z')
  await seedMessage('email', 'sent', '2020-01-07T10:00:00Z')
  await seedMessage('email', 'failed', '2020-01-08T10:00:00Z')
  await seedMessage('sms', 'sent', '2020-01-19T23:00:00Z')
  await seedMessage('sms', 'failed', '2020-01-20T01:00:00Z')
  await seedSignIn('ACO_ADMIN', '2020-01-06T09:00:00Z')
  await seedSignIn('ACO_ADMIN', '2020-01-08T09:00:00Z')
  await seedSignIn('ACO_USER', '2020-01-10T09:00:00Z')
  await seedSignIn('PHYSICIAN_USER', '2020-01-10T09:00:00Z')
})
afterAll(async () => {
  await t.close()
})

describe('admin report guard and scope', () => {
  it('lets a platform admin and an organisation admin in, refuses a plain member (403) and strangers (401)', async () => {
    for (const url of ['/api/admin/reports/', '/api/admin/reports/export/']) {
      expect((await platform.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await orgAdmin.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await member.request({ method: 'GET', url })).statusCode).toBe(403)
      expect((await createClient(t.app).request({ method: 'GET', url })).statusCode).toBe(401)
    }
  })

  it('answers 404 when an organisation admin asks for another organisation; the platform may', async () => {
    for (const url of ['/api/admin/reports/', '/api/admin/reports/export/']) {
      const other = `${url}?organization_id=${physicianOrgId}`
      expect((await orgAdmin.request({ method: 'GET', url: other })).statusCode).toBe(404)
      expect((await platform.request({ method: 'GET', url: other })).statusCode).toBe(200)
      const own = `${url}?organization_id=${acoOrgId}`
      expect((await orgAdmin.request({ method: 'GET', url: own })).statusCode).toBe(200)
    }
    const missing = '/api/admin/reports/?organization_id=00000000-0000-4000-8000-000000000000'
    expect((await platform.request({ method: 'GET', url: missing })).statusCode).toBe(404)
  })

  it('covers the last 30 days by default', async () => {
    const report = (await orgAdmin.request({ method: 'GET', url: '/api/admin/reports/' })).json()
    const today = t.clock.now.toISOString().slice(0, 10)
    expect(report.to).toBe(today)
    expect((Date.parse(report.to) - Date.parse(report.from)) / (24 * HOUR)).toBe(29)
    expect(report).toMatchObject({ viewer: 'organization', organization: { id: acoOrgId }, messages: null })
  })

  it('refuses a reversed range, more than 366 days and half a range, in the usual error shape', async () => {
    for (const query of [
      'from=2020-02-01&to=2020-01-01',
      'from=2020-01-01&to=2021-01-02',
      'from=2020-01-01',
    ]) {
      const response = await platform.request({ method: 'GET', url: `/api/admin/reports/?${query}` })
      expect(response.statusCode, query).toBe(400)
      expect(JSON.stringify(response.json())).toMatch(/start date|at most 366|both from and to/)
    }
    const ok = await platform.request({
      method: 'GET',
      url: '/api/admin/reports/?from=2020-01-01&to=2020-12-31',
    })
    expect(ok.statusCode).toBe(200)
  })
})

describe('admin report figures', () => {
  it('counts an organisation’s requests, conversion, pulls and sign-ins in the range', async () => {
    const report = (await orgAdmin.request({ method: 'GET', url: `/api/admin/reports/?${RANGE}` })).json()
    const byStatus = Object.fromEntries(
      report.requests_by_status.map((row: { status: string; count: number }) => [row.status, row.count]),
    )
    expect(byStatus).toMatchObject({ authorized: 1, expired: 1, pending: 1, denied: 1, revoked: 0 })
    expect(report.requests_by_week).toEqual([
      { week: '2020-W02', week_start: '2020-01-06', count: 2 },
      { week: '2020-W03', week_start: '2020-01-13', count: 2 },
    ])
    // Consent after 2 h and 10 h: median 6 h, 90th percentile 2 + 0.9 × 8 = 9.2 h.
    expect(report.conversion).toEqual({ sent: 4, approved: 2, rate: 0.5, median_hours: 6, p90_hours: 9.2 })
    expect(report.ingestion).toEqual({ runs: 2, failed: 1 })
    expect(report.messages).toBeNull()
    expect(report.active_users).toBe(2)
  })

  it('adds the other organisations and the outbox for the whole platform', async () => {
    const report = (await platform.request({ method: 'GET', url: `/api/admin/reports/?${RANGE}` })).json()
    expect(report).toMatchObject({ viewer: 'platform', organization: null })
    expect(report.conversion).toEqual({ sent: 5, approved: 3, rate: 0.6, median_hours: 4, p90_hours: 8.8 })
    expect(report.ingestion).toEqual({ runs: 3, failed: 2 })
    expect(report.messages).toEqual([
      { channel: 'email', sent: 2, failed: 1 },
      { channel: 'sms', sent: 1, failed: 0 },
    ])
    expect(report.active_users).toBe(3)
    const one = (
      await platform.request({
        method: 'GET',
        url: `/api/admin/reports/?${RANGE}&organization_id=${physicianOrgId}`,
      })
    ).json()
    expect(one.organization.id).toBe(physicianOrgId)
    expect(one.conversion).toMatchObject({ sent: 1, approved: 1, median_hours: 4 })
    expect(one.messages).toBeNull()
  })

  it('exports a CSV with exactly the JSON report’s figures', async () => {
    for (const query of [RANGE, `${RANGE}&organization_id=${acoOrgId}`]) {
      const report = (await platform.request({ method: 'GET', url: `/api/admin/reports/?${query}` })).json()
      const response = await platform.request({ method: 'GET', url: `/api/admin/reports/export/?${query}` })
      expect(response.headers['content-type']).toContain('text/csv')
      expect(response.headers['content-disposition']).toContain('admin-report-2020-01-06-to-2020-01-19.csv')
      const rows = parseCsv(response.body)
      expect(rows[0]).toEqual(['section', 'item', 'value'])
      const value = (section: string, item: string) =>
        rows.find((row) => row[0] === section && row[1] === item)?.[2]
      expect(value('report', 'from')).toBe(report.from)
      expect(value('report', 'organization')).toBe(report.organization?.name ?? 'All organisations')
      for (const row of report.requests_by_status)
        expect(value('requests_by_status', row.status)).toBe(String(row.count))
      for (const row of report.requests_by_week)
        expect(value('requests_by_week', row.week)).toBe(String(row.count))
      for (const [key, figure] of Object.entries(report.conversion))
        expect(value('conversion', key)).toBe(figure === null ? '' : String(figure))
      expect(value('ingestion', 'runs')).toBe(String(report.ingestion.runs))
      expect(value('ingestion', 'failed')).toBe(String(report.ingestion.failed))
      for (const row of report.messages ?? []) {
        expect(value(`messages_${row.channel}`, 'sent')).toBe(String(row.sent))
        expect(value(`messages_${row.channel}`, 'failed')).toBe(String(row.failed))
      }
      expect(rows.some((row) => row[0]?.startsWith('messages_'))).toBe(report.messages !== null)
      expect(value('users', 'active_users')).toBe(String(report.active_users))
      // Header, 3 scope rows, 6 statuses, 2 weeks, 5 conversion, 2 ingestion, messages, active users.
      expect(rows).toHaveLength(1 + 3 + 6 + 2 + 5 + 2 + (report.messages ? 4 : 0) + 1)
    }
  })

  it('audits views and exports with the range and scope, no figures', async () => {
    await orgAdmin.request({ method: 'GET', url: `/api/admin/reports/?${RANGE}` })
    const viewed = await lastAudit('admin.report_viewed')
    expect(viewed?.details).toEqual({ from: '2020-01-06', to: '2020-01-19', organization_id: acoOrgId })
    expect(viewed?.organizationId).toBe(acoOrgId)
    await platform.request({ method: 'GET', url: `/api/admin/reports/export/?${RANGE}` })
    const exported = await lastAudit('admin.report_exported')
    expect(exported?.details).toEqual({ from: '2020-01-06', to: '2020-01-19', organization_id: null })
  })
})
