// The access matrix, generated from the route table: every signed-in route × anonymous and every demo role,
// checked against who may call it as declared once per route in access-matrix.expected.ts; then, for the
// routes that take a patient, a request or a claim, own organisation / other organisation × in TIN / out of
// TIN × an agent with and without an active authorization. A route missing from the declaration fails the
// suite, so a new route is placed in the matrix on the day it lands.
// ACCESS_MATRIX_PRINT=1 prints the observed declaration (to review, never to paste blindly).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USERS, type DemoPersona } from './features/demo-data/index.ts'
import type { RegisteredRoute } from './platform/access/access.ts'
import { ACCESS_DECLARATION } from './access-matrix.expected.ts'
import { FuzzCallers } from './testing/contract-fuzz.ts'
import { insertPatient, type FixturePatient } from './testing/patients-fixture.ts'
import { NOBODY, declaredCallers, keyOf, signedInRoutes, urlWith } from './testing/route-table.ts'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

const PERSONAS = DEMO_USERS.map((user) => user.role) as DemoPersona[]

describe('access matrix', () => {
  let t: TestApp
  let callers: FuzzCallers
  beforeAll(async () => {
    t = await buildTestApp({
      config: { rateLimitPerMinute: 1_000_000_000, rateLimitOrganizationPerMinute: 1_000_000_000 },
    })
    callers = new FuzzCallers(t.app)
  })
  afterAll(() => t?.close())

  it('lets exactly the declared roles through every signed-in route, and nobody anonymous', async () => {
    const routes = signedInRoutes(t.app.registeredRoutes)
    const observed = new Map<string, DemoPersona[]>()
    const mismatches: string[] = []
    let cells = 0
    for (const route of routes) {
      const key = keyOf(route)
      const request = { method: route.method as 'GET', url: urlWith(route, NOBODY), payload: {} }
      const anonymous = await callers.anonymous().request(request)
      cells += 1
      if (anonymous.statusCode !== 401) mismatches.push(`${key} anonymous → ${anonymous.statusCode}`)
      const allowed: DemoPersona[] = []
      for (const persona of PERSONAS) {
        const response = await (await callers.as(persona)).request(request)
        cells += 1
        if (response.statusCode === 401) mismatches.push(`${key} ${persona} → 401`)
        if (response.statusCode !== 403 && response.statusCode !== 401) allowed.push(persona)
      }
      observed.set(key, allowed)
      const declared = declaredCallers(key)
      if (!declared) {
        mismatches.push(`${key} is not in access-matrix.expected.ts`)
        continue
      }
      const expected = PERSONAS.filter((persona) => declared.has(persona))
      if (expected.join() !== allowed.join())
        mismatches.push(
          `${key}: declared ${expected.join(', ') || 'nobody'}; observed ${allowed.join(', ') || 'nobody'}`,
        )
    }
    const stale = Object.keys(ACCESS_DECLARATION).filter((key) => !observed.has(key))
    if (process.env.ACCESS_MATRIX_PRINT) {
      console.info(
        [...observed].map(([key, allowed]) => `  '${key}': ${JSON.stringify(allowed)},`).join('\n'),
      )
    }
    console.info(`access matrix: ${routes.length} routes × ${PERSONAS.length + 1} callers = ${cells} cells`)
    expect(mismatches).toEqual([])
    expect(stale).toEqual([])
  }, 600_000)

  describe('patients, requests and claims across organisations, TINs and authorizations', () => {
    let own: FixturePatient
    let otherTin: FixturePatient
    let otherOrganization: FixturePatient
    let agentsClient: FixturePatient
    let agentsEndedClient: FixturePatient
    beforeAll(async () => {
      own = await insertPatient(t, { requester: 'ACO_USER', name: 'Matrix Own', tin: 'first' })
      otherTin = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Matrix Other Tin', tin: 'second' })
      otherOrganization = await insertPatient(t, {
        requester: 'PHYSICIAN_ADMIN',
        name: 'Matrix Elsewhere',
        tin: null,
      })
      agentsClient = await insertPatient(t, { requester: 'AGENT_USER', name: 'Matrix Client', tin: null })
      agentsEndedClient = await insertPatient(t, {
        requester: 'AGENT_USER',
        name: 'Matrix Former Client',
        tin: null,
        request: 'revoked',
      })
    })

    /** Every readable route that names a patient, a request or a claim, with the id it takes. */
    function idRoutes(): { route: RegisteredRoute; idOf: (patient: FixturePatient) => string }[] {
      return signedInRoutes(t.app.registeredRoutes)
        .filter((route) => route.method === 'GET')
        .flatMap((route) => {
          if (route.url.startsWith('/api/patients/:id/'))
            return [{ route, idOf: (p: FixturePatient) => p.id }]
          if (route.url.startsWith('/api/healthplans/requests/:id/'))
            return [{ route, idOf: (p: FixturePatient) => p.requestId }]
          if (route.url.startsWith('/api/claims/:id/'))
            return [{ route, idOf: (p: FixturePatient) => p.claimId }]
          return []
        })
    }

    async function statusOf(persona: DemoPersona, route: RegisteredRoute, id: string): Promise<number> {
      const response = await (await callers.as(persona)).request({ method: 'GET', url: urlWith(route, id) })
      return response.statusCode
    }

    it('answers 404 for another organisation’s and another TIN’s records, and serves the own', async () => {
      const routes = idRoutes()
      expect(routes.length).toBeGreaterThan(5)
      const leaks: string[] = []
      let cells = 0
      for (const { route, idOf } of routes) {
        for (const persona of ['ACO_USER', 'ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_USER'] as DemoPersona[]) {
          if (!declaredCallers(keyOf(route))?.has(persona)) continue
          const elsewhere = persona === 'PHYSICIAN_ADMIN' ? own : otherOrganization
          cells += 1
          const status = await statusOf(persona, route, idOf(elsewhere))
          if (status !== 404) leaks.push(`${persona} ${keyOf(route)} other organisation → ${status}`)
        }
        // The ACO user works on the first TIN only; the ACO admin sees every TIN.
        if (declaredCallers(keyOf(route))?.has('ACO_USER')) {
          cells += 2
          const outOfTin = await statusOf('ACO_USER', route, idOf(otherTin))
          if (outOfTin !== 404) leaks.push(`ACO_USER ${keyOf(route)} out of TIN → ${outOfTin}`)
          const inTin = await statusOf('ACO_USER', route, idOf(own))
          if (inTin === 404 || inTin === 403) leaks.push(`ACO_USER ${keyOf(route)} in TIN → ${inTin}`)
        }
      }
      console.info(`access matrix (records): ${cells} cells`)
      expect(leaks).toEqual([])
    }, 600_000)

    it('lets an agent read only the clients they hold an active authorization for', async () => {
      const patientRead = signedInRoutes(t.app.registeredRoutes).find(
        (route) => route.method === 'GET' && route.url === '/api/patients/:id/',
      )
      if (!patientRead) throw new Error('GET /api/patients/:id/ is not registered')
      expect(await statusOf('AGENT_USER', patientRead, agentsClient.id)).toBe(200)
      expect(await statusOf('AGENT_USER', patientRead, agentsEndedClient.id)).toBe(404)
      // A colleague at the same agency holds no authorization of their own for this client.
      expect(await statusOf('AGENT_ADMIN', patientRead, agentsClient.id)).toBe(404)
      const search = await (await callers.as('AGENT_USER')).request({ method: 'GET', url: '/api/patients/' })
      const names = (search.json() as { results: { id: string }[] }).results.map((row) => row.id)
      expect(names).toContain(agentsClient.id)
      expect(names).not.toContain(agentsEndedClient.id)
      expect(names).not.toContain(own.id)
    })
  })
})
