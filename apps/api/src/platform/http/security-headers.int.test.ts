// The security headers, pinned on each kind of answer: the API, the OAuth server, the SPA (its pages, the
// patient's consent page and its hashed assets), and errors. HSTS only over TLS.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { PERMISSIONS_POLICY } from './security-headers.ts'

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blueconsent-headers-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>BlueConsent</title><div id="root"></div>')
  writeFileSync(join(dir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)')
  return dir
}

/** Real Stripe switched on (nothing here calls it: only the headers are read). */
const STRIPE_TEST_CONFIG = {
  secretKey: 'sk_test_headers',
  webhookSecret: 'whsec_headers',
  publishableKey: 'pk_test_headers',
  apiBase: undefined,
  priceLookupKey: 'blueconsent_seat_monthly',
}

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join(';')

function expectBrowserDefences(response: LightMyRequestResponse, label: string): void {
  expect(response.headers['content-security-policy'], label).toBe(EXPECTED_CSP)
  expect(response.headers['x-frame-options'], label).toBe('DENY')
  expect(response.headers['referrer-policy'], label).toBe('same-origin')
  expect(response.headers['permissions-policy'], label).toBe(PERMISSIONS_POLICY)
  expect(response.headers['x-content-type-options'], label).toBe('nosniff')
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin')
  expect(response.headers['x-powered-by'], label).toBeUndefined()
}

describe('security headers over plain HTTP (local)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ config: { webDistDir: webDist() } })
  })
  afterAll(() => t?.close())

  it('put no-store on every API answer that can hold patient data, and the defences on all', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN')
    for (const url of ['/api/patients/', '/api/healthplans/requests/', '/api/jwt/verify/', '/api/nope/']) {
      const response = await client.request({ method: 'GET', url })
      expect(response.headers['cache-control'], url).toBe('no-store')
      expectBrowserDefences(response, url)
      expect(response.headers['strict-transport-security'], url).toBeUndefined()
    }
    const consent = await client.request({ method: 'GET', url: '/api/consent/not-a-token/' })
    expect(consent.headers['cache-control']).toBe('no-store')
    const token = await client.request({ method: 'POST', url: '/o/token/', payload: {} })
    expect(token.headers['cache-control']).toBe('no-store')
    expectBrowserDefences(token, '/o/token/')
  })

  it('serve the app and the consent page uncached, with the same defences, and assets immutable', async () => {
    for (const url of ['/app/login', '/app/patients', '/consent/abc123']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expectBrowserDefences(response, url)
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expectBrowserDefences(asset, 'asset')
  })
})

describe('security headers with real Stripe', () => {
  it('let Stripe.js, its frames and its API through the CSP, and nothing else', async () => {
    const t = await buildTestApp({
      config: { stripe: STRIPE_TEST_CONFIG },
    })
    try {
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/api/health/' })).headers['content-security-policy'],
      )
      expect(csp).toContain("script-src 'self' https://js.stripe.com;")
      expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com")
      expect(csp).toContain("connect-src 'self' https://api.stripe.com;")
      expect(csp).toContain("frame-ancestors 'none'")
    } finally {
      await t.close()
    }
  })
})

describe('security headers over TLS', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://portal.example.org', webDistDir: webDist() } })
  })
  afterAll(() => t?.close())

  it('add HSTS for a year with subdomains', async () => {
    for (const url of ['/api/health/', '/app/login']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
    }
  })
})
