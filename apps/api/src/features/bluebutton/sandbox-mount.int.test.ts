// The in-process sandbox under the portal's own hooks: its pages work under the portal's CSP (no inline
// script or style; the stylesheet is a same-origin file), and its routes need no portal session or CSRF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { createPendingRequest } from '../../testing/consent-testing.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const local = (url: string): string => {
  const parsed = new URL(url, 'http://localhost:8000')
  return `${parsed.pathname}${parsed.search}`
}

describe('in-process Blue Button sandbox', () => {
  it('serves discovery at the configured base URL', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/bb-sandbox/.well-known/openid-configuration-v2',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().authorization_endpoint).toBe('http://localhost:8000/bb-sandbox/v2/o/authorize/')
  })

  it('renders the login page under the portal CSP with a same-origin stylesheet and no inline code', async () => {
    const request = await createPendingRequest(t, { persona: 'ACO_USER', patientName: 'Pat Probe' })
    const connect = await createClient(t.app).request({
      method: 'POST',
      url: `/api/consent/${request.token}/connect/`,
      payload: {},
    })
    const authorize = new URL((connect.json() as { authorize_url: string }).authorize_url)
    const start = await t.app.inject({ method: 'GET', url: local(authorize.toString()) })
    expect(start.statusCode).toBe(302)
    const loginUrl = new URL(start.headers.location!, 'http://localhost:8000')
    const login = await t.app.inject({ method: 'GET', url: local(loginUrl.toString()) })
    expect(login.statusCode).toBe(200)
    expect(login.headers['content-security-policy']).toContain("style-src 'self'")
    expect(login.headers['content-security-policy']).toContain("form-action 'self'")
    expect(login.body).not.toMatch(/<script|<style|\sstyle=/i)
    const stylesheet = /<link[^>]+href="([^"]+)"/.exec(login.body)?.[1]
    expect(stylesheet).toBeDefined()
    const css = await t.app.inject({ method: 'GET', url: local(stylesheet!) })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toContain('text/css')
    // The login form posts without a portal session or CSRF token and is not refused by the portal's hooks.
    const action = /<form method="post" action="([^"]+)"/.exec(login.body)?.[1]?.replaceAll('&amp;', '&')
    const post = await t.app.inject({
      method: 'POST',
      url: local(action!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        auth_request: loginUrl.searchParams.get('auth_request') ?? '',
        username: 'BBUser00001',
        password: 'PW00001!',
      }).toString(),
    })
    expect(post.statusCode).toBe(302)
  })
})
