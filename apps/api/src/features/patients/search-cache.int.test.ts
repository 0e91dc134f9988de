// The patient search served from memory (lib/answer-cache.ts, keyed by the organisation's data revision,
// the caller's scope and the query): a repeat runs no search, yet every change the page could show applies
// on the very next call, an authorization that runs out changes it by the clock alone, and every call is
// audited with its number of results.
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

type Page = { count: number; results: { id: string; full_name: string; risk_score: number | null }[] }

let t: TestApp
let patient: FixturePatient
let aco: TestClient

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Odalys Quenneville', tin: 'first' })
  aco = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

const search = () => aco.request({ method: 'GET', url: '/api/patients/?search=Quenneville' })
const auditOf = async (httpRequestId: unknown) => {
  const [row] = await t.app.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(httpRequestId)))
  return row
}

describe('GET /api/patients/?search= from memory', () => {
  it('answers a repeat from memory, and audits each call with its number of results', async () => {
    const first = await search()
    expect(first.statusCode, first.body).toBe(200)
    // A write that bypasses the triggers (replica mode) is invisible to the cache: the repeat came from
    // memory, not from the database.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(patients).set({ fullName: 'Odalys Unseen' }).where(eq(patients.id, patient.id))
    })
    // As the web client asks: every GET stamped with its own `_t`.
    const second = await aco.request({
      method: 'GET',
      url: '/api/patients/?search=Quenneville&_t=1764180000000',
    })
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    for (const call of [first, second])
      expect(await auditOf(call.headers['x-request-id'])).toMatchObject({
        action: 'patient.search',
        details: { parameters: ['search'], results: 1, page: 1 },
      })
    await t.app.ctx.db
      .update(patients)
      .set({ fullName: 'Odalys Quenneville' })
      .where(eq(patients.id, patient.id))
    expect(((await search()).json() as Page).results[0]?.full_name).toBe('Odalys Quenneville')
  })

  it('answers 304 to the ETag of the page it holds', async () => {
    const first = await search()
    const again = await aco.request({
      method: 'GET',
      url: '/api/patients/?search=Quenneville',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(await auditOf(again.headers['x-request-id'])).toMatchObject({ action: 'patient.search' })
  })

  it('shows a new risk score on the very next call', async () => {
    expect((await search()).json<Page>().results[0]?.risk_score).not.toBe(4.321)
    const [newest] = await t.app.ctx.db
      .select()
      .from(riskScores)
      .where(eq(riskScores.patientId, patient.id))
      .orderBy(desc(riskScores.calculatedAt))
      .limit(1)
    if (!newest) throw new Error('the fixture has a risk score')
    const { id: _id, ...copy } = newest
    await t.app.ctx.db
      .insert(riskScores)
      .values({ ...copy, score: '4.321', calculatedAt: new Date(newest.calculatedAt.getTime() + 60_000) })
    expect((await search()).json<Page>().results[0]?.risk_score).toBe(4.321)
  })

  it('shows a patient added on the very next call', async () => {
    expect((await search()).json<Page>().count).toBe(1)
    await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Maren Quenneville', tin: 'first' })
    expect((await search()).json<Page>().count).toBe(2)
  })

  it('stops showing served data the moment an authorization ends, though no row changed', async () => {
    const served = (await search()).json<Page>().results.find((row) => row.id === patient.id)
    expect(served?.risk_score).toBe(4.321)
    // Past the fixtures' one-day authorizations by the clock alone: the revision stays the same.
    t.clock.advance(86_400_000 + 1_000)
    aco = await loginAs(t.app, 'ACO_ADMIN')
    const ended = (await search()).json<Page>().results.find((row) => row.id === patient.id)
    expect(ended?.risk_score).toBeNull()
  })
})
