// The audit log: append-only in the database, searchable and exportable by admin roles within
// their organisation (the platform ADMIN sees all).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { insertAuditLog } from './audit.repository.ts'

let t: TestApp
let patient: FixturePatient
let acoAdmin: TestClient
let acoUserId: string

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Audit Example', tin: 'first' })
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
  const acoUser = await loginAs(t.app, 'ACO_USER')
  const me = await acoUser.request({ method: 'GET', url: `/api/patients/${patient.id}/` })
  expect(me.statusCode).toBe(200)
  const [row] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.patientId, patient.id))
  acoUserId = row?.actorUserId ?? ''
  const physician = await loginAs(t.app, 'PHYSICIAN_USER')
  await physician.request({ method: 'GET', url: '/api/patients/?search=someone' })
})
afterAll(async () => {
  await t.close()
})

describe('audit_log', () => {
  it('commits the rows of simultaneous writers, and a bad row fails only its own writer', async () => {
    const marker = `together-${Date.now()}`
    const written = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        insertAuditLog(t.app.ctx.db, {
          // Every row but one is whole; the sixth breaks NOT NULL and so fails the shared statement.
          action: index === 5 ? (null as unknown as string) : 'patient.read',
          requestId: `${marker}-${index}`,
          occurredAt: new Date(),
        }),
      ),
    )
    expect(written.map((result) => result.status)).toEqual(
      Array.from({ length: 12 }, (_, index) => (index === 5 ? 'rejected' : 'fulfilled')),
    )
    const rows = await t.app.ctx.db
      .select({ requestId: auditLog.requestId })
      .from(auditLog)
      .where(sql`${auditLog.requestId} like ${`${marker}-%`}`)
    expect(rows.map((row) => row.requestId).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `${marker}-${index}`)
        .filter((_, index) => index !== 5)
        .sort(),
    )
  })

  it('refuses UPDATE and DELETE', async () => {
    await expect(
      t.app.ctx.db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.patientId, patient.id)),
    ).rejects.toThrow()
    await expect(t.app.ctx.db.delete(auditLog).where(eq(auditLog.patientId, patient.id))).rejects.toThrow()
    const rows = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'tampered'))
    expect(rows).toEqual([])
    const [left] = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.patientId, patient.id))
    expect(left?.n).toBeGreaterThan(0)
  })

  it('refuses TRUNCATE, which fires no row trigger', async () => {
    await expect(t.app.ctx.db.execute(sql`truncate table audit_log`)).rejects.toThrow()
    const [left] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    expect(left?.n).toBeGreaterThan(0)
  })
})

describe('GET /api/admin/audit/', () => {
  it('filters by patient, user and action within the organisation', async () => {
    const byPatient = (
      await acoAdmin.request({ method: 'GET', url: `/api/admin/audit/?patient=${patient.id}` })
    ).json()
    expect(byPatient.count).toBeGreaterThan(0)
    expect(byPatient.results.every((r: { patient_id: string }) => r.patient_id === patient.id)).toBe(true)
    const byUser = (
      await acoAdmin.request({
        method: 'GET',
        url: `/api/admin/audit/?user=${acoUserId}&action=patient.read`,
      })
    ).json()
    expect(byUser.results[0]).toMatchObject({
      actor_user_id: acoUserId,
      action: 'patient.read',
      actor_name: 'Jordan Lee',
      ip_address: '127.0.0.1',
    })
    // The physician group's search is another organisation's row.
    const searches = (
      await acoAdmin.request({ method: 'GET', url: '/api/admin/audit/?action=patient.search' })
    ).json()
    expect(searches.count).toBe(0)
  })

  it('filters by date and lets the platform ADMIN see every organisation', async () => {
    const admin = await loginAs(t.app, 'ADMIN')
    const all = (
      await admin.request({ method: 'GET', url: '/api/admin/audit/?action=patient.search' })
    ).json()
    expect(all.count).toBeGreaterThan(0)
    const future = (await admin.request({ method: 'GET', url: '/api/admin/audit/?from=2999-01-01' })).json()
    expect(future.count).toBe(0)
    expect((await admin.request({ method: 'GET', url: '/api/admin/audit/?from=yesterday' })).statusCode).toBe(
      400,
    )
  })

  it('answers 400, never 500, to a date the database cannot hold, on the list and the export', async () => {
    const admin = await loginAs(t.app, 'ADMIN')
    const outOfRange = ['99999-01-01', '-000001-01-01', '%2B099999-01-01', '0000-01-01', '2026-02-30']
    for (const path of ['/api/admin/audit/', '/api/admin/audit/export/'])
      for (const value of outOfRange)
        for (const bound of ['from', 'to']) {
          const response = await admin.request({ method: 'GET', url: `${path}?${bound}=${value}` })
          expect(response.statusCode, `${path}?${bound}=${value}`).toBe(400)
          expect(response.json()).toEqual({ [bound]: ['Enter a valid date.'] })
        }
    const dateTime = await admin.request({
      method: 'GET',
      url: '/api/admin/audit/?from=2026-01-01T10:00:00Z',
    })
    expect(dateTime.statusCode).toBe(200)
  })

  it('is refused to non-admin roles', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    expect((await user.request({ method: 'GET', url: '/api/admin/audit/' })).statusCode).toBe(403)
  })

  it('exports CSV and audits the export', async () => {
    const response = await acoAdmin.request({
      method: 'GET',
      url: `/api/admin/audit/export/?patient=${patient.id}`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-/)
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,occurred_at,actor_user_id,actor_name,organization_id,action,sentence,target_type,target_id,patient_id,patient_name,ip_address,request_id,reason,details,query',
    )
    expect(lines.some((line) => line.includes('patient.read'))).toBe(true)
    // The read's row names the authorization it relied on, in the reason column.
    expect(lines.find((line) => line.includes('patient.read'))?.split(',')[13]).toBe(
      `authorization ${patient.requestId}`,
    )
    const exports = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'))
    expect(exports).toHaveLength(1)
  })
})

describe('a search’s audit row', () => {
  it('keeps what was searched for, encrypted, and shows it to the audit’s readers only', async () => {
    const [row] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'patient.search'))
    expect(row?.queryEncrypted).toBeTruthy()
    expect(JSON.stringify(row)).not.toContain('someone')
    const admin = await loginAs(t.app, 'ADMIN')
    const listed = (
      await admin.request({ method: 'GET', url: '/api/admin/audit/?action=patient.search' })
    ).json()
    expect(listed.results[0]).toMatchObject({ action: 'patient.search', query: { search: 'someone' } })
    const csv = (
      await admin.request({ method: 'GET', url: '/api/admin/audit/export/?action=patient.search' })
    ).body
    expect(csv.split('\r\n').find((line) => line.includes('patient.search'))).toContain(
      '"{""search"":""someone""}"',
    )
  })
})
