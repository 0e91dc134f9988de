// Organisation admins manage webhook endpoints; lifecycle events reach a local receiver signed, retried,
// and never at the portal's own network.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts'
import { JOB_SCHEMA, QUEUES } from '../../platform/jobs/queue.ts'
import { createPendingRequest } from '../../testing/consent-testing.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { userByEmail } from '../../platform/identity/index.ts'
import { demoUser } from '../demo-data/index.ts'
import { openOutboxMessage } from '../../platform/outbox/index.ts'
import { requestFacts } from '../authorization-requests/index.ts'
import { deliverWebhook, seedDemoWebhooks } from './index.ts'

type Received = { headers: IncomingHttpHeaders; body: string }

let t: TestApp
let receiver: Server
let receiverUrl: string
let answerStatus = 204
const received: Received[] = []
let ipCounter = 0
const nextIp = () => `10.8.0.${++ipCounter}`
let acoAdmin: TestClient
let physicianAdmin: TestClient

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = answerStatus
      response.end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  t = await buildTestApp({ config: { webhooksAllowLoopback: true } })
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
  physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})
afterEach(() => {
  answerStatus = 204
  received.length = 0
})

/** Moves the clock on; the admins sign in again, their sessions having expired meanwhile. */
async function advanceClock(ms: number): Promise<void> {
  t.clock.advance(ms)
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
  physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
}

async function addEndpoint(
  client: TestClient,
  payload: { url: string; events: string[] } = {
    url: receiverUrl,
    events: ['request.revoked', 'data.ready'],
  },
): Promise<{ id: string; secret: string }> {
  const response = await client.request({ method: 'POST', url: '/api/integrations/webhooks/', payload })
  expect(response.statusCode).toBe(201)
  return response.json()
}

async function deliveriesOf(endpointId: string) {
  return t.app.ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.createdAt)
}

async function deliverAll(endpointId: string): Promise<void> {
  for (const delivery of await deliveriesOf(endpointId)) await deliverWebhook(t.app.ctx, delivery.id)
}

/** Verified as an integrator would, with the reference library, at the time the portal signed it. */
function verify(secret: string, message: Received): Record<string, unknown> {
  vi.useFakeTimers({ now: t.clock.now, toFake: ['Date'] })
  try {
    return new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as Record<
      string,
      unknown
    >
  } finally {
    vi.useRealTimers()
  }
}

async function revokedRequest(): Promise<{ requestId: string; patientId: string }> {
  const pending = await createPendingRequest(t, { persona: 'ACO_ADMIN', patientName: 'Webhook Patient' })
  const revoked = await acoAdmin.request({
    method: 'POST',
    url: `/api/healthplans/requests/${pending.requestId}/revoke/`,
  })
  expect(revoked.statusCode).toBe(200)
  return pending
}

describe('managing endpoints', () => {
  it('answers a whsec_ secret once, keeps it sealed, lists without it, audits the change', async () => {
    const { id, secret } = await addEndpoint(acoAdmin)
    expect(secret).toMatch(/^whsec_/)
    const [row] = await t.app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
    expect(row?.secretEncrypted).not.toContain(secret.slice(6))
    const list = await acoAdmin.request({ method: 'GET', url: '/api/integrations/webhooks/' })
    expect(list.json().results).toContainEqual(
      expect.objectContaining({
        id,
        url: receiverUrl,
        events: ['request.revoked', 'data.ready'],
        enabled: true,
      }),
    )
    expect(list.body).not.toContain(secret)
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'integration.webhook_create'), eq(auditLog.targetId, id)))
    expect(audits).toHaveLength(1)
  })

  it('refuses bad addresses and unknown events with field errors', async () => {
    const attempt = (payload: object) =>
      acoAdmin.request({ method: 'POST', url: '/api/integrations/webhooks/', payload })
    const badUrl = await attempt({ url: 'http://hooks.example.com/', events: ['data.ready'] })
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.json()).toHaveProperty('url')
    expect((await attempt({ url: 'https://hooks.example.com/', events: ['patient.name'] })).statusCode).toBe(
      400,
    )
    expect((await attempt({ url: 'https://hooks.example.com/', events: [] })).statusCode).toBe(400)
  })

  it('refuses loopback http where the configuration does not allow it', async () => {
    t.app.ctx.config.webhooksAllowLoopback = false
    try {
      const refused = await acoAdmin.request({
        method: 'POST',
        url: '/api/integrations/webhooks/',
        payload: { url: receiverUrl, events: ['data.ready'] },
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ url: ['Enter an https:// address.'] })
    } finally {
      t.app.ctx.config.webhooksAllowLoopback = true
    }
  })

  it('hides another organisation’s endpoint (404) and refuses staff who are not admins (403)', async () => {
    const { id } = await addEndpoint(acoAdmin)
    for (const request of [
      { method: 'GET' as const, url: `/api/integrations/webhooks/${id}/deliveries/` },
      { method: 'PATCH' as const, url: `/api/integrations/webhooks/${id}/`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/api/integrations/webhooks/${id}/` },
      { method: 'POST' as const, url: `/api/integrations/webhooks/${id}/rotate-secret/` },
    ])
      expect((await physicianAdmin.request(request)).statusCode).toBe(404)
    const staff = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    expect((await staff.request({ method: 'GET', url: '/api/integrations/webhooks/' })).statusCode).toBe(403)
  })
})

describe('delivering events', () => {
  it('sends a lifecycle event signed in the Standard Webhooks format, with ids and no patient details', async () => {
    const { id, secret } = await addEndpoint(acoAdmin)
    const { requestId, patientId } = await revokedRequest()
    const [delivery] = await deliveriesOf(id)
    expect(delivery?.eventType).toBe('request.revoked')
    await deliverAll(id)
    expect(received).toHaveLength(1)
    const message = received[0] as Received
    expect(message.headers['webhook-id']).toBe(`msg_${delivery?.id}`)
    expect(verify(secret, message)).toMatchObject({
      type: 'request.revoked',
      data: { request_id: requestId, patient_id: patientId, status: 'revoked' },
    })
    expect(message.body).not.toContain('Webhook Patient')
    const log = await acoAdmin.request({ method: 'GET', url: `/api/integrations/webhooks/${id}/deliveries/` })
    expect(log.json().results[0]).toMatchObject({ status: 'delivered', attempts: 1, response_code: 204 })
  })

  it('queues nothing for endpoints not subscribed, disabled, or of another organisation', async () => {
    const quiet = await addEndpoint(acoAdmin, { url: receiverUrl, events: ['data.failed'] })
    const off = await addEndpoint(acoAdmin)
    await acoAdmin.request({
      method: 'PATCH',
      url: `/api/integrations/webhooks/${off.id}/`,
      payload: { enabled: false },
    })
    const other = await addEndpoint(physicianAdmin)
    await revokedRequest()
    for (const endpoint of [quiet, off, other]) expect(await deliveriesOf(endpoint.id)).toHaveLength(0)
  })

  it('announces a completed pull as data.ready', async () => {
    const { id } = await addEndpoint(acoAdmin, { url: receiverUrl, events: ['data.ready'] })
    const { requestId } = await createPendingRequest(t, {
      persona: 'ACO_ADMIN',
      patientName: 'Pulled Patient',
    })
    const [request] = await t.app.ctx.db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, requestId))
    if (!request) throw new Error('request missing')
    const runId = '00000000-0000-4000-8000-000000000abc'
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.events.publish(t.app.ctx, tx, 'ingestion.completed', {
        request: requestFacts(t.app.ctx, request),
        runId,
        at: t.clock.now,
      }),
    )
    const [delivery] = await deliveriesOf(id)
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'data.ready',
      data: { request_id: requestId, run_id: runId },
    })
  })

  it('retries a failing endpoint with backoff through the queue, then gives up after a day', async () => {
    const { id } = await addEndpoint(acoAdmin)
    await revokedRequest()
    answerStatus = 500
    await deliverAll(id)
    const [failed] = await deliveriesOf(id)
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 })
    expect(failed?.nextAttemptAt?.getTime()).toBe(t.clock.now.getTime() + 5_000)
    const { rows } = await t.app.ctx.database.executeSql(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and data->>'id' = $2 and start_after > now()`,
      [QUEUES.deliverWebhook, failed?.id],
    )
    expect(rows[0]).toEqual({ n: 1 })
    await advanceClock(25 * 60 * 60 * 1000)
    await deliverAll(id)
    const [gaveUp] = await deliveriesOf(id)
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null })
  })

  it('disables an endpoint after a day of failures and emails each of its organisation’s admins once', async () => {
    const { id } = await addEndpoint(acoAdmin)
    answerStatus = 503
    await revokedRequest()
    await deliverAll(id)
    await advanceClock(24 * 60 * 60 * 1000 + 1000)
    await revokedRequest()
    for (const delivery of await deliveriesOf(id))
      if (delivery.status === 'pending') await deliverWebhook(t.app.ctx, delivery.id)
    const [endpoint] = await t.app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
    expect(endpoint).toMatchObject({
      status: 'disabled',
      disabledReason: 'Disabled after failing for 24 hours.',
    })
    const emails = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.template, 'webhook-endpoint-disabled'),
          sql`${outboxMessages.createdAt} >= ${new Date(t.clock.now.getTime() - 1000).toISOString()}`,
        ),
      )
    const recipients = emails.map((email) => openOutboxMessage(t.app.ctx, email).to)
    expect(recipients).toContain(demoUser('ACO_ADMIN').email)
    expect(new Set(recipients).size).toBe(recipients.length)
    const sentBefore = received.length
    await revokedRequest()
    expect(received.length).toBe(sentBefore)
    const enabled = await acoAdmin.request({
      method: 'PATCH',
      url: `/api/integrations/webhooks/${id}/`,
      payload: { enabled: true },
    })
    expect(enabled.json()).toMatchObject({ enabled: true, failing_since: null, disabled_reason: null })
  })

  it('resends under the same webhook-id, so a receiver can drop the repeat', async () => {
    const { id, secret } = await addEndpoint(acoAdmin)
    await revokedRequest()
    await deliverAll(id)
    const [delivery] = await deliveriesOf(id)
    const resent = await acoAdmin.request({
      method: 'POST',
      url: `/api/integrations/webhooks/${id}/deliveries/${delivery?.id}/resend/`,
    })
    expect(resent.statusCode).toBe(202)
    await deliverAll(id)
    expect(received).toHaveLength(2)
    expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id'])
    expect(verify(secret, received[1] as Received)).toMatchObject({ type: 'request.revoked' })
  })

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const { id, secret: previous } = await addEndpoint(acoAdmin, { url: receiverUrl, events: ['data.ready'] })
    const rotated = await acoAdmin.request({
      method: 'POST',
      url: `/api/integrations/webhooks/${id}/rotate-secret/`,
    })
    const { secret: current } = rotated.json()
    expect(current).not.toBe(previous)
    const test = await acoAdmin.request({ method: 'POST', url: `/api/integrations/webhooks/${id}/test/` })
    expect(test.statusCode).toBe(202)
    await deliverAll(id)
    const during = received.at(-1) as Received
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2)
    expect(verify(previous, during)).toMatchObject({ type: 'webhook.test' })
    expect(verify(current, during)).toMatchObject({ type: 'webhook.test' })
    await advanceClock(24 * 60 * 60 * 1000 + 1000)
    await acoAdmin.request({ method: 'POST', url: `/api/integrations/webhooks/${id}/test/` })
    await deliverAll(id)
    const after = received.at(-1) as Received
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(verify(current, after)).toMatchObject({ type: 'webhook.test' })
    expect(() => verify(previous, after)).toThrow()
  })

  it('refuses at delivery time a name that now resolves inside the network, without connecting', async () => {
    const { id } = await addEndpoint(acoAdmin, {
      url: 'https://hooks.integrator.example/in',
      events: ['data.ready'],
    })
    await acoAdmin.request({ method: 'POST', url: `/api/integrations/webhooks/${id}/test/` })
    const [delivery] = await deliveriesOf(id)
    const resolve = async () => [{ address: '169.254.169.254', family: 4 as const }]
    await deliverWebhook(t.app.ctx, delivery?.id ?? '', { resolve })
    const [refused] = await deliveriesOf(id)
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, responseCode: null })
    expect(refused?.lastError).toMatch(/linkLocal address/)
    expect(received).toHaveLength(0)
  })
})

describe('the demo', () => {
  it('gives an organisation one disabled endpoint with a delivery log, once', async () => {
    const agentAdmin = await loginAs(t.app, 'AGENT_ADMIN', { ip: nextIp() })
    const organizationId =
      (await userByEmail(t.app.ctx.db, demoUser('AGENT_ADMIN').email))?.organizationId ?? ''
    expect(await seedDemoWebhooks(t.app.ctx, organizationId)).toBe(true)
    expect(await seedDemoWebhooks(t.app.ctx, organizationId)).toBe(false)
    const list = (await agentAdmin.request({ method: 'GET', url: '/api/integrations/webhooks/' })).json()
    expect(list.results).toHaveLength(1)
    expect(list.results[0]).toMatchObject({ enabled: false })
    const log = await agentAdmin.request({
      method: 'GET',
      url: `/api/integrations/webhooks/${list.results[0].id}/deliveries/`,
    })
    expect(log.json().results.map((delivery: { status: string }) => delivery.status)).toEqual([
      'failed',
      'delivered',
      'delivered',
    ])
  })
})
