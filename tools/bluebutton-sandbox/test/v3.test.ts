// Blue Button v3 beside v2: the same routes under /v3/, OperationOutcome errors, the 42 CFR Part 2 choice on
// the consent screen and its effect on v3 data and on v2 calls, and scopes honoured per resource.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPart2Claim } from '../src/fhir/part2.ts'
import type { FhirResource } from '../src/synthetic/fhir.ts'
import {
  authorizeParams,
  CLIENTS,
  dance,
  fhirGet,
  form,
  makeSandbox,
  pkce,
  PREFIX,
  type Tokens,
} from './helpers.ts'

// BBUser00002: schizophrenia + substance use + depression, so some claims carry F10–F19 diagnoses.
const SUD_USER = 'BBUser00002'

let app: FastifyInstance
beforeAll(async () => {
  ;({ app } = await makeSandbox())
})
afterAll(async () => {
  await app.close()
})

type Bundle = {
  total: number
  link: { relation: string; url: string }[]
  entry?: { resource: FhirResource }[]
}

async function allEobs(token: string, version: 'v2' | 'v3'): Promise<{ first: Bundle; ids: FhirResource[] }> {
  const res = await fhirGet(app, `/${version}/fhir/ExplanationOfBenefit/?_count=50`, token)
  expect(res.statusCode).toBe(200)
  const first = res.json<Bundle>()
  const resources = (first.entry ?? []).map((e) => e.resource)
  let next = first.link.find((l) => l.relation === 'next')?.url
  while (next) {
    const page = (await fhirGet(app, next, token)).json<Bundle>()
    resources.push(...(page.entry ?? []).map((e) => e.resource))
    next = page.link.find((l) => l.relation === 'next')?.url
  }
  return { first, ids: resources }
}

const selfOf = (bundle: Bundle): string => bundle.link.find((l) => l.relation === 'self')?.url ?? ''

describe('v3 routes', () => {
  it('serves metadata and discovery under /v3/ with v3 endpoints', async () => {
    const metadata = await app.inject({ method: 'GET', url: `${PREFIX}/v3/fhir/metadata` })
    expect(metadata.statusCode).toBe(200)
    const statement = metadata.json<{ resourceType: string; implementation: { url: string } }>()
    expect(statement.resourceType).toBe('CapabilityStatement')
    expect(statement.implementation.url).toMatch(/\/v3\/fhir$/)
    const openid = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v3/connect/.well-known/openid-configuration`,
    })
    expect(openid.json<{ token_endpoint: string }>().token_endpoint).toMatch(/\/v3\/o\/token\/$/)
    const v2 = await app.inject({ method: 'GET', url: `${PREFIX}/v2/fhir/metadata` })
    expect(v2.json<{ implementation: { url: string } }>().implementation.url).toMatch(/\/v2\/fhir$/)
  })

  it('answers BFD errors as an OperationOutcome with BFD status on v3, as {detail} on v2', async () => {
    const tokens = await dance(app, { version: 'v3', sharePart2: true })
    const badId = await fhirGet(app, '/v3/fhir/Coverage/part-d____--1', tokens.access_token)
    expect(badId.statusCode).toBe(400)
    const outcome = badId.json<{ resourceType: string; issue: { code: string; diagnostics: string }[] }>()
    expect(outcome.resourceType).toBe('OperationOutcome')
    expect(outcome.issue[0]?.code).toBe('processing')
    expect(outcome.issue[0]?.diagnostics).toContain('Unsupported ID pattern')
    const missing = await fhirGet(app, '/v3/fhir/Patient/-1', tokens.access_token)
    expect(missing.statusCode).toBe(404)
    expect(missing.json<{ issue: { code: string }[] }>().issue[0]?.code).toBe('not-found')
    // The same token on v2 (it shared Part 2, so v2 may read): v2 keeps the DRF shape.
    const v2 = await fhirGet(app, '/v2/fhir/Coverage/part-d____--1', tokens.access_token)
    expect(v2.statusCode).toBe(400)
    expect(v2.json<{ detail: string }>().detail).toMatch(/^An error occurred contacting the upstream server/)
  })
})

describe('42 CFR Part 2 choice', () => {
  it('the v3 consent page has the unchecked box; the v2 page has none', async () => {
    for (const version of ['v2', 'v3'] as const) {
      const start = await app.inject({
        method: 'GET',
        url: `${PREFIX}/${version}/o/authorize/?${authorizeParams({}, pkce().challenge)}`,
      })
      const authRequest = new URL(String(start.headers.location)).searchParams.get('auth_request') ?? ''
      const login = await app.inject({
        method: 'POST',
        url: `${PREFIX}/mymedicare/login`,
        ...form({ auth_request: authRequest, username: SUD_USER, password: 'PW00002!' }),
      })
      expect(String(login.headers.location)).toContain(`/${version}/o/authorize/`)
      const page = await app.inject({ method: 'GET', url: new URL(String(login.headers.location)).pathname })
      const box = /<input type="checkbox" id="share-samhsa"[^>]*>/.exec(page.body)?.[0]
      if (version === 'v2') expect(box).toBeUndefined()
      else {
        expect(box).toContain('name="share_samhsa_data"')
        expect(box).not.toContain('checked')
        expect(page.body).toContain('Alcohol &amp; substance use information')
      }
    }
  })

  let withheld: Tokens
  let shared: Tokens

  it('unchecked: v3 leaves substance use claims out and says so in the Bundle links', async () => {
    withheld = await dance(app, { version: 'v3', username: SUD_USER, sharePart2: false })
    shared = await dance(app, {
      version: 'v3',
      username: SUD_USER,
      sharePart2: true,
      client: CLIENTS.research,
    })
    const filtered = await allEobs(withheld.access_token, 'v3')
    const full = await allEobs(shared.access_token, 'v3')
    const part2 = full.ids.filter(isPart2Claim)
    expect(part2.length).toBeGreaterThan(0)
    expect(filtered.ids.some(isPart2Claim)).toBe(false)
    expect(filtered.ids).toHaveLength(full.ids.length - part2.length)
    expect(filtered.first.total).toBe(filtered.ids.length)
    expect(new URL(selfOf(filtered.first)).searchParams.get('_security:not')).toBe('42CFRPart2')
    expect(new URL(selfOf(full.first)).searchParams.has('_security:not')).toBe(false)
    // A read by id of a withheld claim is not found.
    const hidden = await fhirGet(app, `/v3/fhir/ExplanationOfBenefit/${part2[0]?.id}`, withheld.access_token)
    expect(hidden.statusCode).toBe(404)
  })

  it('unchecked: every v2 EOB call with that token is refused 403, Patient and Coverage still answer', async () => {
    const search = await fhirGet(app, '/v2/fhir/ExplanationOfBenefit/', withheld.access_token)
    expect(search.statusCode).toBe(403)
    expect(search.json()).toEqual({ detail: 'You do not have permission to perform this action.' })
    const read = await fhirGet(app, '/v2/fhir/ExplanationOfBenefit/pde--1', withheld.access_token)
    expect(read.statusCode).toBe(403)
    expect((await fhirGet(app, '/v2/fhir/Coverage/', withheld.access_token)).statusCode).toBe(200)
    expect((await fhirGet(app, '/v2/fhir/Patient/', withheld.access_token)).statusCode).toBe(200)
    // Checked: v2 reads claims as before.
    expect((await fhirGet(app, '/v2/fhir/ExplanationOfBenefit/', shared.access_token)).statusCode).toBe(200)
  })

  it('the choice survives a refresh', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v3/o/token/`,
      ...form({
        grant_type: 'refresh_token',
        refresh_token: withheld.refresh_token ?? '',
        client_id: CLIENTS.provider.clientId,
        client_secret: CLIENTS.provider.clientSecret,
      }),
    })
    expect(res.statusCode).toBe(200)
    const refreshed = res.json<Tokens>()
    expect((await fhirGet(app, '/v2/fhir/ExplanationOfBenefit/', refreshed.access_token)).statusCode).toBe(
      403,
    )
    const v3 = await allEobs(refreshed.access_token, 'v3')
    expect(v3.ids.some(isPart2Claim)).toBe(false)
  })

  it('v2 consent (no question asked) shares everything', async () => {
    const tokens = await dance(app, { version: 'v2', username: SUD_USER, client: CLIENTS.agent })
    const { ids } = await allEobs(tokens.access_token, 'v2')
    expect(ids.some(isPart2Claim)).toBe(true)
  })
})

describe('scopes per authorization type are honoured', () => {
  it('an agent-shaped grant (EOB + Patient) reads those and is refused Coverage and userinfo', async () => {
    const tokens = await dance(app, {
      version: 'v3',
      client: CLIENTS.agent,
      scope: 'patient/ExplanationOfBenefit.rs patient/Patient.rs',
      sharePart2: true,
    })
    expect(tokens.scope.split(' ').sort()).toEqual(['patient/ExplanationOfBenefit.rs', 'patient/Patient.rs'])
    expect(
      (await fhirGet(app, '/v3/fhir/ExplanationOfBenefit/?type=pde', tokens.access_token)).statusCode,
    ).toBe(200)
    expect((await fhirGet(app, '/v3/fhir/Patient/', tokens.access_token)).statusCode).toBe(200)
    expect((await fhirGet(app, '/v3/fhir/Coverage/', tokens.access_token)).statusCode).toBe(403)
    expect((await fhirGet(app, '/v3/connect/userinfo', tokens.access_token)).statusCode).toBe(403)
  })

  it('a provider-shaped grant (EOB + Patient + Coverage) reads all three', async () => {
    const tokens = await dance(app, {
      version: 'v3',
      scope: 'patient/ExplanationOfBenefit.rs patient/Patient.rs patient/Coverage.rs',
      sharePart2: true,
    })
    for (const resource of ['ExplanationOfBenefit', 'Patient', 'Coverage'])
      expect((await fhirGet(app, `/v3/fhir/${resource}/`, tokens.access_token)).statusCode).toBe(200)
  })
})

describe('Part 2 claims', () => {
  it('are recognised by F10–F19 diagnoses (not nicotine) or BFD’s security label', () => {
    const withCode = (code: string): FhirResource =>
      ({
        resourceType: 'ExplanationOfBenefit',
        id: 'x',
        diagnosis: [{ diagnosisCodeableConcept: { coding: [{ code }] } }],
      }) as unknown as FhirResource
    expect(isPart2Claim(withCode('F1020'))).toBe(true)
    expect(isPart2Claim(withCode('F11.20'))).toBe(true)
    expect(isPart2Claim(withCode('F17210'))).toBe(false)
    expect(isPart2Claim(withCode('F209'))).toBe(false)
    const labelled = {
      resourceType: 'ExplanationOfBenefit',
      id: 'y',
      meta: { security: [{ code: '42CFRPart2' }] },
    } as unknown as FhirResource
    expect(isPart2Claim(labelled)).toBe(true)
  })
})
