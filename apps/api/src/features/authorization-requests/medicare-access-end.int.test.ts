// When Medicare's own access ends, as every answer serves it: the request (single read and list row), the
// patient, and the Data Access set of approvals ending within 30 days, which counts Medicare's end when a
// provider's grant ends before the portal's own end.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { insertPatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

const DAY = 86_400_000
let t: TestApp
let admin: TestClient

beforeAll(async () => {
  t = await buildTestApp()
  admin = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

const get = async (client: TestClient, url: string) => {
  const response = await client.request({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('medicare_access_ends_at', () => {
  it('is Blue Button’s grant expiration on the request, its list row and the patient', async () => {
    const pending = await createPendingRequest(t, {
      persona: 'ACO_ADMIN',
      patientName: `Pat ${sandboxName('BBUser00001').family}`,
    })
    await consentAtMedicare(t.app, pending.token, { username: 'BBUser00001' })
    const row = await requestRow(t, pending.requestId)
    expect(row.status).toBe('authorized')
    const [grant] = await t.app.ctx.db
      .select()
      .from(bluebuttonGrants)
      .where(eq(bluebuttonGrants.id, row.grantId!))
    expect(grant?.grantExpiresAt).toBeInstanceOf(Date)
    const expected = grant!.grantExpiresAt!.toISOString()
    expect(row.medicareAccessEndsAt?.toISOString()).toBe(expected)

    const single = await get(admin, `/api/healthplans/requests/${pending.requestId}/`)
    expect(single.medicare_access_ends_at).toBe(expected)
    const list = await get(admin, '/api/healthplans/requests/?page_size=100')
    const listed = list.results.find((r: { request_id: string }) => r.request_id === pending.requestId)
    expect(listed?.medicare_access_ends_at).toBe(expected)
    const patient = await get(admin, `/api/patients/${pending.patientId}/`)
    expect(patient.authorization).toMatchObject({
      request_id: pending.requestId,
      medicare_access_ends_at: expected,
    })
  })

  it('is the one-time grant’s hour for an agent', async () => {
    const pending = await createPendingRequest(t, { persona: 'AGENT_USER', patientName: 'Pat Agent' })
    await consentAtMedicare(t.app, pending.token, { username: 'BBUser00001' })
    const row = await requestRow(t, pending.requestId)
    expect(row.status).toBe('authorized')
    const agent = await loginAs(t.app, 'AGENT_USER')
    const single = await get(agent, `/api/healthplans/requests/${pending.requestId}/`)
    const hour = Date.parse(single.medicare_access_ends_at) - row.authorizedAt!.getTime()
    // Blue Button's own expiration when given (the sandbox gives the token's hour), else the hour itself.
    expect(hour).toBeGreaterThan(59 * 60 * 1000)
    expect(hour).toBeLessThanOrEqual(60 * 60 * 1000)
    // The agent's own 10 hours are not shortened by it.
    expect(Date.parse(single.expires_at) - row.authorizedAt!.getTime()).toBe(10 * 60 * 60 * 1000)
  })

  it('is null before the patient agrees', async () => {
    const pending = await createPendingRequest(t, { persona: 'ACO_ADMIN', patientName: 'Pat Waiting' })
    const single = await get(admin, `/api/healthplans/requests/${pending.requestId}/`)
    expect(single.medicare_access_ends_at).toBeNull()
  })
})

describe('Data Access: ending within 30 days', () => {
  it('counts a provider’s approval whose Medicare grant ends within 30 days, though the portal’s end is later', async () => {
    const now = t.app.ctx.clock().getTime()
    const early = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Grant Ends Early', tin: 'first' })
    const late = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Grant Ends Late', tin: 'first' })
    const set = async (id: string, medicareDays: number) =>
      t.app.ctx.db
        .update(authorizationRequests)
        .set({
          authorizedAt: new Date(now - 300 * DAY),
          expiresAt: new Date(now + 200 * DAY),
          medicareAccessEndsAt: new Date(now + medicareDays * DAY),
        })
        .where(eq(authorizationRequests.id, id))
    await set(early.requestId, 12)
    await set(late.requestId, 90)
    const listed = await get(
      admin,
      '/api/healthplans/requests/?attention=ending_within_30_days&page_size=100',
    )
    const ids = listed.results.map((r: { request_id: string }) => r.request_id)
    expect(ids).toContain(early.requestId)
    expect(ids).not.toContain(late.requestId)
    const figures = (await get(admin, '/api/dashboard/')).requests
    expect(figures.expiring_within_30_days).toBe(listed.count)
  })
})
