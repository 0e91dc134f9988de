import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  CLIENTS,
  PREFIX,
  REDIRECT,
  basic,
  consentRedirect,
  dance,
  fhirGet,
  form,
  makeSandbox,
  pkce,
  type TestClock,
  type Tokens,
} from './helpers.ts'
import type { SandboxClient } from '../src/options.ts'

let app: FastifyInstance
let clock: TestClock
beforeAll(async () => ({ app, clock } = await makeSandbox()))
afterAll(() => app.close())

const tokenPost = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const f = form(fields)
  return app.inject({
    method: 'POST',
    url: `${PREFIX}/v2/o/token/`,
    payload: f.payload,
    headers: { ...f.headers, ...headers },
  })
}

async function codeFor(client: SandboxClient = CLIENTS.provider, username = 'BBUser00000') {
  const { verifier, challenge } = pkce()
  const to = await consentRedirect(app, { client, username, challenge })
  return { code: to.searchParams.get('code') ?? '', verifier }
}

const exchange = (
  code: string,
  verifier: string,
  client: SandboxClient = CLIENTS.provider,
  extra: Record<string, string> = {},
) =>
  tokenPost(
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, ...extra },
    { authorization: basic(client) },
  )

const refresh = (refreshToken: string, client: SandboxClient = CLIENTS.provider) =>
  tokenPost({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  })

describe('code exchange', () => {
  it('returns Blue Button token fields with HTTP Basic client auth', async () => {
    const { code, verifier } = await codeFor()
    const res = await exchange(code, verifier)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json<Tokens & { token_type: string }>()
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      patient: '-10000020000000',
      scope: 'patient/Patient.rs patient/Coverage.rs patient/ExplanationOfBenefit.rs profile',
    })
    expect(body.refresh_token).toMatch(/^[\w-]{30,}$/)
    // 13 months after consent, in Blue Button's YYYY-MM-DDTHH:MM:SSZ form.
    expect(body.access_grant_expiration).toBe('2027-12-20T12:00:00Z')
  })

  it('accepts client_id + client_secret in the body and the path without a trailing slash', async () => {
    const { code, verifier } = await codeFor()
    const res = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/token`,
      ...form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: 'provider',
        client_secret: 'provider-secret',
      }),
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses bad client credentials with 401 invalid_client', async () => {
    const { code, verifier } = await codeFor()
    const res = await exchange(code, verifier, { ...CLIENTS.provider, clientSecret: 'wrong' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'invalid_client' })
  })

  it('codes are single use', async () => {
    const { code, verifier } = await codeFor()
    expect((await exchange(code, verifier)).statusCode).toBe(200)
    const again = await exchange(code, verifier)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: 'invalid_grant' })
  })

  it('codes expire after 60 seconds', async () => {
    const { code, verifier } = await codeFor()
    clock.advance(60_001)
    const res = await exchange(code, verifier)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_grant' })
  })

  it('a code works 59 seconds after consent', async () => {
    const { code, verifier } = await codeFor()
    clock.advance(59_000)
    expect((await exchange(code, verifier)).statusCode).toBe(200)
  })

  it.each([
    ['a verifier that does not hash to the challenge', pkce().verifier],
    ['a verifier shorter than 43 characters', 'a'.repeat(42)],
    ['a verifier longer than 128 characters', 'a'.repeat(129)],
  ])('refuses %s with invalid_grant', async (_name, verifier) => {
    const { code } = await codeFor()
    const res = await exchange(code, verifier)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_grant' })
  })

  it('requires the code_verifier', async () => {
    const { code } = await codeFor()
    const res = await tokenPost(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { authorization: basic(CLIENTS.provider) },
    )
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Code verifier required.' })
  })

  it('requires the same redirect_uri as the authorize request', async () => {
    const { code, verifier } = await codeFor()
    const res = await exchange(code, verifier, CLIENTS.provider, {
      redirect_uri: 'http://localhost:3000/other/callback/',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Mismatching redirect URI.' })
  })

  it("refuses another client's code", async () => {
    const { code, verifier } = await codeFor(CLIENTS.provider)
    const res = await exchange(code, verifier, CLIENTS.research)
    expect(res.json()).toEqual({ error: 'invalid_grant' })
  })

  it('refuses an unknown grant_type', async () => {
    const res = await tokenPost({ grant_type: 'password' }, { authorization: basic(CLIENTS.provider) })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'unsupported_grant_type' })
  })
})

describe('grant model', () => {
  it('one-time apps get no refresh token, a 1-hour grant, and 403 invalid_client on refresh', async () => {
    const tokens = await dance(app, { client: CLIENTS.agent })
    expect(tokens.refresh_token).toBeUndefined()
    // The grant ends with the token, about an hour away (the wire format drops milliseconds).
    const left = Date.parse(tokens.access_grant_expiration) - clock.now().getTime()
    expect(left).toBeGreaterThan(3599_000)
    expect(left).toBeLessThanOrEqual(3600_000)
    const res = await refresh('anything', CLIENTS.agent)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ status_code: 403, error: 'invalid_client' })
    expect(res.json().error_description).toMatch(/^Your application is not allowed to refresh tokens\./)
  })

  it('research apps get an empty access_grant_expiration and a refresh token', async () => {
    const tokens = await dance(app, { client: CLIENTS.research })
    expect(tokens.access_grant_expiration).toBe('')
    expect(tokens.refresh_token).toBeDefined()
  })

  it('refresh rotates: new pair works, the old refresh token is invalid_grant, the old access token 401', async () => {
    const first = await dance(app, { username: 'BBUser00001' })
    const res = await refresh(first.refresh_token ?? '')
    expect(res.statusCode).toBe(200)
    const second = res.json<Tokens>()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.access_grant_expiration).toBe(first.access_grant_expiration)
    const reuse = await refresh(first.refresh_token ?? '')
    expect(reuse.statusCode).toBe(400)
    expect(reuse.json()).toEqual({ error: 'invalid_grant' })
    expect((await fhirGet(app, '/v2/fhir/Coverage', first.access_token)).statusCode).toBe(401)
    expect((await fhirGet(app, '/v2/fhir/Coverage', second.access_token)).statusCode).toBe(200)
  })

  it('refresh without a refresh_token is invalid_request', async () => {
    const res = await tokenPost({ grant_type: 'refresh_token' }, { authorization: basic(CLIENTS.provider) })
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing refresh token parameter.',
    })
  })

  it('after 13 months refresh answers 401 invalid_grant "User access has timed out" and FHIR 401', async () => {
    const { app: local, clock: localClock } = await makeSandbox()
    const tokens = await dance(local, { username: 'BBUser00002' })
    localClock.advance(396 * 24 * 3600 * 1000)
    const res = await local.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/token/`,
      ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(CLIENTS.provider),
      },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status_code: 401, error: 'invalid_grant' })
    expect(res.json().error_description).toMatch(/^User access has timed out\./)
    await local.close()
  })

  it('access tokens expire after expires_in', async () => {
    const tokens = await dance(app, { username: 'BBUser00003' })
    clock.advance(3600_000)
    expect((await fhirGet(app, '/v2/fhir/Coverage', tokens.access_token)).statusCode).toBe(401)
    expect((await refresh(tokens.refresh_token ?? '')).statusCode).toBe(200)
  })

  it("a new consent revokes the pair's older tokens and restarts the 13-month clock", async () => {
    const first = await dance(app, { username: 'BBUser00004' })
    clock.advance(24 * 3600 * 1000)
    const second = await dance(app, { username: 'BBUser00004' })
    expect(second.access_grant_expiration > first.access_grant_expiration).toBe(true)
    expect((await fhirGet(app, '/v2/fhir/Coverage', first.access_token)).statusCode).toBe(401)
    expect((await refresh(first.refresh_token ?? '')).json()).toEqual({ error: 'invalid_grant' })
    expect((await fhirGet(app, '/v2/fhir/Coverage', second.access_token)).statusCode).toBe(200)
  })

  it("another app's consent leaves this app's tokens alone", async () => {
    const mine = await dance(app, { username: 'BBUser00006' })
    await dance(app, { username: 'BBUser00006', client: CLIENTS.research })
    expect((await fhirGet(app, '/v2/fhir/Coverage', mine.access_token)).statusCode).toBe(200)
  })

  it('withheld demographics drop Patient and profile from the granted scope', async () => {
    const tokens = await dance(app, { username: 'BBUser00007', share: false })
    expect(tokens.scope).toBe('patient/Coverage.rs patient/ExplanationOfBenefit.rs')
  })

  it('can leave out the patient field and change the token lifetime (fallback switches)', async () => {
    const { app: local } = await makeSandbox({
      includePatientInTokenResponse: false,
      accessTokenLifetimeSeconds: 36000,
    })
    const tokens = await dance(local)
    expect(tokens.patient).toBeUndefined()
    expect(tokens.expires_in).toBe(36000)
    await local.close()
  })
})
