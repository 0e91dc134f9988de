// A Medicare grant that CMS reports ended ends the provider's authorization: a refresh answered
// invalid_grant, a pull after the grant's end, or the end passing in the sweep moves the request to expired
// with the reason recorded and shown, and publishes the expired event (integrators receive request.expired).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authorizationRequestEvents,
  authorizationRequests,
} from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import { webhookDeliveries } from '../../platform/db/schema/webhooks.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { runLifecycleSweep } from '../authorization-requests/index.ts'
import { blueButtonClients, grantTokenSource } from '../bluebutton/index.ts'
import { runIngestion } from './ingestion.service.ts'

let t: TestApp
let admin: TestClient
beforeAll(async () => {
  t = await buildTestApp()
  admin = await loginAs(t.app, 'ACO_ADMIN')
  const endpoint = await admin.request({
    method: 'POST',
    url: '/api/integrations/webhooks/',
    payload: { url: 'https://hooks.example.org/ended', events: ['request.expired'] },
  })
  expect(endpoint.statusCode, endpoint.body).toBe(201)
})
afterAll(() => t?.close())

async function authorized(username: string) {
  const name = sandboxName(username)
  const request = await createPendingRequest(t, {
    persona: 'ACO_ADMIN',
    patientName: `${name.given} ${name.family}`,
  })
  const { callback } = await consentAtMedicare(t.app, request.token, { username })
  expect(callback).toContain('result=authorized')
  return request
}

const grantOf = async (requestId: string) => {
  const { grantId } = await requestRow(t, requestId)
  const [grant] = await t.app.ctx.db.select().from(bluebuttonGrants).where(eq(bluebuttonGrants.id, grantId!))
  if (!grant) throw new Error('no grant')
  return grant
}

const endedEvent = async (requestId: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(authorizationRequestEvents)
      .where(
        and(
          eq(authorizationRequestEvents.requestId, requestId),
          eq(authorizationRequestEvents.event, 'medicare_grant_ended'),
        ),
      )
  )[0]

const expiredWebhooks = async (requestId: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'request.expired'))
  ).filter((d) => (JSON.parse(d.body) as { data: { request_id?: string } }).data.request_id === requestId)

async function answerOf(requestId: string) {
  const response = await admin.request({ method: 'GET', url: `/api/healthplans/requests/${requestId}/` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('a grant CMS reports ended', () => {
  it('expires the request when a refresh is answered invalid_grant, with the reason shown', async () => {
    const request = await authorized('BBUser00005')
    const grant = await grantOf(request.requestId)
    const staleRefresh = grant.refreshTokenEncrypted!
    // Rotate once, then put the used refresh token back: CMS refuses it as it refuses an ended grant's.
    const client = blueButtonClients(t.app.ctx).forType('healthcare_provider')
    const source = grantTokenSource(t.app.ctx, grant.id, client)
    if (typeof source === 'string') throw new Error('a grant gives a token source')
    await source(decrypt(t.app.ctx.keys, grant.accessTokenEncrypted!))
    await t.app.ctx.db
      .update(bluebuttonGrants)
      .set({
        refreshTokenEncrypted: staleRefresh,
        accessTokenEncrypted: encrypt(t.app.ctx.keys, 'stale'),
        accessExpiresAt: new Date(t.clock.now.getTime() - 1000),
      })
      .where(eq(bluebuttonGrants.id, grant.id))

    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('failed')
    const row = await requestRow(t, request.requestId)
    expect(row.status).toBe('expired')
    expect(row.statusMessage).toMatch(/^Medicare access ended on .+ ET\. Ask the patient to connect again\.$/)
    expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(t.clock.now.getTime())
    expect((await endedEvent(request.requestId))?.details).toEqual({
      reason: 'medicare_grant_ended',
      code: 'reconsent_required',
    })
    const answer = await answerOf(request.requestId)
    expect(answer).toMatchObject({ status: 'expired', message: row.statusMessage })
    expect(answer.ended_at).toBe(row.expiresAt!.toISOString())
    expect(await expiredWebhooks(request.requestId)).toHaveLength(1)
    // The ended grant's tokens are destroyed with the authorization.
    expect((await grantOf(request.requestId)).accessTokenEncrypted).toBeNull()
  })

  it('expires the request when a pull finds the grant’s end has passed', async () => {
    const request = await authorized('BBUser00006')
    const grant = await grantOf(request.requestId)
    await t.app.ctx.db
      .update(bluebuttonGrants)
      .set({ grantExpiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(bluebuttonGrants.id, grant.id))
    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('failed')
    const row = await requestRow(t, request.requestId)
    expect(row.status).toBe('expired')
    expect((await endedEvent(request.requestId))?.details).toMatchObject({ reason: 'medicare_grant_ended' })
    expect(await expiredWebhooks(request.requestId)).toHaveLength(1)
  })

  it('expires the request in the sweep once Medicare’s end passes before the portal’s own end', async () => {
    const request = await authorized('BBUser00007')
    const now = t.clock.now.getTime()
    const medicareEnd = new Date(now + 5 * 86_400_000)
    const { medicareAccessEndsAt, expiresAt } = await requestRow(t, request.requestId)
    expect(medicareAccessEndsAt).not.toBeNull()
    expect(expiresAt!.getTime()).toBeGreaterThan(medicareEnd.getTime())
    await t.app.ctx.db
      .update(bluebuttonGrants)
      .set({ grantExpiresAt: medicareEnd })
      .where(eq(bluebuttonGrants.id, (await grantOf(request.requestId)).id))
    await t.app.ctx.db
      .update(authorizationRequests)
      .set({ medicareAccessEndsAt: medicareEnd })
      .where(eq(authorizationRequests.id, request.requestId))

    await runLifecycleSweep(t.app.ctx, new Date(medicareEnd.getTime() - 1))
    expect((await requestRow(t, request.requestId)).status).toBe('authorized')
    await runLifecycleSweep(t.app.ctx, medicareEnd)
    const row = await requestRow(t, request.requestId)
    expect(row.status).toBe('expired')
    expect(row.expiresAt).toEqual(medicareEnd)
    expect(row.statusMessage).toMatch(/^Medicare access ended on /)
    expect((await answerOf(request.requestId)).ended_at).toBe(medicareEnd.toISOString())
    expect(await expiredWebhooks(request.requestId)).toHaveLength(1)
  })
})
