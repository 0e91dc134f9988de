// SMS end to end against a local stand-in speaking Twilio's Messages API (so the real fetch sender runs),
// the signed inbound webhook (YES / STOP / HELP), and the dev 'reply as patient' control.
import { formatMoment } from '@blueconsent/contract/durations'
import type { AddressInfo } from 'node:net'
import formbody from '@fastify/formbody'
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import type { OutboxMessage } from '@blueconsent/contract/dev-outbox'
import Fastify, { type FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { sendPatientMessage } from './messaging.service.ts'
import { classifyReply } from './sms-inbound.ts'
import { twilioSignature } from '../../platform/outbox/index.ts'
import { requestFacts } from '../authorization-requests/index.ts'

const SID = 'ACtest00000000000000000000000000'
const AUTH_TOKEN = 'twilio-test-auth-token'
const FROM = '+15550009999'
const WEBHOOK_URL = 'https://portal.example.test/api/webhooks/twilio/sms/'
const REFUSED_NUMBER = '+15550001111'

type Sent = { to: string; from: string; body: string }

async function startTwilioStandIn(sent: Sent[]): Promise<{ server: FastifyInstance; url: string }> {
  const server = Fastify()
  await server.register(formbody)
  server.post<{ Params: { sid: string }; Body: Record<string, string> }>(
    '/2010-04-01/Accounts/:sid/Messages.json',
    async (request, reply) => {
      const expected = `Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`
      if (request.params.sid !== SID || request.headers.authorization !== expected) {
        return reply.status(401).send({ code: 20003, message: 'Authenticate', status: 401 })
      }
      if (request.body.To === REFUSED_NUMBER) {
        return reply.status(400).send({
          code: 21211,
          message: `The 'To' number ${REFUSED_NUMBER} is not a valid phone number.`,
          status: 400,
        })
      }
      sent.push({ to: request.body.To ?? '', from: request.body.From ?? '', body: request.body.Body ?? '' })
      return reply.status(201).send({ sid: `SM${String(sent.length).padStart(32, '0')}`, status: 'queued' })
    },
  )
  await server.listen({ port: 0, host: '127.0.0.1' })
  return { server, url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` }
}

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function createPhoneRequest(
  client: TestClient,
  phone: string,
  language?: 'es',
): Promise<AuthorizationRequest> {
  const response = await client.request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      patient_mrn: `SMS-${phone}-${Date.now()}`,
      contact_method: 'phone',
      contact_value: phone,
      metadata: { patient_name: 'Rosa Diaz' },
      ...(language ? { language } : {}),
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

function inbound(t: TestApp, params: Record<string, string>, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/sms/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  })
}

const twilioParams = (from: string, body: string) => ({
  MessageSid: 'SM123',
  AccountSid: SID,
  From: from,
  To: FROM,
  Body: body,
  NumMedia: '0',
})
const signed = (t: TestApp, params: Record<string, string>) =>
  inbound(t, params, twilioSignature(AUTH_TOKEN, WEBHOOK_URL, params))

const requestRow = async (t: TestApp, id: string) =>
  (await t.app.ctx.db.select().from(authorizationRequests).where(eq(authorizationRequests.id, id)))[0]

describe('Twilio delivery and the signed webhook', () => {
  const sent: Sent[] = []
  let standIn: { server: FastifyInstance; url: string }
  let t: TestApp
  let client: TestClient

  beforeAll(async () => {
    standIn = await startTwilioStandIn(sent)
    t = await buildTestApp({
      config: {
        runWorkers: true,
        twilio: {
          accountSid: SID,
          authToken: AUTH_TOKEN,
          fromNumber: FROM,
          apiBaseUrl: standIn.url,
          webhookUrl: WEBHOOK_URL,
        },
      },
    })
    client = await loginAs(t.app, 'CLINICIAN')
  })
  afterAll(async () => {
    await t.close()
    await standIn.server.close()
  })

  it('sends the opt-in text through Twilio and marks the outbox row sent', async () => {
    await createPhoneRequest(client, '(555) 300-0001')
    const text = await waitFor(() => sent.find((s) => s.to === '+15553000001'))
    expect(text.from).toBe(FROM)
    expect(text.body).toContain('Reply YES')
    const row = await waitFor(async () => {
      const list = (await t.app.inject({ url: '/api/dev/outbox/' })).json<{ results: OutboxMessage[] }>()
        .results
      return list.find((m) => m.to === '+15553000001' && m.status === 'sent')
    })
    expect(row.channel).toBe('sms')
  })

  it('refuses unsigned and wrongly signed webhooks without touching the request', async () => {
    const request = await createPhoneRequest(client, '(555) 300-0002')
    const params = twilioParams('+15553000002', 'YES')
    expect((await inbound(t, params)).statusCode).toBe(403)
    expect((await inbound(t, params, twilioSignature('wrong-token', WEBHOOK_URL, params))).statusCode).toBe(
      403,
    )
    // Signed for another URL, or with a changed body after signing.
    expect(
      (
        await inbound(
          t,
          params,
          twilioSignature(AUTH_TOKEN, 'https://evil.example/api/webhooks/twilio/sms/', params),
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (await inbound(t, { ...params, Body: 'STOP' }, twilioSignature(AUTH_TOKEN, WEBHOOK_URL, params)))
        .statusCode,
    ).toBe(403)
    expect((await requestRow(t, request.request_id))?.status).toBe('consent_pending')
  })

  it('YES moves the request to pending and texts the link; the reply is empty TwiML', async () => {
    const request = await createPhoneRequest(client, '(555) 300-0003')
    const response = await signed(t, twilioParams('+15553000003', ' yes '))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/xml')
    expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
    const row = await requestRow(t, request.request_id)
    expect(row).toMatchObject({ status: 'pending', smsConsent: 'opted_in' })
    expect(row?.consentTokenHash).toEqual(expect.any(String))
    const link = await waitFor(() =>
      sent.find((s) => s.to === '+15553000003' && s.body.includes('/consent/')),
    )
    expect(link.body).toMatch(/http:\/\/localhost:8000\/consent\/[\w-]{43} /)
    // The link's end is stated as the exact moment stored on the request, which the consent page shows too.
    const stated = formatMoment(row?.consentTokenExpiresAt ?? new Date(0), 'en')
    expect(link.body).toContain(`It works until ${stated}.`)
  })

  it('STOP denies the request and nothing more is ever sent for it', async () => {
    const request = await createPhoneRequest(client, '(555) 300-0004')
    await waitFor(() => sent.find((s) => s.to === '+15553000004'))
    const response = await signed(t, twilioParams('+15553000004', 'Stop'))
    expect(response.statusCode).toBe(200)
    const row = await requestRow(t, request.request_id)
    expect(row).toMatchObject({ status: 'denied', smsConsent: 'opted_out', consentTokenHash: null })
    const resend = await client.request({
      method: 'POST',
      url: `/api/healthplans/requests/${request.request_id}/resend/`,
    })
    expect(resend.statusCode).toBe(409)
    if (!row) throw new Error('no row')
    expect(
      await sendPatientMessage(t.app.ctx, t.app.ctx.db, {
        request: requestFacts(t.app.ctx, row),
        template: 'denied_receipt',
      }),
    ).toBeNull()
    // A later YES finds nothing to opt in to.
    await signed(t, twilioParams('+15553000004', 'YES'))
    expect((await requestRow(t, request.request_id))?.status).toBe('denied')
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(sent.filter((s) => s.to === '+15553000004')).toHaveLength(1)
  })

  it('HELP answers in the request’s language', async () => {
    await createPhoneRequest(client, '(555) 300-0005', 'es')
    await signed(t, twilioParams('+15553000005', 'AYUDA'))
    const help = await waitFor(() =>
      sent.find((s) => s.to === '+15553000005' && s.body.includes('Responda SI para recibir el enlace')),
    )
    expect(help.body).toContain('Valley Community Health Center (demo)')
  })

  it('records a refused send as a failure with Twilio’s code only', async () => {
    await createPhoneRequest(client, '(555) 000-1111')
    const failed = await waitFor(async () => {
      const rows = await t.app.ctx.db.query.outboxMessages.findMany()
      return rows.find((r) => r.channel === 'sms' && r.lastError !== null)
    })
    expect(failed.lastError).toContain('code 21211')
    expect(failed.lastError).not.toContain('5550001111')
  })
})

describe('dev reply as patient (no Twilio)', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers an outbox SMS as the patient with the webhook’s service', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_USER')
    const request = await createPhoneRequest(client, '(555) 400-0001')
    const list = (await t.app.inject({ url: '/api/dev/outbox/' })).json<{ results: OutboxMessage[] }>()
      .results
    const optIn = list.find((m) => m.to === '+15554000001')
    expect(optIn?.channel).toBe('sms')
    const reply = await client.request({
      method: 'POST',
      url: '/api/dev/sms-reply/',
      payload: { message_id: optIn?.id, body: 'YES' },
    })
    expect(reply.json()).toEqual({ action: 'opted_in', requests: 1 })
    expect((await requestRow(t, request.request_id))?.status).toBe('pending')
    const after = (await t.app.inject({ url: '/api/dev/outbox/' })).json<{ results: OutboxMessage[] }>()
      .results
    expect(after.find((m) => m.to === '+15554000001' && m.links.length === 1)?.links[0]).toMatch(
      /\/consent\//,
    )
    const help = await client.request({
      method: 'POST',
      url: '/api/dev/sms-reply/',
      payload: { message_id: optIn?.id, body: 'HELP' },
    })
    expect(help.json()).toEqual({ action: 'help', requests: 1 })
    const stop = await client.request({
      method: 'POST',
      url: '/api/dev/sms-reply/',
      payload: { message_id: optIn?.id, body: 'STOP' },
    })
    expect(stop.json()).toEqual({ action: 'opted_out', requests: 1 })
    expect((await requestRow(t, request.request_id))?.status).toBe('denied')
  })

  it('refuses email messages and has no webhook without Twilio settings', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_USER')
    await client.request({
      method: 'POST',
      url: '/api/healthplans/requests/',
      payload: {
        health_plan: 'medicare',
        patient_mrn: `E-${Date.now()}`,
        contact_method: 'email',
        contact_value: 'x@example.org',
        metadata: { patient_name: 'Ann Lee' },
      },
    })
    const email = (await t.app.inject({ url: '/api/dev/outbox/' }))
      .json<{ results: OutboxMessage[] }>()
      .results.find((m) => m.channel === 'email')
    const reply = await client.request({
      method: 'POST',
      url: '/api/dev/sms-reply/',
      payload: { message_id: email?.id, body: 'YES' },
    })
    expect(reply.statusCode).toBe(404)
    expect((await inbound(t, twilioParams('+15554000001', 'YES'))).statusCode).toBe(404)
  })
})

describe('reply words', () => {
  it('knows YES, STOP and HELP in their usual forms', () => {
    expect(['YES', 'y', 'Sí', 'si!', 'Yes please'].map(classifyReply)).toEqual(Array(5).fill('opted_in'))
    expect(['STOP', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit'].map(classifyReply)).toEqual(
      Array(6).fill('opted_out'),
    )
    expect(['HELP', 'info', 'Ayuda'].map(classifyReply)).toEqual(Array(3).fill('help'))
    expect(['maybe', '', 'yesterday'].map(classifyReply)).toEqual(Array(3).fill('ignored'))
  })
})

describe('dev tools off', () => {
  it('has no reply-as-patient endpoint', async () => {
    const t = await buildTestApp({ config: { devTools: false } })
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/dev/sms-reply/',
        payload: { message_id: '00000000-0000-4000-8000-000000000000', body: 'YES' },
      })
      expect(response.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
