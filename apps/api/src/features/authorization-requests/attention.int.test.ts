// Every dashboard figure opens the list of exactly the rows it counts: for each set, the figure equals the
// list's count, and every listed request belongs to the set. A failed pull can be started again, audited.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let admin: TestClient
let failed: FixturePatient
let waiting: FixturePatient
let ending: FixturePatient
const DAY = 86_400_000

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.app.ctx.db
  const now = t.app.ctx.clock().getTime()
  failed = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Attention Failed Pull', tin: 'first' })
  await db.insert(ingestionRuns).values([
    {
      requestId: failed.requestId,
      patientId: failed.id,
      status: 'completed',
      createdAt: new Date(now - 2 * DAY),
    },
    {
      requestId: failed.requestId,
      patientId: failed.id,
      status: 'failed',
      error: 'Medicare answered 503',
      createdAt: new Date(now - DAY),
    },
  ])
  waiting = await insertPatient(t, {
    requester: 'ACO_ADMIN',
    name: 'Attention Waiting',
    tin: 'first',
    request: 'pending',
  })
  await db
    .update(authorizationRequests)
    .set({ createdAt: new Date(now - 3 * DAY), expiresAt: new Date(now + 4 * DAY) })
    .where(eq(authorizationRequests.id, waiting.requestId))
  ending = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Attention Ending', tin: 'second' })
  await db
    .update(authorizationRequests)
    .set({ authorizedAt: new Date(now - 300 * DAY), expiresAt: new Date(now + 10 * DAY) })
    .where(eq(authorizationRequests.id, ending.requestId))
  admin = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

type Listed = { count: number; results: { request_id: string }[] }
const list = async (client: TestClient, attention: string): Promise<Listed> => {
  const response = await client.request({
    method: 'GET',
    url: `/api/healthplans/requests/?attention=${attention}&page_size=100`,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const figuresOf = async (client: TestClient) =>
  (await client.request({ method: 'GET', url: '/api/dashboard/' })).json().requests

describe('dashboard figures and their lists', () => {
  it('lists exactly the requests each figure counts, for an admin and for a TIN-limited user', async () => {
    for (const persona of ['ACO_ADMIN', 'ACO_USER'] as const) {
      const client = await loginAs(t.app, persona)
      const figures = await figuresOf(client)
      const sets = {
        waiting_over_48h: figures.awaiting_over_48h,
        ending_within_30_days: figures.expiring_within_30_days,
        pull_failed: figures.ingestion_failures,
        authorized: figures.authorized_ever,
      }
      for (const [set, figure] of Object.entries(sets)) {
        const listed = await list(client, set)
        expect(listed.count, `${persona} ${set}`).toBe(figure)
        expect(listed.results).toHaveLength(figure)
      }
    }
  })

  it('puts the right requests in each set', async () => {
    const ids = async (set: string) => (await list(admin, set)).results.map((row) => row.request_id)
    expect(await ids('waiting_over_48h')).toContain(waiting.requestId)
    expect(await ids('waiting_over_48h')).not.toContain(failed.requestId)
    expect(await ids('ending_within_30_days')).toContain(ending.requestId)
    expect(await ids('pull_failed')).toEqual([failed.requestId])
    expect(await ids('authorized')).toContain(ending.requestId)
  })

  it('refuses an unknown set with a field error, not a 500', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/healthplans/requests/?attention=nope' })
    expect(response.statusCode).toBe(400)
  })
})

describe('retrying a failed pull', () => {
  it('queues a new pull for a failed one, audited, and refuses when the last pull did not fail', async () => {
    const retried = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${failed.requestId}/retry-pull/`,
    })
    expect(retried.statusCode, retried.body).toBe(200)
    expect(retried.json().ingestion.status).toBe('queued')
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, failed.requestId),
          eq(auditLog.action, 'authorization_request.pull_retried'),
        ),
      )
    expect(audit).toHaveLength(1)
    expect((await list(admin, 'pull_failed')).results).toHaveLength(0)
    const again = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${failed.requestId}/retry-pull/`,
    })
    expect(again.statusCode).toBe(409)
    const notFailed = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${ending.requestId}/retry-pull/`,
    })
    expect(notFailed.statusCode).toBe(409)
  })

  it('answers 404 to another organisation', async () => {
    const agent = await loginAs(t.app, 'AGENT_ADMIN')
    const response = await agent.request({
      method: 'POST',
      url: `/api/healthplans/requests/${failed.requestId}/retry-pull/`,
    })
    expect(response.statusCode).toBe(404)
  })
})
