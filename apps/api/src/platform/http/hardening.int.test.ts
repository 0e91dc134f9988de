// Holes a probe found, each closed here with the call that reproduced it: NUL characters reaching
// PostgreSQL, the dev outbox open to the network, the MRN lookup open to agents, rules that lived only in
// services, a rate limit shared by a whole office behind one address, and lockouts forgotten on restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../../features/demo-data/index.ts'
import { createClient, loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { NULL_CHARACTER_MESSAGE } from './null-characters.ts'

const REQUESTS = '/api/healthplans/requests/'

describe('input with NUL characters', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t?.close())

  it('refuses a NUL in a sign-in or reset body with a field error, signed in or not', async () => {
    const anonymous = createClient(t.app, { ip: '198.51.100.1' })
    for (const url of ['/api/jwt/login/', '/api/users/password-reset/']) {
      const response = await anonymous.request({
        method: 'POST',
        url,
        payload: { email: 'a\u0000@x.org', password: 'whatever-1' },
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toEqual({ email: [NULL_CHARACTER_MESSAGE] })
    }
  })

  it('refuses a NUL in a path parameter and in a query string', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: '198.51.100.2' })
    const claim = await client.request({ method: 'GET', url: '/api/claims/%00/' })
    expect(claim.statusCode).toBe(400)
    expect(claim.json()).toEqual({ id: [NULL_CHARACTER_MESSAGE] })
    const search = await client.request({ method: 'GET', url: '/api/patients/?search=a%00b' })
    expect(search.statusCode).toBe(400)
    expect(search.json()).toEqual({ search: [NULL_CHARACTER_MESSAGE] })
  })

  it('refuses a NUL deep in a request body and creates nothing', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: '198.51.100.3' })
    const before = (
      await client.request({ method: 'GET', url: `${REQUESTS}?scope=organization` })
    ).json() as {
      count: number
    }
    const response = await client.request({
      method: 'POST',
      url: REQUESTS,
      payload: {
        health_plan: 'medicare',
        patient_mrn: 'NUL-0001',
        contact_method: 'email',
        contact_value: 'nul.patient@example.org',
        metadata: { patient_name: 'Maria\u0000Lopez' },
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ metadata: [NULL_CHARACTER_MESSAGE] })
    const after = (await client.request({ method: 'GET', url: `${REQUESTS}?scope=organization` })).json() as {
      count: number
    }
    expect(after.count).toBe(before.count)
  })

  it('counts a refused sign-in toward the lockout', async () => {
    const user = demoUser('PHYSICIAN_USER')
    const client = createClient(t.app, { ip: '198.51.100.4' })
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await client.request({
        method: 'POST',
        url: '/api/jwt/login/',
        payload: { email: `${user.email}\u0000`, password: DEMO_PASSWORD },
      })
      expect([400, 429]).toContain(refused.statusCode)
    }
    const right = await client.login(user.email, DEMO_PASSWORD)
    expect(right.statusCode).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('dev tools', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ config: { devTools: true } })
  })
  afterAll(() => t?.close())

  it('serve the outbox to this machine only, whatever X-Forwarded-For claims', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/', remoteAddress: '127.0.0.1' })
    expect(local.statusCode).toBe(200)
    const remote = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox/',
      remoteAddress: '203.0.113.9',
    })
    expect(remote.statusCode).toBe(404)
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    })
    expect(forwarded.statusCode).toBe(404)
    const reply = await createClient(t.app, { ip: '203.0.113.9' }).request({
      method: 'POST',
      url: '/api/dev/sms-reply/',
      payload: { message_id: '00000000-0000-4000-8000-000000000000', body: 'YES' },
    })
    expect(reply.statusCode).toBe(404)
  })

  it('count nobody as local behind a trusted proxy, nor a call another forwarding header names', async () => {
    const behindProxy = await buildTestApp({ config: { devTools: true, trustProxy: 1 } })
    try {
      // The proxy on this machine forwards remote callers and need not name them.
      const proxied = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/dev/outbox/',
        remoteAddress: '127.0.0.1',
      })
      expect(proxied.statusCode).toBe(404)
      const admin = await behindProxy.app.inject({
        method: 'GET',
        url: '/bb-sandbox/__admin/faults',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
      expect(admin.statusCode).toBe(404)
    } finally {
      await behindProxy.close()
    }
    for (const header of ['forwarded', 'x-real-ip']) {
      const named = await t.app.inject({
        method: 'GET',
        url: '/api/dev/outbox/',
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
      })
      expect(named.statusCode, header).toBe(404)
    }
  })

  it('serve every client only when DEV_TOOLS_REMOTE says so', async () => {
    const open = await buildTestApp({ config: { devTools: true, devToolsRemote: true } })
    try {
      const remote = await open.app.inject({
        method: 'GET',
        url: '/api/dev/outbox/',
        remoteAddress: '203.0.113.9',
      })
      expect(remote.statusCode).toBe(200)
    } finally {
      await open.close()
    }
  })
})

describe('rules declared on the route', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t?.close())

  const routeRule = (method: string, url: string) =>
    t.app.registeredRoutes.find((route) => route.method === method && route.url === url)?.options.config
      ?.access

  it('says in the route table who may look up an MRN, renew and decide an identity review', () => {
    expect(routeRule('GET', `${REQUESTS}lookup/`)).toMatchObject({
      roles: expect.not.arrayContaining(['AGENT_USER']),
    })
    expect(routeRule('POST', `${REQUESTS}:id/renew/`)).toMatchObject({
      roles: expect.not.arrayContaining(['AGENT_ADMIN']),
    })
    expect(routeRule('POST', `${REQUESTS}:id/identity-review/`)).toMatchObject({
      roles: expect.arrayContaining(['ACO_ADMIN', 'PHYSICIAN_ADMIN']),
    })
  })

  it('refuses the MRN lookup to agents and answers providers', async () => {
    for (const persona of ['AGENT_ADMIN', 'AGENT_USER'] as DemoPersona[]) {
      const agent = await loginAs(t.app, persona, { ip: `198.51.100.${persona.length}` })
      const response = await agent.request({ method: 'GET', url: `${REQUESTS}lookup/?mrn=MRN-1` })
      expect(response.statusCode, persona).toBe(403)
    }
    const provider = await loginAs(t.app, 'ACO_USER', { ip: '198.51.100.20' })
    const response = await provider.request({ method: 'GET', url: `${REQUESTS}lookup/?mrn=NOBODY` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ already_authorized: false })
  })

  it('refuses an identity decision from a user who is not an organisation admin', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: '198.51.100.21' })
    const response = await user.request({
      method: 'POST',
      url: `${REQUESTS}00000000-0000-4000-8000-000000000000/identity-review/`,
      payload: { decision: 'confirm' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('the general rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitPerMinute: 6, rateLimitOrganizationPerMinute: 10 } })
  })
  afterAll(() => t?.close())

  const verify = (client: Awaited<ReturnType<typeof loginAs>>) =>
    client.request({ method: 'GET', url: '/api/jwt/verify/' })

  it('gives each signed-in user of one office address their own budget, under one organisation ceiling', async () => {
    // Signing in is anonymous traffic, counted per address: each person signs in from their own.
    const admin = await loginAs(t.app, 'ACO_ADMIN', { ip: '192.0.2.1' })
    const colleague = await loginAs(t.app, 'ACO_USER', { ip: '192.0.2.2' })
    const office = '192.0.2.50'
    const adminAtOffice = Object.assign(createClient(t.app, { ip: office }), { access: admin.access })
    const colleagueAtOffice = Object.assign(createClient(t.app, { ip: office }), { access: colleague.access })
    for (let call = 0; call < 6; call += 1) expect((await verify(adminAtOffice)).statusCode).toBe(200)
    const overUser = await verify(adminAtOffice)
    expect(overUser.statusCode).toBe(429)
    expect(Number(overUser.headers['retry-after'])).toBeGreaterThan(0)
    // The same address, another person: their own budget, until the organisation's ceiling (10) is reached.
    const statuses: number[] = []
    for (let call = 0; call < 6; call += 1) statuses.push((await verify(colleagueAtOffice)).statusCode)
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200])
    expect(statuses.slice(4)).toEqual([429, 429])
    // Another organisation is not held back by this one.
    const agent = await loginAs(t.app, 'AGENT_ADMIN', { ip: '192.0.2.3' })
    expect(
      (await verify(Object.assign(createClient(t.app, { ip: office }), { access: agent.access }))).statusCode,
    ).toBe(200)
  })

  it('counts anonymous calls per address', async () => {
    const stranger = createClient(t.app, { ip: '192.0.2.99' })
    const statuses: number[] = []
    for (let call = 0; call < 7; call += 1)
      statuses.push((await stranger.request({ method: 'GET', url: '/api/csrf/' })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429])
    const neighbour = createClient(t.app, { ip: '192.0.2.98' })
    expect((await neighbour.request({ method: 'GET', url: '/api/csrf/' })).statusCode).toBe(200)
  })
})

describe('sign-in lockout without Redis', () => {
  it('is kept in the database and survives a restart', async () => {
    const first = await buildTestApp({ persistent: true })
    const user = demoUser('AGENT_USER')
    const client = createClient(first.app, { ip: '192.0.2.77' })
    for (let attempt = 0; attempt < 5; attempt += 1) await client.login(user.email, 'not-the-password-1')
    await first.close({ keep: true })
    const second = await buildTestApp({ reopen: first.storage })
    try {
      const after = await createClient(second.app, { ip: '192.0.2.78' }).login(user.email, DEMO_PASSWORD)
      expect(after.statusCode).toBe(429)
      expect(after.json()).toMatchObject({ code: 'locked_out' })
    } finally {
      await second.close()
    }
  })
})
