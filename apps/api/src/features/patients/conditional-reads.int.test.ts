// Conditional patient reads (lib/etag.ts): a strong ETag on GET /api/patients/:id/ and /consolidated/, 304
// with an empty body for a matching If-None-Match, still `no-store`, and still audited: a 304 is a read.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit.ts'
import { patients } from '../../db/schema/patients.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let patient: FixturePatient
let aco: TestClient

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Margaret Whitfield', tin: 'first' })
  aco = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

const auditRows = (httpRequestId: unknown) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(httpRequestId)))

describe.each([
  { path: '', action: 'patient.read' },
  { path: 'consolidated/', action: 'patient.consolidated' },
])('GET /api/patients/:id/$path', ({ path, action }) => {
  const url = () => `/api/patients/${patient.id}/${path}`

  it('answers 304 with no body to a matching If-None-Match, and audits it as it audits a 200', async () => {
    const first = await aco.request({ method: 'GET', url: url() })
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('no-store')
    const [firstAudit] = await auditRows(first.headers['x-request-id'])
    expect(firstAudit).toMatchObject({ action, patientId: patient.id })

    const second = await aco.request({
      method: 'GET',
      url: `${url()}?_t=2`,
      headers: { 'if-none-match': String(etag) },
    })
    expect(second.statusCode).toBe(304)
    expect(second.body).toBe('')
    expect(second.headers.etag).toBe(etag)
    expect(second.headers['cache-control']).toBe('no-store')
    const secondAudit = await auditRows(second.headers['x-request-id'])
    expect(secondAudit).toHaveLength(1)
    expect(secondAudit[0]).toMatchObject({
      action,
      patientId: patient.id,
      actorUserId: firstAudit?.actorUserId,
      organizationId: firstAudit?.organizationId,
      reason: firstAudit?.reason,
      details: firstAudit?.details,
    })

    const stale = await aco.request({ method: 'GET', url: url(), headers: { 'if-none-match': '"stale"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.body).toBe(first.body)
  })

  it('changes the ETag when the answer changes', async () => {
    const before = await aco.request({ method: 'GET', url: url() })
    await t.app.ctx.db
      .update(patients)
      .set({ lastSyncedAt: new Date('2026-01-02T03:04:05Z') })
      .where(eq(patients.id, patient.id))
    const after = await aco.request({
      method: 'GET',
      url: url(),
      headers: { 'if-none-match': String(before.headers.etag) },
    })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    await t.app.ctx.db.update(patients).set({ lastSyncedAt: null }).where(eq(patients.id, patient.id))
  })
})

it('answers an unknown patient 404 without an ETag', async () => {
  const response = await aco.request({
    method: 'GET',
    url: '/api/patients/00000000-0000-4000-8000-000000000000/',
    headers: { 'if-none-match': '*' },
  })
  expect(response.statusCode).toBe(404)
  expect(response.headers.etag).toBeUndefined()
})
