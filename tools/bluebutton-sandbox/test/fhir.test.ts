import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { BASE, CLIENTS, PREFIX, dance, fhirGet, makeSandbox, type Tokens } from './helpers.ts'

type Bundle = {
  resourceType: string
  type: string
  total: number
  link: { relation: string; url: string }[]
  entry?: { resource: { id: string; resourceType: string; [k: string]: unknown } }[]
}

let app: FastifyInstance
let tokens: Tokens
beforeAll(async () => {
  ;({ app } = await makeSandbox())
  tokens = await dance(app, { username: 'BBUser00000' })
})
afterAll(() => app.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  fhirGet(app, path, tokens.access_token, headers)
const linkOf = (bundle: Bundle, relation: string) => bundle.link.find((l) => l.relation === relation)?.url

describe('authentication and scoping', () => {
  it('401 {"detail"} without a token or with an unknown token', async () => {
    const none = await app.inject({ method: 'GET', url: `${PREFIX}/v2/fhir/Patient` })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.' })
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/)
    expect((await fhirGet(app, '/v2/fhir/Patient', 'not-a-token')).statusCode).toBe(401)
  })

  it('400 for an access_token query parameter, even with a valid header', async () => {
    const res = await get(`/v2/fhir/Patient?access_token=${tokens.access_token}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/access_token/)
  })

  it("404 for another enrollee's Patient, Coverage or EOB id", async () => {
    expect((await get('/v2/fhir/Patient/-10000020000001')).statusCode).toBe(404)
    expect((await get('/v2/fhir/Coverage/part-a--10000020000001')).statusCode).toBe(404)
    expect((await get('/v2/fhir/ExplanationOfBenefit/carrier--10000000100001')).json()).toEqual({
      detail: 'Not found.',
    })
    expect((await get('/v2/fhir/Patient?_id=-10000020000001')).statusCode).toBe(404)
  })

  it('403 for another patient in EOB patient= or Coverage beneficiary=', async () => {
    const eob = await get('/v2/fhir/ExplanationOfBenefit?patient=-10000020000001')
    expect(eob.statusCode).toBe(403)
    expect(eob.json()).toEqual({ detail: 'You do not have permission to perform this action.' })
    expect((await get('/v2/fhir/Coverage?beneficiary=Patient/-10000020000001')).statusCode).toBe(403)
    expect((await get(`/v2/fhir/ExplanationOfBenefit?patient=${tokens.patient}`)).statusCode).toBe(200)
  })

  it('withheld demographics: Patient and userinfo 403, Coverage and EOB 200', async () => {
    const narrow = await dance(app, { username: 'BBUser00001', share: false })
    expect((await fhirGet(app, '/v2/fhir/Patient', narrow.access_token)).statusCode).toBe(403)
    expect((await fhirGet(app, '/v2/connect/userinfo', narrow.access_token)).statusCode).toBe(403)
    expect((await fhirGet(app, '/v2/fhir/Coverage', narrow.access_token)).statusCode).toBe(200)
    expect((await fhirGet(app, '/v2/fhir/ExplanationOfBenefit', narrow.access_token)).statusCode).toBe(200)
  })

  it('an app registered without demographics never reaches Patient', async () => {
    const t = await dance(app, {
      username: 'BBUser00002',
      client: CLIENTS.noDemographics,
      scope: 'patient/Coverage.rs patient/ExplanationOfBenefit.rs',
    })
    expect((await fhirGet(app, '/v2/fhir/Patient', t.access_token)).statusCode).toBe(403)
  })
})

describe('resources', () => {
  it('Patient search is a one-entry searchset with the token patient; read works', async () => {
    const res = await get('/v2/fhir/Patient')
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/)
    expect(res.headers['x-ratelimit-limit']).toBeDefined()
    const bundle = res.json<Bundle>()
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 })
    expect(bundle.entry?.[0]?.resource.id).toBe(tokens.patient)
    const read = await get(`/v2/fhir/Patient/${tokens.patient}`)
    expect(
      read.json().identifier.some((i: { system: string }) => i.system === 'http://hl7.org/fhir/sid/us-mbi'),
    ).toBe(true)
  })

  it('Coverage has parts A-D with Blue Button ids', async () => {
    const bundle = (await get('/v2/fhir/Coverage')).json<Bundle>()
    expect(bundle.entry?.map((e) => e.resource.id)).toEqual(
      ['a', 'b', 'c', 'd'].map((p) => `part-${p}-${tokens.patient}`),
    )
    expect((await get(`/v2/fhir/Coverage/part-d-${tokens.patient}`)).statusCode).toBe(200)
  })

  it('userinfo returns the Blue Button shape', async () => {
    const info = (await get('/v2/connect/userinfo')).json()
    expect(Object.keys(info).sort()).toEqual([
      'email',
      'family_name',
      'given_name',
      'iat',
      'name',
      'patient',
      'sub',
    ])
    expect(info.sub).toBe(tokens.patient)
  })

  it('EOB read by {type}--{id}; a malformed id is an upstream 400', async () => {
    const page = (await get('/v2/fhir/ExplanationOfBenefit?_count=1')).json<Bundle>()
    const id = page.entry?.[0]?.resource.id ?? ''
    expect(id).toMatch(/^carrier--\d+$/)
    expect((await get(`/v2/fhir/ExplanationOfBenefit/${id}`)).json().id).toBe(id)
    const bad = await get('/v2/fhir/ExplanationOfBenefit/part-d____--1')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toMatch(
      /^An error occurred contacting the upstream server:.*Unsupported ID pattern/,
    )
  })

  it('gzips payloads over 1 KB when asked', async () => {
    const res = await get('/v2/fhir/ExplanationOfBenefit', { 'accept-encoding': 'gzip' })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).resourceType).toBe('Bundle')
  })
})

describe('search parameters and paging', () => {
  it('_count defaults to 10 and paging links are absolute on the public base URL with the prefix', async () => {
    const bundle = (await get('/v2/fhir/ExplanationOfBenefit')).json<Bundle>()
    expect(bundle.entry).toHaveLength(10)
    expect(bundle.total).toBe(155)
    for (const l of bundle.link) expect(l.url.startsWith(`${BASE}/v2/fhir/ExplanationOfBenefit`)).toBe(true)
    expect(bundle.link.map((l) => l.relation)).toEqual(['first', 'next', 'last', 'self'])
    const next = new URL(linkOf(bundle, 'next') ?? '')
    expect(next.searchParams.get('startIndex')).toBe('10')
    expect(next.searchParams.get('_count')).toBe('10')
    expect(next.searchParams.get('patient')).toBe(tokens.patient)
    expect(new URL(linkOf(bundle, 'last') ?? '').searchParams.get('startIndex')).toBe('150')
  })

  it('_count above 50 is 400; 50 is accepted; count is an alias', async () => {
    expect((await get('/v2/fhir/ExplanationOfBenefit?_count=51')).statusCode).toBe(400)
    expect((await get('/v2/fhir/ExplanationOfBenefit?_count=abc')).statusCode).toBe(400)
    expect((await get('/v2/fhir/ExplanationOfBenefit?_count=50')).json<Bundle>().entry).toHaveLength(50)
    expect((await get('/v2/fhir/ExplanationOfBenefit?count=7')).json<Bundle>().entry).toHaveLength(7)
  })

  it('following next verbatim visits every EOB exactly once, with previous links on later pages', async () => {
    let url: string | undefined = `${BASE}/v2/fhir/ExplanationOfBenefit?_count=50`
    const ids: string[] = []
    let pages = 0
    while (url) {
      const bundle: Bundle = (await fhirGet(app, url, tokens.access_token)).json<Bundle>()
      ids.push(...(bundle.entry ?? []).map((e) => e.resource.id))
      if (pages > 0) expect(linkOf(bundle, 'previous')).toBeDefined()
      url = linkOf(bundle, 'next')
      pages += 1
    }
    expect(pages).toBe(4)
    expect(ids).toHaveLength(155)
    expect(new Set(ids).size).toBe(155)
  })

  it('type filters claim types (case-insensitive, optional system prefix) and is kept on next links', async () => {
    const pde = (await get('/v2/fhir/ExplanationOfBenefit?type=pde')).json<Bundle>()
    expect(pde.total).toBeGreaterThan(10)
    expect(pde.entry?.every((e) => e.resource.id.startsWith('pde-'))).toBe(true)
    expect(new URL(linkOf(pde, 'next') ?? '').searchParams.get('type')).toBe('pde')
    const both = (
      await get(
        '/v2/fhir/ExplanationOfBenefit?type=https://bluebutton.cms.gov/resources/codesystem/eob-type|CARRIER,inpatient&_count=50',
      )
    ).json<Bundle>()
    expect(both.entry?.every((e) => /^(carrier|inpatient)-/.test(e.resource.id))).toBe(true)
    expect((await get('/v2/fhir/ExplanationOfBenefit?type=claims')).statusCode).toBe(400)
  })

  it('_lastUpdated and service-date need lt/le/gt/ge prefixes and filter', async () => {
    expect((await get('/v2/fhir/ExplanationOfBenefit?_lastUpdated=2025-01-01')).statusCode).toBe(400)
    expect((await get('/v2/fhir/ExplanationOfBenefit?service-date=2025-01-01')).statusCode).toBe(400)
    const all = (await get('/v2/fhir/ExplanationOfBenefit?_count=0')).json<Bundle>().total
    const after = (
      await get('/v2/fhir/ExplanationOfBenefit?_lastUpdated=gt2025-06-01T00:00:00-05:00&_count=0')
    ).json<Bundle>().total
    const before = (
      await get('/v2/fhir/ExplanationOfBenefit?_lastUpdated=le2025-06-01T00:00:00-05:00&_count=0')
    ).json<Bundle>().total
    expect(after + before).toBe(all)
    expect(after).toBeGreaterThan(0)
    const window = (
      await get('/v2/fhir/ExplanationOfBenefit?service-date=ge2025-01-01&service-date=lt2025-02-01&_count=50')
    ).json<Bundle>()
    for (const e of window.entry ?? []) {
      const start = (e.resource['billablePeriod'] as { start: string }).start
      expect(start >= '2025-01-01' && start < '2025-02-01').toBe(true)
    }
  })

  it('unknown parameters are ignored', async () => {
    expect((await get('/v2/fhir/Coverage?patient=someone-else&foo=bar')).statusCode).toBe(200)
  })
})

describe('paging links without a configured public URL', () => {
  it('follow the host the client used, so localhost and 127.0.0.1 each get their own', async () => {
    const { app: hostless } = await makeSandbox({ linksFromRequestHost: true })
    const own = await dance(hostless, { username: 'BBUser00000' })
    for (const host of ['localhost:8000', '127.0.0.1:8000']) {
      const res = await hostless.inject({
        method: 'GET',
        url: `${PREFIX}/v2/fhir/ExplanationOfBenefit`,
        headers: { authorization: `Bearer ${own.access_token}`, host },
      })
      const next = new URL(linkOf(res.json<Bundle>(), 'next') ?? '')
      expect(next.host).toBe(host)
      expect(next.pathname).toBe(`${PREFIX}/v2/fhir/ExplanationOfBenefit`)
      // The link answers where it points.
      const page2 = await fhirGet(hostless, next.toString(), own.access_token)
      expect(page2.statusCode).toBe(200)
      expect(page2.json<Bundle>().entry?.length).toBeGreaterThan(0)
    }
    await hostless.close()
  })
})
