// Cross-cutting behaviour: health, headers, CSRF, access rules on every route, errors, docs, logs, SPA.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { CSRF_COOKIE, CSRF_HEADER } from '@blueconsent/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoUser } from './features/demo-data/index.ts'
import { STAND_IN_SWITCHES } from './platform/access/access.ts'
import { createClient, loginAs } from './testing/http-client.ts'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

const STAND_IN_PREFIXES = ['/bb-sandbox/', '/stripe-standin/', '/nppes-standin/']
/** One route per file of the built web app (makeWebDist below writes these two). */
const WEB_ROUTES = ['/assets/index-AbCdEf12.js', '/index.html'].flatMap((file) => [
  `GET ${file}`,
  `HEAD ${file}`,
])

const logLines: string[] = []
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'))
    done()
  },
})

function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blueconsent-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>BlueConsent</title><div id="root"></div>')
  writeFileSync(join(dir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)')
  return dir
}

describe('platform', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      config: { logLevel: 'info', webDistDir: makeWebDist() },
      logDestination: logSink,
    })
  })
  afterAll(() => t?.close())

  it('health checks the database, for GET and HEAD', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/health/' })
    expect(get.statusCode).toBe(200)
    expect(get.json()).toEqual({ status: 'ok', database: 'ok', version: expect.any(String) })
    const head = await t.app.inject({ method: 'HEAD', url: '/api/health/' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
  })

  it('sends strict security headers and no-store on API responses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('puts no-store on OAuth responses too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/o/token/',
      payload: { grant_type: 'password' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('sets the CSRF cookie on /api/csrf/ and on any response lacking it', async () => {
    const csrf = await t.app.inject({ method: 'GET', url: '/api/csrf/' })
    const cookie = csrf.cookies.find((c) => c.name === CSRF_COOKIE)
    expect(cookie?.value).toBe(csrf.json().csrftoken)
    expect(cookie?.httpOnly).toBeFalsy()
    expect(cookie?.sameSite).toBe('Lax')
    const health = await t.app.inject({ method: 'GET', url: '/api/health/' })
    expect(health.cookies.some((c) => c.name === CSRF_COOKIE)).toBe(true)
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      cookies: { [CSRF_COOKIE]: 'abc' },
    })
    expect(withCookie.cookies.some((c) => c.name === CSRF_COOKIE)).toBe(false)
  })

  it('refuses unsafe API calls without a matching X-CSRFToken', async () => {
    const payload = { email: demoUser('ACO_USER').email, password: DEMO_PASSWORD }
    const missing = await t.app.inject({ method: 'POST', url: '/api/jwt/login/', payload })
    expect(missing.statusCode).toBe(403)
    expect(missing.json()).toEqual({ detail: expect.any(String), code: 'csrf_failed' })
    const mismatched = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login/',
      payload,
      cookies: { [CSRF_COOKIE]: 'one' },
      headers: { [CSRF_HEADER]: 'two' },
    })
    expect(mismatched.statusCode).toBe(403)
    const matched = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login/',
      payload,
      cookies: { [CSRF_COOKIE]: 'same-token' },
      headers: { [CSRF_HEADER]: 'same-token' },
    })
    expect(matched.statusCode).toBe(200)
  })

  it('declares an access rule on every route', () => {
    const routes = t.app.registeredRoutes
    expect(routes.length).toBeGreaterThan(10)
    const missing = routes
      .filter((route) => route.options.config?.access === undefined)
      .map((r) => `${r.method} ${r.url}`)
    expect(missing).toEqual([])
    // The stand-ins of outside services answer as those services do, without a portal session; their own
    // switches (faults, clock, resets) are dev tools. Everything else public is listed, wherever it lives.
    const standIn = (url: string) => STAND_IN_PREFIXES.some((prefix) => url.startsWith(prefix))
    const switches = routes.filter((r) => STAND_IN_SWITCHES.test(r.url)).map((r) => `${r.method} ${r.url}`)
    expect(switches.length).toBeGreaterThan(0)
    expect(
      routes
        .filter((r) => STAND_IN_SWITCHES.test(r.url) && r.options.config?.access !== 'dev-tools')
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual([])
    const devTools = routes
      .filter((r) => r.options.config?.access === 'dev-tools' && !standIn(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort()
    expect(devTools).toEqual(
      ['GET /api/dev/outbox/', 'HEAD /api/dev/outbox/', 'POST /api/dev/sms-reply/'].sort(),
    )
    const publicRoutes = routes
      .filter(
        (r) => r.options.config?.access === 'public' && !standIn(r.url) && !r.url.startsWith('/api/docs'),
      )
      .map((r) => `${r.method} ${r.url}`)
      .sort()
    // Anything new here must be public on purpose.
    expect(publicRoutes).toEqual(
      [
        // The built web app and its files.
        ...WEB_ROUTES,
        // The portal's OAuth server: the authorize page signs the user in itself; the token call is checked
        // by its code and PKCE verifier.
        'GET /o/authorize/',
        'HEAD /o/authorize/',
        'POST /o/token/',
        'GET /api/bluebutton/callback/',
        'GET /api/consent/:token/',
        'HEAD /api/bluebutton/callback/',
        'HEAD /api/consent/:token/',
        'POST /api/consent/:token/connect/',
        'POST /api/consent/:token/decline/',
        // The patient's own access page: its signed link is its credential (rate-limited, audited).
        'GET /api/consent/access/:token/',
        'HEAD /api/consent/access/:token/',
        'POST /api/consent/access/:token/stop/',
        'GET /api/csrf/',
        'GET /api/health/',
        'GET /api/health/ready/',
        'HEAD /api/csrf/',
        'HEAD /api/health/',
        'HEAD /api/health/ready/',
        'POST /api/jwt/login/',
        // The second step of sign-in: the challenge from the password step is its credential.
        'POST /api/jwt/login/two-factor/',
        'POST /api/jwt/login/two-factor/setup/',
        'POST /api/jwt/login/two-factor/confirm/',
        'POST /api/jwt/refresh/',
        'POST /api/logout/',
        'POST /api/users/password-reset-confirm/',
        'POST /api/users/password-reset/',
        // An invitation link's random token is its own credential.
        'GET /api/users/invitations/verify/:token/',
        'HEAD /api/users/invitations/verify/:token/',
        'POST /api/users/invitations/accept/:token/',
        // Sign-up and email verification, for people without an account yet.
        'POST /api/users/',
        'POST /api/users/check-email/',
        'POST /api/users/verify-email/',
        'POST /api/users/resend-verification/',
        'POST /api/users/send-verification/',
        // A team seat's invitation link is its own credential; Stripe's webhook is checked by its signature.
        'GET /api/billing/team/invitations/verify/:token/',
        'HEAD /api/billing/team/invitations/verify/:token/',
        'POST /api/billing/team/invitations/accept/',
        'POST /api/billing/webhooks/stripe/',
        // The public contact form: rate-limited, with a honeypot.
        'POST /api/support/public/',
      ].sort(),
    )
  })

  it('refuses protected routes without a valid bearer token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/jwt/verify/' })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ detail: expect.any(String), code: 'not_authenticated' })
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/jwt/verify/',
      headers: { authorization: 'Bearer abc.def.ghi' },
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().code).toBe('token_not_valid')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope/',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' })
  })

  it('turns validation failures into DRF-style field errors', async () => {
    const client = createClient(t.app, { ip: '10.9.0.1' })
    const response = await client.request({
      method: 'POST',
      url: '/api/jwt/login/',
      payload: { email: '', password: '' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      email: ['Please enter both email and password.'],
      password: ['Please enter both email and password.'],
    })
    const malformed = await client.request({
      method: 'POST',
      url: '/api/jwt/login/',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toHaveProperty('non_field_errors')
  })

  it('serves OpenAPI generated from the zod schemas', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(spec.statusCode).toBe(200)
    const body = spec.json() as { openapi: string; paths: Record<string, unknown> }
    expect(body.openapi).toMatch(/^3\./)
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/jwt/login/', '/o/token/', '/api/health/']),
    )
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(ui.statusCode)
  })

  it('serves the SPA: index.html for app routes, immutable hashed assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app/login', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.body).toContain('<div id="root">')
    expect(page.cookies.some((c) => c.name === CSRF_COOKIE)).toBe(true)
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const missingAsset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    })
    expect(missingAsset.statusCode).toBe(404)
  })

  it('serves the app for /app/ routes whatever the Accept header, and keeps JSON 404s for /api/', async () => {
    for (const accept of ['*/*', 'application/json', undefined]) {
      const page = await t.app.inject({
        method: 'GET',
        url: '/app/login',
        headers: accept === undefined ? {} : { accept },
      })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here/', headers: { accept: '*/*' } })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ detail: 'Not found.', code: 'not_found' })
  })

  it('keeps passwords, tokens and cookies out of the logs', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: '10.9.0.2' })
    await client.request({ method: 'POST', url: '/api/jwt/refresh/' })
    await client.request({ method: 'GET', url: '/api/jwt/verify/' })
    await client.request({
      method: 'GET',
      url: '/app/password-reset/NTJmMzQ1Njc4OTAxMjM0NTY3ODkw/abcdefghijkl-0123456789abcdefghijklmnopqrstuv?email=x@y.z',
      headers: { accept: 'text/html' },
    })
    const logs = logLines.join('')
    expect(logs).toContain('"statusCode":200')
    expect(logs).not.toContain(DEMO_PASSWORD)
    expect(logs).not.toContain(client.access ?? 'missing-access-token')
    for (const value of client.cookies.values()) expect(logs).not.toContain(value)
    expect(logs).not.toContain('abcdefghijkl-0123456789abcdefghijklmnopqrstuv')
    expect(logs).not.toContain('x@y.z')
    expect(logs).not.toContain(demoUser('ACO_ADMIN').email)
  })
})
