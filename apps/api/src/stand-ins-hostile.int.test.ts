// The demo stand-ins mounted in the portal keep their own error shapes, but not their own idea of a status:
// a NUL byte the portal refuses, a switch hidden from a forwarded caller and an id named after an object
// member are each a 4xx there too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { devTools: true } })
})
afterAll(() => t?.close())

const NUL_REQUESTS = [
  { method: 'GET', url: '/bb-sandbox/v2/o/authorize/?client_id=a%00b&response_type=code' },
  { method: 'GET', url: '/bb-sandbox/v2/fhir/Patient/%00' },
  { method: 'GET', url: '/bb-sandbox/no-such-page/%00' },
  {
    method: 'POST',
    url: '/bb-sandbox/v2/o/token/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=authorization_code&code=%00',
  },
  {
    method: 'POST',
    url: '/bb-sandbox/v2/o/token/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ grant_type: 'a\u0000' }),
  },
  { method: 'GET', url: '/stripe-standin/v1/customers?email=a%00' },
  { method: 'GET', url: '/stripe-standin/invoices/in_%00' },
  { method: 'GET', url: '/stripe-standin/no-such-page/%00?x=%00' },
  {
    method: 'POST',
    url: '/stripe-standin/v1/customers',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a\u0000' }),
  },
] as const

describe('the stand-ins mounted in the portal', () => {
  it('answer a NUL byte anywhere with 400, anonymously', async () => {
    for (const request of NUL_REQUESTS) {
      const response = await t.app.inject({ ...request, remoteAddress: '203.0.113.7' })
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(400)
    }
  })

  it('hide their switches from a forwarded caller with 404, not 500', async () => {
    for (const url of ['/bb-sandbox/__admin/faults', '/stripe-standin/__admin/state']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
      expect(response.statusCode, url).toBe(404)
    }
  })

  it('answer ids named after object members with 404, not 500', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      for (const url of [`/stripe-standin/invoices/${name}`, `/stripe-standin/setup/${name}`]) {
        const response = await t.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(404)
      }
    }
  })
})
