// The patient's access page, from the link in the approval's receipt: what it shows, that a bad link shows
// nothing, and 'Stop sharing': revoked once (grant destroyed, CMS revoke queued, requester told), idempotent,
// audited and rate-limited.
import { patientAccessPageSchema, type PatientAccessPage } from '@blueconsent/contract/consent'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { users } from '../../platform/db/schema/users.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'
import { createClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { writeAuditRow } from '../../platform/audit/index.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const DAY = 24 * 60 * 60 * 1000
let ipSeed = 0
const nextIp = () => `10.88.${Math.floor(++ipSeed / 250)}.${ipSeed % 250}`
const ACCESS_LINK = /\/consent\/access\/([A-Za-z0-9_.-]+)/
const open = (sealed: string): string => decrypt(t.app.ctx.keys, sealed)

/** An approved request, as the patient's browser leaves it, and the access link its receipt carries. */
async function approved(username: string) {
  const name = sandboxName(username)
  const request = await createPendingRequest(t, {
    persona: 'ACO_USER',
    patientName: `${name.given} ${name.family}`,
  })
  await consentAtMedicare(t.app, request.token, { username })
  const row = await requestRow(t, request.requestId)
  const receipts = await t.app.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.template, 'authorized_receipt'))
  const contact = decrypt(t.app.ctx.keys, row.contactEncrypted)
  const receipt = receipts.find((message) => open(message.toEncrypted) === contact)
  const body = receipt ? open(receipt.bodyEncrypted) : ''
  const token = ACCESS_LINK.exec(body)?.[1]
  if (!token) throw new Error(`no access link in the receipt: ${body}`)
  return { ...request, row, token }
}

async function view(token: string, ip = nextIp()) {
  return createClient(t.app, { ip }).request({ method: 'GET', url: `/api/consent/access/${token}/` })
}

async function stop(token: string, ip = nextIp()) {
  return createClient(t.app, { ip }).request({
    method: 'POST',
    url: `/api/consent/access/${token}/stop/`,
    payload: {},
  })
}

const parse = (body: unknown): PatientAccessPage => patientAccessPageSchema.parse(body)

describe('patient access page', () => {
  it('shows who asked, when the patient agreed, when access ends and the last read by the organisation', async () => {
    const request = await approved('BBUser00001')
    const first = await view(request.token)
    expect(first.statusCode, first.body).toBe(200)
    const page = parse(first.json())
    expect(page).toMatchObject({
      state: 'active',
      authorization_type: 'healthcare_provider',
      data_types: ['medications', 'claims', 'risk_score'],
      access_ends_at: request.row.expiresAt?.toISOString(),
      last_read_at: null,
      last_read_by: null,
      ended_at: null,
    })
    expect(page.consented_at).toBe(request.row.consentAnsweredAt?.toISOString())
    expect(JSON.stringify(page)).not.toContain('Jordan')

    const readAt = new Date(t.clock.now.getTime() + 1000)
    await writeAuditRow(t.app.ctx.db, {
      action: 'patient_data.read',
      actorUserId: request.requesterId,
      organizationId: request.row.organizationId,
      requestId: request.requestId,
      patientId: request.patientId,
      at: readAt,
    })
    const read = parse((await view(request.token)).json())
    expect(read.last_read_at).toBe(readAt.toISOString())
    expect(read.last_read_by).toBe(page.organization_name)
    const views = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, request.requestId), eq(auditLog.action, 'patient_access_page.viewed')))
    expect(views).toHaveLength(2)
    expect(views[0]?.actorUserId).toBeNull()
  })

  it('answers 404 to a tampered, expired or made-up link, revealing nothing', async () => {
    const request = await approved('BBUser00002')
    const [id, expiry, signature] = request.token.split('.') as [string, string, string]
    const flipped = signature.endsWith('A') ? `${signature.slice(0, -1)}B` : `${signature.slice(0, -1)}A`
    for (const bad of [`${id}.${expiry}.${flipped}`, `${id}.${expiry}9.${signature}`, 'x'.repeat(100)]) {
      const response = await view(bad)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' })
      expect((await stop(bad)).statusCode).toBe(404)
    }
    const jump = request.row.expiresAt!.getTime() + 30 * DAY + 1000 - t.clock.now.getTime()
    t.clock.advance(jump)
    try {
      expect((await view(request.token)).statusCode).toBe(404)
    } finally {
      t.clock.advance(-jump)
    }
  })

  it('stops sharing once: revoked, grant destroyed, CMS revoke queued, requester told; again changes nothing', async () => {
    const request = await approved('BBUser00003')
    const stopped = await stop(request.token)
    expect(stopped.statusCode, stopped.body).toBe(200)
    expect(parse(stopped.json())).toMatchObject({ state: 'ended', ended_how: 'stopped' })
    expect((await requestRow(t, request.requestId)).status).toBe('revoked')
    const [grant] = await t.app.ctx.db
      .select()
      .from(bluebuttonGrants)
      .where(eq(bluebuttonGrants.id, request.row.grantId!))
    expect(grant?.accessTokenEncrypted).toBeNull()
    const jobs = await t.app.ctx.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = '${QUEUES.revokeAtBlueButton}'`,
    )
    expect(Number(jobs.rows[0]?.n)).toBeGreaterThan(0)

    const [requester] = await t.app.ctx.db.select().from(users).where(eq(users.id, request.requesterId))
    const told = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.template, 'patient_stopped_sharing'))
      ).filter(
        (message) =>
          open(message.toEncrypted) === requester?.email &&
          open(message.bodyEncrypted).includes(request.requestId),
      )
    expect(await told()).toHaveLength(1)
    expect(open((await told())[0]!.bodyEncrypted)).not.toContain(sandboxName('BBUser00003').family)

    const again = await stop(request.token)
    expect(again.statusCode).toBe(200)
    expect(parse(again.json()).state).toBe('ended')
    expect(await told()).toHaveLength(1)
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, request.requestId),
          eq(auditLog.action, 'authorization_request.patient_stopped_sharing'),
        ),
      )
    expect(audits).toHaveLength(1)
    expect(parse((await view(request.token)).json())).toMatchObject({ state: 'ended', ended_how: 'stopped' })
  })

  it('limits how often one address may try to stop access', async () => {
    const ip = nextIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1) statuses.push((await stop('y'.repeat(100), ip)).statusCode)
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
