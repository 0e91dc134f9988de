// Sign-in, refresh rotation, reuse detection, expiry, lockout, logout and verify through the HTTP API.
import { REFRESH_COOKIE, loginResponseSchema } from '@blueconsent/contract/auth'
import { SERVER_SESSION, permissionsFor } from '@blueconsent/contract/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoUser } from '../../features/demo-data/index.ts'
import { users } from '../db/schema/users.ts'
import { createClient, loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let ipCounter = 0
const nextIp = () => `10.1.0.${++ipCounter}`

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

describe('POST /api/jwt/login/', () => {
  it('returns the access token, the user with permissions and the TIN scope, and sets the refresh cookie', async () => {
    const client = createClient(t.app, { ip: nextIp() })
    const response = await client.login(demoUser('ACO_USER').email.toUpperCase(), DEMO_PASSWORD)
    expect(response.statusCode).toBe(200)
    const body = loginResponseSchema.parse(response.json())
    expect(body.expires_in).toBe(SERVER_SESSION.accessTokenSeconds)
    expect(body.user.role).toBe('ACO_USER')
    expect(body.user.organization?.organization_type).toBe('ACO')
    expect(body.user.permissions).toEqual(permissionsFor('ACO_USER', 'ACO'))
    expect(body.tin_scope.is_aco).toBe(true)
    expect(body.tin_scope.all_tins).toBe(false)
    expect(body.tin_scope.tin_ids).toHaveLength(1)
    expect(JSON.stringify(body)).not.toContain('password')
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')
    expect(cookie?.secure).toBe(true)
    expect(cookie?.maxAge).toBeUndefined()
  })

  it('gives ACO_ADMIN all TINs and ADMIN no organisation', async () => {
    const aco = await createClient(t.app, { ip: nextIp() }).login(demoUser('ACO_ADMIN').email, DEMO_PASSWORD)
    expect(aco.json().tin_scope).toMatchObject({ all_tins: true, is_aco: true })
    expect(aco.json().tin_scope.tin_ids).toHaveLength(2)
    const admin = await createClient(t.app, { ip: nextIp() }).login(demoUser('ADMIN').email, DEMO_PASSWORD)
    expect(admin.json().user).toMatchObject({ role: 'ADMIN', organization: null, is_superuser: true })
  })

  it('makes the cookie persistent, capped at 12 hours, only with remember_me', async () => {
    const client = createClient(t.app, { ip: nextIp() })
    const response = await client.login(demoUser('CLINICIAN').email, DEMO_PASSWORD, true)
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)
    expect(cookie?.maxAge).toBe(SERVER_SESSION.absoluteLifetimeSeconds)
  })

  it('answers 401 authentication_failed for a wrong password or an unknown email, alike', async () => {
    const wrong = await createClient(t.app, { ip: nextIp() }).login(
      demoUser('AGENT_USER').email,
      'not-the-password',
    )
    const unknown = await createClient(t.app, { ip: nextIp() }).login(
      'nobody@demo.blueconsent.app',
      'whatever-123',
    )
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: 'Invalid email or password.', code: 'authentication_failed' })
      expect(response.cookies.some((c) => c.name === REFRESH_COOKIE)).toBe(false)
    }
  })

  it('answers 403 for an inactive account with the right password', async () => {
    await t.app.ctx.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, demoUser('USER').email))
    try {
      const response = await createClient(t.app, { ip: nextIp() }).login(
        demoUser('USER').email,
        DEMO_PASSWORD,
      )
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('permission_denied')
    } finally {
      await t.app.ctx.db
        .update(users)
        .set({ isActive: true })
        .where(eq(users.email, demoUser('USER').email))
    }
  })

  it('locks an account after 5 failures within 60 s, with Retry-After, even from other IPs', async () => {
    const email = demoUser('PHYSICIAN_USER').email
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await createClient(t.app, { ip: nextIp() }).login(email, `wrong-${attempt}`)).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429])
    const locked = await createClient(t.app, { ip: nextIp() }).login(email, DEMO_PASSWORD)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('locked_out')
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60)
    t.clock.advance(61_000)
    const after = await createClient(t.app, { ip: nextIp() }).login(email, DEMO_PASSWORD)
    expect(after.statusCode).toBe(200)
  })

  it('throttles one IP after 5 failures across accounts', async () => {
    const ip = nextIp()
    const emails = ['a', 'b', 'c', 'd', 'e'].map((local) => `${local}@example.test`)
    const statuses = []
    for (const email of emails)
      statuses.push((await createClient(t.app, { ip }).login(email, 'wrong-password')).statusCode)
    expect(statuses.at(-1)).toBe(429)
    const blocked = await createClient(t.app, { ip }).login(demoUser('AGENT_ADMIN').email, DEMO_PASSWORD)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('rate_limited')
    expect(blocked.headers['retry-after']).toBeDefined()
    t.clock.advance(61_000)
  })
})

describe('POST /api/jwt/refresh/', () => {
  it('rotates the refresh token and returns a new access token', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const first = client.cookies.get(REFRESH_COOKIE)
    const response = await client.request({ method: 'POST', url: '/api/jwt/refresh/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      access: expect.any(String),
      expires_in: SERVER_SESSION.accessTokenSeconds,
    })
    expect(client.cookies.get(REFRESH_COOKIE)).not.toBe(first)
    client.access = response.json().access
    expect((await client.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(200)
  })

  it('revokes the whole family when a rotated token is presented again after the reuse grace', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const stolen = client.cookies.get(REFRESH_COOKIE) ?? ''
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    t.clock.advance((SERVER_SESSION.refreshReuseGraceSeconds + 1) * 1000)
    const replay = await presentRefreshToken(stolen)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('token_not_valid')
    // The legitimate holder's current token died with the family.
    const legit = await client.request({ method: 'POST', url: '/api/jwt/refresh/' })
    expect(legit.statusCode).toBe(401)
  })

  it('revokes the whole family when a rotated token comes back after its successor was used, even within the grace', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const stolen = client.cookies.get(REFRESH_COOKIE) ?? ''
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    expect((await presentRefreshToken(stolen)).statusCode).toBe(401)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(401)
  })

  it('lets a page that lost the refresh answer present the previous token again within the grace, once per loss', async () => {
    const client = await loginAs(t.app, 'CLINICIAN', { ip: nextIp() })
    // The answer carrying the successor never reaches the browser (the page reloaded mid-request).
    const lost = await presentRefreshToken(client.cookies.get(REFRESH_COOKIE) ?? '')
    expect(lost.statusCode).toBe(200)
    const lostSuccessor = lost.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? ''
    t.clock.advance(5_000)
    const reload = await client.request({ method: 'POST', url: '/api/jwt/refresh/' })
    expect(reload.statusCode).toBe(200)
    client.access = reload.json().access
    expect((await client.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(200)
    // The retired successor coming back means a second holder: the whole login ends, the live token too.
    expect((await presentRefreshToken(lostSuccessor)).statusCode).toBe(401)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(401)
  })

  it('expires after 30 minutes idle', async () => {
    const client = await loginAs(t.app, 'AGENT_ADMIN', { ip: nextIp() })
    t.clock.advance(29 * 60_000)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    t.clock.advance(31 * 60_000)
    const idle = await client.request({ method: 'POST', url: '/api/jwt/refresh/' })
    expect(idle.statusCode).toBe(401)
    expect(idle.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe('')
  })

  it('expires 12 hours after login however active the session is', async () => {
    const client = await loginAs(t.app, 'AGENT_USER', { ip: nextIp() })
    for (let step = 0; step < 24; step += 1) {
      t.clock.advance(29 * 60_000)
      expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    }
    t.clock.advance(29 * 60_000)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(401)
  })

  it('answers 401 without a cookie', async () => {
    const response = await createClient(t.app).request({ method: 'POST', url: '/api/jwt/refresh/' })
    expect(response.statusCode).toBe(401)
  })
})

describe('logout and verify', () => {
  it('verify returns the user and TIN scope for a bearer token', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const response = await client.request({ method: 'GET', url: '/api/jwt/verify/' })
    expect(response.statusCode).toBe(200)
    expect(response.json().user.email).toBe(demoUser('ACO_USER').email)
    expect(response.json().tin_scope.tin_ids).toHaveLength(1)
  })

  it('logout revokes the session and clears the cookie', async () => {
    const client = await loginAs(t.app, 'CLINICIAN', { ip: nextIp() })
    const token = client.cookies.get(REFRESH_COOKIE) ?? ''
    const response = await client.request({ method: 'POST', url: '/api/logout/' })
    expect(response.statusCode).toBe(200)
    expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe('')
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/refresh/',
      cookies: { [REFRESH_COOKIE]: token, csrftoken: 'x' },
      headers: { 'x-csrftoken': 'x' },
    })
    expect(reuse.statusCode).toBe(401)
  })
})

/** A refresh from a browser that holds `token`, outside any test client's cookie jar. */
function presentRefreshToken(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/jwt/refresh/',
    cookies: { [REFRESH_COOKIE]: token, csrftoken: 'x' },
    headers: { 'x-csrftoken': 'x' },
  })
}
