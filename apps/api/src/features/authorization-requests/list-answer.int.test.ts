// Pins the request list's answer across roles, independently of how it is read: every row equals the single
// read of the same request (GET /:id/, which builds its view through the per-request path), rows come newest
// first with the id breaking ties, pages concatenate to the same list whatever the page size, `count` is the
// length of that list, and the set of rows is exactly what the caller may read (organization scope) or the
// caller's own unhidden requests (mine). Also the list's and status poll's conditional GETs (lib/etag.ts).
import {
  authorizationRequestSchema,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authorizationRequestEvents,
  authorizationRequests,
} from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { users } from '../../platform/db/schema/users.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser, type DemoPersona } from '../demo-data/index.ts'

const BASE = '/api/healthplans/requests/'
const PERSONAS = [
  'ACO_ADMIN',
  'ACO_USER',
  'PHYSICIAN_ADMIN',
  'PHYSICIAN_USER',
  'CLINICIAN',
  'AGENT_ADMIN',
  'AGENT_USER',
  'ADMIN',
] as const satisfies readonly DemoPersona[]
let t: TestApp
const clients = new Map<DemoPersona, TestClient>()
let sequence = 0

const as = (persona: DemoPersona): TestClient => {
  const client = clients.get(persona)
  if (!client) throw new Error(`no client for ${persona}`)
  return client
}

async function create(persona: DemoPersona, byPhone = false): Promise<AuthorizationRequest> {
  sequence += 1
  const agent = persona.startsWith('AGENT')
  const response = await as(persona).request({
    method: 'POST',
    url: BASE,
    payload: {
      health_plan: 'medicare',
      ...(agent ? {} : { patient_mrn: `LIST-${sequence}-${Date.now()}` }),
      contact_method: byPhone ? 'phone' : 'email',
      contact_value: byPhone ? `+1555${String(2000000 + sequence)}` : `list${sequence}@example.org`,
      metadata: { patient_name: `Listed Patient ${sequence}` },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return authorizationRequestSchema.parse(response.json())
}

/** Every page of a list, following `next`, with the `count` each page reported. */
async function allPages(
  persona: DemoPersona,
  query: string,
): Promise<{ rows: AuthorizationRequest[]; counts: number[] }> {
  const rows: AuthorizationRequest[] = []
  const counts: number[] = []
  let url: string | null = `${BASE}?${query}`
  while (url) {
    const response = await as(persona).request({ method: 'GET', url })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{ count: number; next: string | null; results: AuthorizationRequest[] }>()
    rows.push(...body.results)
    counts.push(body.count)
    url = body.next
  }
  return { rows, counts }
}

beforeAll(async () => {
  t = await buildTestApp()
  for (const persona of PERSONAS) clients.set(persona, await loginAs(t.app, persona))
  const made: AuthorizationRequest[] = []
  for (const [persona, times] of [
    ['ACO_ADMIN', 4],
    ['ACO_USER', 3],
    ['PHYSICIAN_ADMIN', 1],
    ['PHYSICIAN_USER', 2],
    ['AGENT_ADMIN', 2],
    ['AGENT_USER', 3],
  ] as const) {
    for (let index = 0; index < times; index += 1) made.push(await create(persona, index % 2 === 1))
  }
  // Ties on created_at (the id decides), pulls (the newest one shows), resends today and a hidden request.
  const tied = made.filter((_, index) => index % 3 === 0).map((request) => request.request_id)
  await t.app.ctx.db
    .update(authorizationRequests)
    .set({ createdAt: new Date(Date.now() - 60_000) })
    .where(inArray(authorizationRequests.id, tied))
  for (const [index, request] of made.entries()) {
    const patientId = request.patient_id
    if (index % 2 === 0 && patientId) {
      await t.app.ctx.db.insert(ingestionRuns).values([
        {
          requestId: request.request_id,
          patientId,
          status: 'completed' as const,
          pagesFetched: 3,
          pagesTotal: 3,
          createdAt: new Date(Date.now() - 30_000),
        },
        {
          requestId: request.request_id,
          patientId,
          status: 'running' as const,
          pagesFetched: 1,
          pagesTotal: 5,
        },
      ])
    }
    if (index % 4 === 1)
      await t.app.ctx.db
        .insert(authorizationRequestEvents)
        .values({ requestId: request.request_id, event: 'resent', actorKind: 'system' })
  }
  const hidden = made.find((request) => request.requester.role === 'ACO_USER')
  if (!hidden) throw new Error('no ACO_USER request')
  const hide = await as('ACO_USER').request({ method: 'POST', url: `${BASE}${hidden.request_id}/hide/` })
  expect(hide.statusCode).toBe(200)
})
afterAll(async () => {
  await t.close()
})

describe('the request list answer', () => {
  it.each(PERSONAS)('is what %s may read, newest first, the same on every page size', async (persona) => {
    const everyId = (
      await t.app.ctx.db.select({ id: authorizationRequests.id }).from(authorizationRequests)
    ).map((row) => row.id)
    const readable = new Map<string, AuthorizationRequest>()
    for (const id of everyId) {
      const response = await as(persona).request({ method: 'GET', url: `${BASE}${id}/` })
      if (response.statusCode === 200) readable.set(id, response.json<AuthorizationRequest>())
      // The platform administrator holds no patients.view: refused before any scope is read.
      else expect(response.statusCode).toBe(persona === 'ADMIN' ? 403 : 404)
    }
    const [me] = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoUser(persona).email))
    const hiddenIds = new Set(
      (await t.app.ctx.db.select().from(authorizationRequests))
        .filter((row) => row.hiddenByRequester)
        .map((row) => row.id),
    )
    const newestFirst = (a: AuthorizationRequest, b: AuthorizationRequest) =>
      b.created_at.localeCompare(a.created_at) || b.request_id.localeCompare(a.request_id)

    for (const scope of ['mine', 'organization'] as const) {
      for (const status of [undefined, 'pending'] as const) {
        const filter = `scope=${scope}${status ? `&status=${status}` : ''}`
        const first = await as(persona).request({ method: 'GET', url: `${BASE}?${filter}` })
        if (first.statusCode === 403) {
          expect(persona === 'ADMIN' || scope === 'organization').toBe(true)
          continue
        }
        const lists = await Promise.all(
          [1, 2, 100].map((size) => allPages(persona, `${filter}&page_size=${size}`)),
        )
        const [one, two, hundred] = lists
        expect(two?.rows).toEqual(one?.rows)
        expect(hundred?.rows).toEqual(one?.rows)
        const rows = one?.rows ?? []
        for (const list of lists) expect(new Set(list.counts)).toEqual(new Set([rows.length]))
        // Each row is the single read's view, field for field.
        for (const row of rows) expect(row).toEqual(readable.get(row.request_id))
        expect(rows.map((row) => row.request_id)).toEqual(
          [...rows].sort(newestFirst).map((row) => row.request_id),
        )
        const expected = [...readable.values()].filter(
          (request) =>
            (status === undefined || request.status === status) &&
            (scope === 'organization' ||
              (request.requester.id === me?.id && !hiddenIds.has(request.request_id))),
        )
        expect(rows.map((row) => row.request_id).sort()).toEqual(expected.map((row) => row.request_id).sort())
      }
    }
  })

  it('answers past the last page with the count and no rows', async () => {
    const response = await as('ACO_ADMIN').request({
      method: 'GET',
      url: `${BASE}?scope=organization&page=50`,
    })
    const body = response.json<{ count: number; results: unknown[]; previous: string | null }>()
    const all = await allPages('ACO_ADMIN', 'scope=organization&page_size=100')
    expect(body.results).toEqual([])
    expect(body.count).toBe(all.rows.length)
    expect(body.previous).toContain('page=49')
  })
})

describe('conditional GETs of the list and the status poll', () => {
  it('answers 304 with an empty body to the same ETag, and a new request changes the ETag', async () => {
    const url = `${BASE}?scope=organization&page_size=50`
    const first = await as('ACO_ADMIN').request({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('no-store')
    const again = await as('ACO_ADMIN').request({
      method: 'GET',
      url: `${url}&_t=1`,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await create('ACO_ADMIN')
    const changed = await as('ACO_ADMIN').request({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('revalidates the status poll until the status changes', async () => {
    const request = await create('ACO_ADMIN')
    const url = `${BASE}${request.request_id}/status/`
    const first = await as('ACO_ADMIN').request({ method: 'GET', url })
    const etag = String(first.headers.etag)
    const same = await as('ACO_ADMIN').request({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')
    const revoke = await as('ACO_ADMIN').request({
      method: 'POST',
      url: `${BASE}${request.request_id}/revoke/`,
    })
    expect(revoke.statusCode).toBe(200)
    const changed = await as('ACO_ADMIN').request({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ status: 'revoked' })
  })
})

describe('the kept request counts behind the total', () => {
  /** The counts as the table of requests says they are, beside what the trigger kept (zero rows dropped). */
  async function countsNowAndKept() {
    const { rows: counted } = await t.app.ctx.database.executeSql(
      `select organization_id, requester_user_id, hidden_by_requester, status, count(*)::int as requests
         from authorization_requests group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    )
    const { rows: kept } = await t.app.ctx.database.executeSql(
      `select organization_id, requester_user_id, hidden_by_requester, status, sum(requests)::int as requests
         from authorization_request_counts group by 1, 2, 3, 4 having sum(requests) <> 0 order by 1, 2, 3, 4`,
    )
    return { counted, kept }
  }

  it('stay equal to a count of the requests, whoever writes them and however', async () => {
    const rows = await t.app.ctx.db.select().from(authorizationRequests)
    const [first, second, third, fourth] = rows
    if (!first || !second || !third || !fourth) throw new Error('too few requests')
    const other = rows.find((row) => row.requesterUserId !== first.requesterUserId)
    if (!other) throw new Error('one requester only')
    const database = t.app.ctx.database
    // Written with plain SQL (an operator, a migration): the trigger, not the service, keeps the counts.
    await database.executeSql(`update authorization_requests set status = 'expired' where id = $1`, [
      first.id,
    ])
    await database.executeSql(`update authorization_requests set hidden_by_requester = true where id = $1`, [
      second.id,
    ])
    await database.executeSql(`update authorization_requests set requester_user_id = $1 where id = $2`, [
      other.requesterUserId,
      third.id,
    ])
    // Several moves of one request in one transaction, and one that is rolled back.
    const moves = [
      { status: 'consent_pending' },
      { status: 'authorized' },
      { updatedAt: new Date() },
    ] as const
    await t.app.ctx.db.transaction(async (tx) => {
      for (const move of moves)
        await tx.update(authorizationRequests).set(move).where(eq(authorizationRequests.id, fourth.id))
    })
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await tx
          .update(authorizationRequests)
          .set({ status: 'revoked' })
          .where(eq(authorizationRequests.id, second.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await t.app.ctx.db.delete(authorizationRequests).where(eq(authorizationRequests.id, first.id))
    await create('ACO_ADMIN')
    const { counted, kept } = await countsNowAndKept()
    expect(kept).toEqual(counted)
    expect(counted.length).toBeGreaterThan(1)
  })

  it('give every list shape the total of its rows after those writes', async () => {
    const [acoUser] = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoUser('ACO_USER').email))
    for (const persona of ['ACO_ADMIN', 'ACO_USER', 'AGENT_USER', 'PHYSICIAN_ADMIN'] as const) {
      for (const query of [
        'scope=organization',
        'scope=mine',
        'scope=organization&status=authorized',
        `scope=organization&requester=${acoUser?.id}`,
      ]) {
        const first = await as(persona).request({ method: 'GET', url: `${BASE}?${query}&page_size=1` })
        if (first.statusCode === 403) continue
        const all = await allPages(persona, `${query}&page_size=100`)
        expect(first.json<{ count: number }>().count, `${persona} ${query}`).toBe(all.rows.length)
      }
    }
  })
})
