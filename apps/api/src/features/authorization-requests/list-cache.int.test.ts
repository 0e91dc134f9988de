// The request list is served from memory while nothing it shows has changed (lib/answer-cache.ts, keyed by
// the organisation's data revision that migration 0017's triggers raise). These tests pin that every kind
// of change shows on the very next read, whoever wrote it (the API, or SQL as an operator or worker would),
// that a caller's narrower scope applies at once, that the day's resend count starts again at midnight UTC,
// and that repeated reads really are answered from memory.
import {
  authorizationRequestSchema,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authorizationRequestEvents,
  authorizationRequests,
} from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { organizationDataRevisions } from '../../platform/db/schema/organizations.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { userTins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

const BASE = '/api/healthplans/requests/'
const ORGANIZATION_PAGE = `${BASE}?scope=organization&page_size=50`
type Page = { count: number; results: AuthorizationRequest[] }

let t: TestApp
let admin: TestClient
let user: TestClient
let sequence = 0

async function create(client: TestClient): Promise<AuthorizationRequest> {
  sequence += 1
  const response = await client.request({
    method: 'POST',
    url: BASE,
    payload: {
      health_plan: 'medicare',
      patient_mrn: `CACHE-${sequence}-${Date.now()}`,
      contact_method: 'email',
      contact_value: `cache${sequence}@example.org`,
      metadata: { patient_name: `Cached Patient ${sequence}` },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return authorizationRequestSchema.parse(response.json())
}

async function read(client: TestClient, url = ORGANIZATION_PAGE): Promise<{ page: Page; etag: string }> {
  const response = await client.request({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return { page: response.json<Page>(), etag: String(response.headers.etag) }
}

const rowOf = (page: Page, id: string): AuthorizationRequest => {
  const row = page.results.find((candidate) => candidate.request_id === id)
  if (!row) throw new Error(`request ${id} is not on the page`)
  return row
}

/** The organisation's revision: the sum of its slots. */
async function revisionOf(organizationId: string): Promise<number> {
  const [row] = await t.app.ctx.db
    .select({
      revision: sql<number>`coalesce(sum(${organizationDataRevisions.revision}), 0)`.mapWith(Number),
    })
    .from(organizationDataRevisions)
    .where(eq(organizationDataRevisions.organizationId, organizationId))
  return row?.revision ?? 0
}

async function organizationOf(requestId: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .select({ organizationId: authorizationRequests.organizationId })
    .from(authorizationRequests)
    .where(eq(authorizationRequests.id, requestId))
  if (!row) throw new Error('request missing')
  return row.organizationId
}

beforeAll(async () => {
  t = await buildTestApp()
  admin = await loginAs(t.app, 'ACO_ADMIN')
  user = await loginAs(t.app, 'ACO_USER')
})
afterAll(async () => {
  await t.close()
})

describe('the request list served from memory', () => {
  it('answers a repeated read from memory, and stops the moment a change is committed', async () => {
    const request = await create(admin)
    const first = await read(admin)
    // A write that bypasses the triggers (replica mode) is invisible to the cache: proof the next answer
    // came from memory and not from the database.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx
        .update(authorizationRequests)
        .set({ statusMessage: 'unseen' })
        .where(eq(authorizationRequests.id, request.request_id))
    })
    const again = await read(admin)
    expect(again.etag).toBe(first.etag)
    expect(rowOf(again.page, request.request_id).message).not.toBe('unseen')
    // The same change through the triggers shows at once.
    await t.app.ctx.db
      .update(authorizationRequests)
      .set({ statusMessage: 'seen' })
      .where(eq(authorizationRequests.id, request.request_id))
    const changed = await read(admin)
    expect(changed.etag).not.toBe(first.etag)
    expect(rowOf(changed.page, request.request_id).message).toBe('seen')
  })

  it('shows a request created through the API on the next read', async () => {
    const before = await read(admin)
    const request = await create(admin)
    const after = await read(admin)
    expect(after.page.count).toBe(before.page.count + 1)
    // The test clock stands still, so requests tie on created_at and the id orders them: look it up.
    expect(after.page.results.map((row) => row.request_id)).toContain(request.request_id)
  })

  it('shows a pull starting and progressing, and the patient synced', async () => {
    const request = await create(admin)
    await read(admin)
    const patientId = request.patient_id
    if (!patientId) throw new Error('no patient')
    const [run] = await t.app.ctx.db
      .insert(ingestionRuns)
      .values({ requestId: request.request_id, patientId, status: 'running', pagesFetched: 1, pagesTotal: 4 })
      .returning({ id: ingestionRuns.id })
    if (!run) throw new Error('no run')
    expect(rowOf((await read(admin)).page, request.request_id).ingestion).toMatchObject({
      status: 'running',
      pages_fetched: 1,
    })
    await t.app.ctx.db.update(ingestionRuns).set({ pagesFetched: 3 }).where(eq(ingestionRuns.id, run.id))
    expect(rowOf((await read(admin)).page, request.request_id).ingestion.pages_fetched).toBe(3)
    const syncedAt = new Date('2026-01-02T03:04:05.000Z')
    await t.app.ctx.db.update(ingestionRuns).set({ status: 'completed' }).where(eq(ingestionRuns.id, run.id))
    await t.app.ctx.db.update(patients).set({ lastSyncedAt: syncedAt }).where(eq(patients.id, patientId))
    expect(rowOf((await read(admin)).page, request.request_id).ingestion).toMatchObject({
      status: 'completed',
      last_synced_at: syncedAt.toISOString(),
    })
  })

  it("shows a requester's new name on their rows", async () => {
    const request = await create(admin)
    await read(admin)
    await t.app.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, request.requester.id))
    expect(rowOf((await read(admin)).page, request.request_id).requester.name).toMatch(/^Renamed /)
  })

  it("counts today's resends, and starts again at midnight UTC", async () => {
    const request = await create(admin)
    expect(rowOf((await read(admin)).page, request.request_id).resends_today).toBe(0)
    const now = t.clock.now
    await t.app.ctx.db
      .insert(authorizationRequestEvents)
      .values({ requestId: request.request_id, event: 'resent', actorKind: 'system', occurredAt: now })
    expect(rowOf((await read(admin)).page, request.request_id).resends_today).toBe(1)
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
    t.clock.advance(midnight - now.getTime() + 1_000)
    // Tokens outlive the jump only if the clock stays within their lifetime: sign in again.
    admin = await loginAs(t.app, 'ACO_ADMIN')
    user = await loginAs(t.app, 'ACO_USER')
    expect(rowOf((await read(admin)).page, request.request_id).resends_today).toBe(0)
  })

  it("applies a narrower TIN scope to the caller's very next read", async () => {
    const request = await create(user)
    const [assigned] = await t.app.ctx.db
      .select({ tinId: userTins.tinId })
      .from(userTins)
      .where(eq(userTins.userId, request.requester.id))
    if (!assigned) throw new Error('the demo ACO user works under no TIN')
    await t.app.ctx.db
      .update(patients)
      .set({ tinId: assigned.tinId })
      .where(eq(patients.id, request.patient_id ?? ''))
    const mine = `${BASE}?page_size=50`
    expect((await read(user, mine)).page.results.map((row) => row.request_id)).toContain(request.request_id)
    // Removing the TIN changes no request, patient or name, so the revision stays; the scope is in the key.
    await t.app.ctx.db.delete(userTins).where(eq(userTins.userId, request.requester.id))
    expect((await read(user, mine)).page.results.map((row) => row.request_id)).not.toContain(
      request.request_id,
    )
  })

  it('raises the revision once per transaction, and not for a sign-in', async () => {
    const request = await create(admin)
    const organizationId = await organizationOf(request.request_id)
    const before = await revisionOf(organizationId)
    await t.app.ctx.db.transaction(async (tx) => {
      await tx
        .update(authorizationRequests)
        .set({ statusMessage: 'one' })
        .where(eq(authorizationRequests.id, request.request_id))
      await tx
        .insert(authorizationRequestEvents)
        .values({ requestId: request.request_id, event: 'note', actorKind: 'system' })
      await tx
        .update(authorizationRequests)
        .set({ statusMessage: 'two' })
        .where(eq(authorizationRequests.id, request.request_id))
    })
    expect(await revisionOf(organizationId)).toBe(before + 1)
    await t.app.ctx.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.id, request.requester.id))
    expect(await revisionOf(organizationId)).toBe(before + 1)
  })
})
