// The portal's OAuth 2 server: authorization code + PKCE S256, single-use codes, replay revocation.
import {
  OAUTH_SCOPE,
  REFRESH_COOKIE,
  WEB_OAUTH_CLIENT_ID,
  WEB_OAUTH_REDIRECT_PATH,
} from '@blueconsent/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword, userByEmail } from '../../platform/identity/index.ts'
import { demoUser } from '../demo-data/index.ts'
import { randomToken, sha256Base64Url } from '../../platform/lib/crypto.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { consentCode } from '../../testing/oauth-apps.ts'
import { TEST_PUBLIC_URL, buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { insertClient } from './oauth.repository.ts'

let t: TestApp
let ipCounter = 0
const nextIp = () => `10.3.0.${++ipCounter}`
const WEB_REDIRECT = `${TEST_PUBLIC_URL}${WEB_OAUTH_REDIRECT_PATH}`
const INTEGRATOR = {
  clientId: 'acme-analytics',
  redirect: 'https://acme.example/callback',
  secret: 'acme-secret-value-123',
}

beforeAll(async () => {
  t = await buildTestApp()
  // The integrator belongs to the physician group: only its members may authorize it.
  const member = await userByEmail(t.app.ctx.db, demoUser('PHYSICIAN_USER').email)
  await insertClient(t.app.ctx.db, {
    clientId: INTEGRATOR.clientId,
    name: 'Acme Analytics',
    redirectUris: [INTEGRATOR.redirect],
    clientSecretHash: await hashPassword(INTEGRATOR.secret),
    organizationId: member?.organizationId ?? null,
  })
})
afterAll(() => t?.close())

type Pkce = { verifier: string; challenge: string }
const pkce = (): Pkce => {
  const verifier = randomToken(48)
  return { verifier, challenge: sha256Base64Url(verifier) }
}

function authorizeUrl(params: Record<string, string>): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: WEB_OAUTH_CLIENT_ID,
    redirect_uri: WEB_REDIRECT,
    scope: OAUTH_SCOPE,
    state: 'state-123',
    code_challenge_method: 'S256',
    ...params,
  })
  return `/o/authorize/?${query.toString()}`
}

/** The integrator's code: a third-party client gets one only through the consent page. */
const integratorCode = (client: TestClient, challenge: string): Promise<string> =>
  consentCode(client, { clientId: INTEGRATOR.clientId, redirect: INTEGRATOR.redirect }, challenge)

async function getCode(client: TestClient, params: Record<string, string>): Promise<string> {
  const response = await client.request({ method: 'GET', url: authorizeUrl(params) })
  expect(response.statusCode).toBe(302)
  const location = new URL(String(response.headers.location))
  expect(location.searchParams.get('state')).toBe('state-123')
  return location.searchParams.get('code') ?? ''
}

const token = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/o/token/',
    payload: new URLSearchParams(payload).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })

describe('GET /o/authorize/', () => {
  it('sends a visitor without a session to the login page with the authorize URL as next', async () => {
    const url = authorizeUrl({ code_challenge: pkce().challenge })
    const response = await createClient(t.app).request({ method: 'GET', url })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(`/app/login?next=${encodeURIComponent(url)}`)
  })

  it('refuses the plain PKCE method with an RFC 6749 redirect', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const response = await client.request({
      method: 'GET',
      url: authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'plain' }),
    })
    expect(response.statusCode).toBe(302)
    const location = new URL(String(response.headers.location))
    expect(`${location.origin}${location.pathname}`).toBe(WEB_REDIRECT)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('answers 400 JSON, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const unknown = await client.request({
      method: 'GET',
      url: authorizeUrl({ client_id: 'evil', code_challenge: pkce().challenge }),
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toBe('invalid_client')
    const badRedirect = await client.request({
      method: 'GET',
      url: authorizeUrl({ redirect_uri: 'https://evil.example/cb', code_challenge: pkce().challenge }),
    })
    expect(badRedirect.statusCode).toBe(400)
    expect(badRedirect.json().error).toBe('invalid_request')
    expect(badRedirect.headers.location).toBeUndefined()
  })

  it('accepts the SPA callback on 127.0.0.1 as well as localhost for a loopback demo', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const code = await getCode(client, {
      redirect_uri: WEB_REDIRECT.replace('localhost', '127.0.0.1'),
      code_challenge: pkce().challenge,
    })
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses unknown scopes', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const response = await client.request({
      method: 'GET',
      url: authorizeUrl({ scope: 'read admin', code_challenge: pkce().challenge }),
    })
    expect(new URL(String(response.headers.location)).searchParams.get('error')).toBe('invalid_scope')
  })
})

describe('POST /o/token/', () => {
  it('exchanges a code and verifier for an access token that works on the API', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const { verifier, challenge } = pkce()
    const code = await getCode(client, { code_challenge: challenge })
    const response = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: WEB_REDIRECT,
      client_id: WEB_OAUTH_CLIENT_ID,
      code_verifier: verifier,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json()
    expect(body).toMatchObject({ token_type: 'Bearer', scope: OAUTH_SCOPE, expires_in: 900 })
    expect(body.refresh_token).toBeUndefined()
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/jwt/verify/',
      headers: { authorization: `Bearer ${body.access_token}` },
    })
    expect(verify.statusCode).toBe(200)
    expect(verify.json().user.role).toBe('ACO_ADMIN')
  })

  it('refuses a wrong verifier with invalid_grant', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const code = await getCode(client, { code_challenge: pkce().challenge })
    const response = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: WEB_REDIRECT,
      client_id: WEB_OAUTH_CLIENT_ID,
      code_verifier: pkce().verifier,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('invalid_grant')
  })

  it('binds the code to its client and redirect URI', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const { verifier, challenge } = pkce()
    const code = await getCode(client, { code_challenge: challenge })
    const otherRedirect = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${TEST_PUBLIC_URL}/elsewhere`,
      client_id: WEB_OAUTH_CLIENT_ID,
      code_verifier: verifier,
    })
    expect(otherRedirect.statusCode).toBe(400)
    expect(otherRedirect.json().error).toBe('invalid_grant')
    const second = pkce()
    const code2 = await getCode(client, { code_challenge: second.challenge })
    const otherClient = await token({
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: WEB_REDIRECT,
      client_id: INTEGRATOR.clientId,
      client_secret: INTEGRATOR.secret,
      code_verifier: second.verifier,
    })
    expect(otherClient.json().error).toBe('invalid_grant')
  })

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_USER', { ip: nextIp() })
    const { verifier, challenge } = pkce()
    const code = await integratorCode(client, challenge)
    const basic = {
      authorization: `Basic ${Buffer.from(`${INTEGRATOR.clientId}:${INTEGRATOR.secret}`).toString('base64')}`,
    }
    const exchange = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: INTEGRATOR.redirect,
      code_verifier: verifier,
    }
    const first = await token(exchange, basic)
    expect(first.statusCode).toBe(200)
    const { access_token: access, refresh_token: refresh } = first.json()
    expect(refresh).toEqual(expect.any(String))
    const bearer = { authorization: `Bearer ${access}` }
    expect((await t.app.inject({ method: 'GET', url: '/api/jwt/verify/', headers: bearer })).statusCode).toBe(
      200,
    )

    const replay = await token(exchange, basic)
    expect(replay.statusCode).toBe(400)
    expect(replay.json().error).toBe('invalid_grant')
    expect((await t.app.inject({ method: 'GET', url: '/api/jwt/verify/', headers: bearer })).statusCode).toBe(
      401,
    )
    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: refresh, client_id: INTEGRATOR.clientId },
      basic,
    )
    expect(refreshed.json().error).toBe('invalid_grant')
  })

  it('rotates integrator refresh tokens and revokes the grant when an old one comes back', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const { verifier, challenge } = pkce()
    const code = await integratorCode(client, challenge)
    const secret = { client_secret: INTEGRATOR.secret, client_id: INTEGRATOR.clientId }
    const first = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: INTEGRATOR.redirect,
      code_verifier: verifier,
      ...secret,
    })
    const original = first.json().refresh_token
    const second = await token({ grant_type: 'refresh_token', refresh_token: original, ...secret })
    expect(second.statusCode).toBe(200)
    const rotated = second.json().refresh_token
    expect(rotated).not.toBe(original)
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: original, ...secret })).json().error,
    ).toBe('invalid_grant')
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: rotated, ...secret })).json().error,
    ).toBe('invalid_grant')
  })

  it('authenticates confidential clients and refuses expired codes', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_USER', { ip: nextIp() })
    const { verifier, challenge } = pkce()
    const code = await integratorCode(client, challenge)
    const base = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: INTEGRATOR.redirect,
      code_verifier: verifier,
      client_id: INTEGRATOR.clientId,
    }
    const noSecret = await token(base)
    expect(noSecret.statusCode).toBe(401)
    expect(noSecret.json().error).toBe('invalid_client')
    t.clock.advance(61_000)
    const late = await token({ ...base, client_secret: INTEGRATOR.secret })
    expect(late.statusCode).toBe(400)
    expect(late.json().error).toBe('invalid_grant')
  })

  it('names unsupported grant types and malformed requests', async () => {
    expect((await token({ grant_type: 'password', username: 'a', password: 'b' })).json().error).toBe(
      'unsupported_grant_type',
    )
    expect(
      (await token({ grant_type: 'authorization_code', client_id: WEB_OAUTH_CLIENT_ID })).json().error,
    ).toBe('invalid_request')
  })

  it('keeps the portal session cookie untouched by authorize', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const before = client.cookies.get(REFRESH_COOKIE)
    await getCode(client, { code_challenge: pkce().challenge })
    expect(client.cookies.get(REFRESH_COOKIE)).toBe(before)
  })
})
