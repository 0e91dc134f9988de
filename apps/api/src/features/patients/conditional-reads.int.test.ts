// Conditional patient reads (lib/etag.ts): a strong ETag on GET /api/patients/:id/ and /consolidated/, 304
// with an empty body for a matching If-None-Match, still `no-store`, and still audited: a 304 is a read. And
// the consolidated record served from memory, exact after every kind of change.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { medications } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
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

// The consolidated record is served from memory while nothing it shows has changed (lib/answer-cache.ts,
// keyed by the organisation's data revision); the scope check and the audit row still run on every read.
describe('GET /api/patients/:id/consolidated/ from memory', () => {
  const url = () => `/api/patients/${patient.id}/consolidated/`
  type Record = { medications: { id: string }[]; claims: unknown[] }

  it('answers a repeat from memory, audited with the same counts', async () => {
    const first = await aco.request({ method: 'GET', url: url() })
    // A write that bypasses the triggers (replica mode) is invisible to the cache: the next answer came
    // from memory, not from the database.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(medications).set({ drugName: 'Unseen' }).where(eq(medications.patientId, patient.id))
    })
    const second = await aco.request({ method: 'GET', url: url() })
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    const [firstAudit] = await auditRows(first.headers['x-request-id'])
    const [secondAudit] = await auditRows(second.headers['x-request-id'])
    expect(firstAudit?.details).toEqual({ medications: 1, claims: 1 })
    expect(secondAudit).toMatchObject({ action: 'patient.consolidated', details: firstAudit?.details })
  })

  it('shows a medication a pull adds on the very next read', async () => {
    const before = (await aco.request({ method: 'GET', url: url() })).json<Record>()
    await t.app.ctx.db.insert(medications).values({
      patientId: patient.id,
      resourceId: 'pde-added-later',
      drugName: 'Lisinopril, 10 mg',
      fillDate: '2026-02-01',
      record: {},
      resource: { resourceType: 'ExplanationOfBenefit', id: 'pde-added-later' },
    })
    const after = (await aco.request({ method: 'GET', url: url() })).json<Record>()
    expect(after.medications).toHaveLength(before.medications.length + 1)
    expect(after.medications.map((row) => row.id)).toContain('pde-added-later')
  })

  it('serves nothing the moment the authorization ends, though nothing else changed', async () => {
    expect((await aco.request({ method: 'GET', url: url() })).json<Record>().medications).not.toEqual([])
    // The expiry passes by the clock alone: no row changes, so the revision stays; the serving
    // authorization is part of the key.
    t.clock.advance(400 * 86_400_000)
    aco = await loginAs(t.app, 'ACO_ADMIN')
    const ended = (await aco.request({ method: 'GET', url: url() })).json<Record>()
    expect(ended).toMatchObject({ medications: [], claims: [] })
  })
})
