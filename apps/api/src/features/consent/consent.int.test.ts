// The patient's side against the in-process Blue Button sandbox: link states, connect → Medicare login and
// consent (driven over HTTP) → callback → authorized + grant + receipt + queued pull; deny; decline.
import { consentPageSchema } from '@blueconsent/contract/consent'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequestEvents } from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { createClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { transitionRequest } from '../authorization-requests/index.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const provider = () =>
  createPendingRequest(t, { persona: 'ACO_USER', patientName: `Pat ${sandboxName('BBUser00001').family}` })

async function page(token: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/consent/${token}/` })
  expect(response.statusCode).toBe(200)
  return consentPageSchema.parse(response.json())
}

describe('consent link', () => {
  it('names who asks, for which data and how long (providers: all three data types, 13 months)', async () => {
    const { token } = await provider()
    const body = await page(token)
    expect(body).toMatchObject({
      state: 'open',
      status: 'pending',
      requester_name: 'Jordan Lee',
      requester_role: 'ACO_USER',
      requester_role_label: 'ACO Provider',
      organization_name: expect.any(String),
      data_types: ['medications', 'claims', 'risk_score'],
      authorization_type: 'healthcare_provider',
      access_duration: 'thirteen_months',
    })
  })

  it('tells agents’ patients that only medications are shared, once', async () => {
    const { token } = await createPendingRequest(t, {
      persona: 'AGENT_USER',
      patientName: 'Pat Agent',
      language: 'es',
    })
    expect(await page(token)).toMatchObject({
      data_types: ['medications'],
      access_duration: 'one_time',
      language: 'es',
    })
  })

  it('reveals nothing for an unknown token', async () => {
    const body = await page('x'.repeat(43))
    expect(body).toMatchObject({
      state: 'invalid',
      requester_name: null,
      organization_name: null,
      data_types: [],
    })
  })

  it('expires after 7 days: the page says so and connect is refused', async () => {
    const { token } = await provider()
    t.clock.advance(7 * DAY + 1000)
    try {
      expect((await page(token)).state).toBe('expired')
      const connect = await createClient(t.app).request({
        method: 'POST',
        url: `/api/consent/${token}/connect/`,
        payload: {},
      })
      expect(connect.statusCode).toBe(409)
    } finally {
      t.clock.advance(-(7 * DAY + 1000))
    }
  })

  it('reads as expired (not answered) when staff cancelled it before the patient answered', async () => {
    const request = await provider()
    await t.app.ctx.db.transaction((tx) =>
      transitionRequest(t.app.ctx, tx, {
        requestId: request.requestId,
        to: 'revoked',
        event: 'cancelled',
        actor: { kind: 'system' },
      }),
    )
    expect((await page(request.token)).state).toBe('expired')
  })

  it('refuses connect without the CSRF token', async () => {
    const { token } = await provider()
    const response = await createClient(t.app).request({
      method: 'POST',
      url: `/api/consent/${token}/connect/`,
      payload: {},
      csrf: false,
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('connect with Medicare', () => {
  it('authorizes, stores encrypted tokens per beneficiary and client, queues the pull and sends a receipt', async () => {
    const request = await provider()
    const connect = await createClient(t.app).request({
      method: 'POST',
      url: `/api/consent/${request.token}/connect/`,
      payload: { language: 'es' },
    })
    const authorizeUrl = new URL((connect.json() as { authorize_url: string }).authorize_url)
    expect(authorizeUrl.pathname).toBe('/bb-sandbox/v2/o/authorize/')
    expect(authorizeUrl.searchParams.get('client_id')).toBe('blueconsent-provider')
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorizeUrl.searchParams.get('lang')).toBe('es')

    const { callback } = await consentAtMedicare(t.app, request.token, { username: 'BBUser00001' })
    expect(callback).toBe('/consent/complete?result=authorized&lang=en')
    const row = await requestRow(t, request.requestId)
    expect(row.status).toBe('authorized')
    expect(row.consentAnsweredAt).not.toBeNull()
    const months = (row.expiresAt!.getTime() - t.clock.now.getTime()) / (30.4 * DAY)
    expect(months).toBeGreaterThan(12.5)
    expect(months).toBeLessThan(13.5)

    const [grant] = await t.app.ctx.db
      .select()
      .from(bluebuttonGrants)
      .where(eq(bluebuttonGrants.id, row.grantId!))
    expect(grant).toMatchObject({ clientId: 'blueconsent-provider', revokedAt: null })
    expect(grant!.accessTokenEncrypted).toMatch(/^v2:[0-9a-f]{16}:/)
    expect(grant!.refreshTokenEncrypted).toMatch(/^v2:[0-9a-f]{16}:/)
    expect(grant!.beneficiaryEncrypted).not.toContain('-10000020000001')

    expect((await latestRun(t, request.requestId)).status).toBe('queued')
    const jobs = await t.app.ctx.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'ingest-request'`,
    )
    expect(Number(jobs.rows[0]?.n)).toBeGreaterThan(0)
    const receipts = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'authorized_receipt'))
    expect(receipts.length).toBeGreaterThan(0)
    const events = await t.app.ctx.db
      .select()
      .from(authorizationRequestEvents)
      .where(
        and(
          eq(authorizationRequestEvents.requestId, request.requestId),
          eq(authorizationRequestEvents.toStatus, 'authorized'),
        ),
      )
    expect(events).toHaveLength(1)
    expect(events[0]?.actorKind).toBe('patient')

    // Single use: the link now reads as answered and cannot start another flow.
    expect((await page(request.token)).state).toBe('answered')
    const again = await createClient(t.app).request({
      method: 'POST',
      url: `/api/consent/${request.token}/connect/`,
      payload: {},
    })
    expect(again.statusCode).toBe(409)
  })

  it('a second consent by the same beneficiary to the same client reuses the grant row', async () => {
    const first = await provider()
    await consentAtMedicare(t.app, first.token, { username: 'BBUser00001' })
    const second = await provider()
    await consentAtMedicare(t.app, second.token, { username: 'BBUser00001' })
    const [a, b] = [await requestRow(t, first.requestId), await requestRow(t, second.requestId)]
    expect(a.grantId).toBe(b.grantId)
  })

  it('uses the one-time client for agents and ends access with the grant', async () => {
    const request = await createPendingRequest(t, { persona: 'AGENT_USER', patientName: 'Pat Agent' })
    const { outcome, callback } = await consentAtMedicare(t.app, request.token, { username: 'BBUser00001' })
    expect(outcome.kind).toBe('redirect')
    expect(callback).toContain('result=authorized')
    const row = await requestRow(t, request.requestId)
    const [grant] = await t.app.ctx.db
      .select()
      .from(bluebuttonGrants)
      .where(eq(bluebuttonGrants.id, row.grantId!))
    expect(grant?.clientId).toBe('blueconsent-agent')
    expect(grant?.refreshTokenEncrypted).toBeNull()
    expect(row.expiresAt!.getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(10 * HOUR)
  })

  it('access_denied at Medicare → denied, with a receipt', async () => {
    const request = await provider()
    const { callback } = await consentAtMedicare(t.app, request.token, {
      username: 'BBUser00001',
      allow: false,
    })
    expect(callback).toBe('/consent/complete?result=denied&lang=en')
    expect((await requestRow(t, request.requestId)).status).toBe('denied')
    expect((await page(request.token)).state).toBe('answered')
    const receipts = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'denied_receipt'))
    expect(receipts.length).toBeGreaterThan(0)
  })

  it('rejects a forged or replayed state', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/bluebutton/callback/?code=abc&state=' + 'z'.repeat(43),
    })
    expect(forged.statusCode).toBe(302)
    expect(forged.headers.location).toBe('/consent/complete?result=error&lang=en')

    const request = await provider()
    const { outcome } = await consentAtMedicare(t.app, request.token, { username: 'BBUser00001' })
    if (outcome.kind !== 'redirect') throw new Error('expected a redirect')
    const replay = await t.app.inject({
      method: 'GET',
      url: `${outcome.location.pathname}${outcome.location.search}`,
    })
    expect(replay.headers.location).toContain('result=error')
    expect((await requestRow(t, request.requestId)).status).toBe('authorized')
  })
})

describe('decline', () => {
  it('denies once; the link is then answered', async () => {
    const request = await provider()
    const client = createClient(t.app)
    const decline = await client.request({ method: 'POST', url: `/api/consent/${request.token}/decline/` })
    expect(decline.statusCode).toBe(200)
    expect(decline.json()).toEqual({ status: 'denied' })
    expect((await requestRow(t, request.requestId)).status).toBe('denied')
    const again = await client.request({ method: 'POST', url: `/api/consent/${request.token}/decline/` })
    expect(again.statusCode).toBe(409)
    expect((await page(request.token)).state).toBe('answered')
  })
})
