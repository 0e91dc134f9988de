import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CLIENTS, PREFIX, basic, dance, fhirGet, form, makeSandbox, type Tokens } from './helpers.ts'

let app: FastifyInstance
let tokens: Tokens
beforeAll(async () => {
  ;({ app } = await makeSandbox())
  tokens = await dance(app, { username: 'BBUser00020' })
})
afterAll(() => app.close())

const setFault = (clientId: string, body: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `${PREFIX}/__admin/faults/${clientId}`, payload: body })
const clearFault = (clientId: string) =>
  app.inject({ method: 'DELETE', url: `${PREFIX}/__admin/faults/${clientId}` })
const eob = () => fhirGet(app, '/v2/fhir/ExplanationOfBenefit', tokens.access_token)

describe('fault injection', () => {
  it('is absent unless adminEnabled', async () => {
    const { app: closed } = await makeSandbox({ adminEnabled: false })
    const res = await closed.inject({
      method: 'PUT',
      url: `${PREFIX}/__admin/faults/provider`,
      payload: { kind: 'rate-limit' },
    })
    expect(res.statusCode).toBe(404)
    await closed.close()
  })

  it('429 with Retry-After and the DRF throttle message, for the chosen number of calls', async () => {
    expect(
      (await setFault('provider', { kind: 'rate-limit', retryAfterSeconds: 7, count: 2 })).statusCode,
    ).toBe(200)
    for (let i = 0; i < 2; i++) {
      const res = await eob()
      expect(res.statusCode).toBe(429)
      expect(res.headers['retry-after']).toBe('7')
      expect(res.json()).toEqual({ detail: 'Request was throttled. Expected available in 7 seconds.' })
    }
    expect((await eob()).statusCode).toBe(200)
  })

  it.each([500, 502, 503, 504])('%i server errors until cleared', async (status) => {
    await setFault('provider', { kind: 'server-error', status })
    expect((await eob()).statusCode).toBe(status)
    expect((await eob()).statusCode).toBe(status)
    await clearFault('provider')
    expect((await eob()).statusCode).toBe(200)
  })

  it('upstream 400 carries Blue Button’s upstream message', async () => {
    await setFault('provider', { kind: 'upstream-400', count: 1 })
    const res = await eob()
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/^An error occurred contacting the upstream server:/)
  })

  it('slow responses delay, then answer normally', async () => {
    await setFault('provider', { kind: 'slow', delayMs: 150, count: 1 })
    const started = Date.now()
    const res = await eob()
    expect(res.statusCode).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('only affects the chosen client and surface', async () => {
    await setFault('research', { kind: 'server-error', status: 503 })
    expect((await eob()).statusCode).toBe(200)
    await clearFault('research')
    await setFault('provider', { kind: 'server-error', status: 503, surface: 'token', count: 1 })
    expect((await eob()).statusCode).toBe(200)
    const token = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/token/`,
      ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(CLIENTS.provider),
      },
    })
    expect(token.statusCode).toBe(503)
    expect(token.json()).toEqual({ status_code: 503, message: 'Failed to retrieve data from data source.' })
  })

  it('CMS switching the app off: FHIR, token and authorize answer 403 until it is back on', async () => {
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `${PREFIX}/__admin/clients/provider`,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(200)
    const fhir = await eob()
    expect(fhir.statusCode).toBe(403)
    expect(fhir.json().detail).toMatch(/^This application, App provider, is temporarily inactive\./)
    const token = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/token/`,
      ...form({ grant_type: 'refresh_token', refresh_token: 'x' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(CLIENTS.provider),
      },
    })
    expect(token.statusCode).toBe(403)
    expect(token.json()).toMatchObject({ status_code: 403, error: 'invalid_client' })
    await app.inject({ method: 'PUT', url: `${PREFIX}/__admin/clients/provider`, payload: { active: true } })
    expect((await eob()).statusCode).toBe(200)
  })

  it("upstream-404 on the token endpoint is Blue Button's failed patient lookup on refresh", async () => {
    await setFault('provider', { kind: 'upstream-404', surface: 'token', count: 1 })
    const refresh = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/token/`,
      ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(CLIENTS.provider),
      },
    })
    expect(refresh.statusCode).toBe(404)
    expect(refresh.json()).toEqual({ status_code: 404, message: 'Not found.' })
  })

  it('validates switch bodies and lists active switches', async () => {
    expect((await setFault('provider', { kind: 'explode' })).statusCode).toBe(400)
    expect((await setFault('nobody', { kind: 'slow' })).statusCode).toBe(404)
    await setFault('agent', { kind: 'rate-limit' })
    const list = await app.inject({ method: 'GET', url: `${PREFIX}/__admin/faults` })
    expect(list.json().agent).toMatchObject({ kind: 'rate-limit', surface: 'fhir', remaining: null })
  })
})
