// The real @blueconsent/bluebutton client against the sandbox on a real socket (ephemeral port,
// mounted under a prefix): the whole dance, every error case the sandbox plays, every fault switch.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  BlueButtonClient,
  type BlueButtonClientConfig,
  type BlueButtonError,
  isBlueButtonError,
  mapCoverage,
  mapExplanationOfBenefit,
  mapPatient,
  type TokenSet,
} from '@blueconsent/bluebutton'
import { buildSandboxApp } from '../src/app.ts'
import { simulateBeneficiaryConsent } from '../src/testing/simulate-consent.ts'
import { CLIENTS, REDIRECT, testClock, type TestClock } from './helpers.ts'
import type { SandboxClient } from '../src/options.ts'

let app: FastifyInstance
let clock: TestClock
let base: string
let sleeps: number[]

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}/bb-sandbox`
  clock = testClock(new Date().toISOString())
  app = await buildSandboxApp({
    publicBaseUrl: base,
    prefix: '/bb-sandbox',
    clients: Object.values(CLIENTS),
    now: clock.now,
    adminEnabled: true,
  })
  await app.listen({ port, host: '127.0.0.1' })
})
afterAll(() => app.close())

function client(
  registration: SandboxClient = CLIENTS.provider,
  extra: Partial<BlueButtonClientConfig> = {},
): BlueButtonClient {
  sleeps = []
  return new BlueButtonClient({
    baseUrl: base,
    clientId: registration.clientId,
    clientSecret: registration.clientSecret,
    redirectUri: REDIRECT,
    clientAuth: 'basic',
    now: clock.now,
    // Backoff and Retry-After waits are recorded, not slept, so the suite stays fast.
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 60_000 },
    ...extra,
  })
}

async function consent(
  bb: BlueButtonClient,
  username: string,
  choice: { allow?: boolean; share?: boolean } = {},
) {
  const request = await bb.createAuthorizationRequest()
  const outcome = await simulateBeneficiaryConsent(request.url, {
    username,
    ...(choice.allow === undefined ? {} : { allow: choice.allow }),
    ...(choice.share === undefined ? {} : { shareDemographics: choice.share }),
  })
  if (outcome.kind !== 'redirect')
    throw new Error(`consent stopped: ${outcome.status} ${outcome.body.slice(0, 200)}`)
  return { request, location: outcome.location }
}

async function connect(bb: BlueButtonClient, username: string, share = true): Promise<TokenSet> {
  const { request, location } = await consent(bb, username, { share })
  const { code } = bb.parseCallback(location, request.state)
  return bb.exchangeCode({ code, codeVerifier: request.codeVerifier })
}

async function failure(promise: Promise<unknown>): Promise<BlueButtonError> {
  try {
    await promise
  } catch (error) {
    if (isBlueButtonError(error)) return error
    throw error
  }
  throw new Error('expected a BlueButtonError')
}

const admin = (method: 'PUT' | 'DELETE' | 'GET', path: string, body?: unknown) =>
  fetch(`${base}/__admin${path}`, {
    method,
    ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  })
const remaining = async (clientId: string): Promise<number | null | undefined> =>
  ((await (await admin('GET', '/faults')).json()) as Record<string, { remaining: number | null }>)[clientId]
    ?.remaining

async function collectEobs(
  bb: BlueButtonClient,
  token: string | ((rejected: string | null) => Promise<string>),
) {
  const ids: string[] = []
  let total: number | null = null
  let pages = 0
  for await (const page of bb.explanationOfBenefitPages(token)) {
    total = page.total
    pages += 1
    ids.push(...page.resources.map((r) => String(r['id'])))
  }
  return { ids, total, pages }
}

describe('the full dance with the real client', () => {
  it('authorize → login → consent → code → token → all pages → refresh → revoke → 401', async () => {
    const bb = client()
    const tokens = await connect(bb, 'BBUser00000')
    expect(tokens.patientId).toBe('-10000020000000')
    expect(tokens.refreshToken).not.toBeNull()
    expect(tokens.granted).toEqual({
      patient: true,
      coverage: true,
      explanationOfBenefit: true,
      profile: true,
    })
    expect(tokens.accessGrantExpiration?.getUTCFullYear()).toBe(clock.now().getUTCFullYear() + 1)

    const patient = mapPatient(await bb.readPatient(tokens.accessToken))
    expect(patient.record?.mbi).toMatch(/^\dS/)
    const coverage = []
    for await (const page of bb.coveragePages(tokens.accessToken))
      coverage.push(...page.resources.map((r) => mapCoverage(r).record))
    expect(coverage.map((c) => c?.part)).toEqual(['A', 'B', 'C', 'D'])

    const { ids, total, pages } = await collectEobs(bb, tokens.accessToken)
    expect(total).toBe(155)
    expect(ids).toHaveLength(155)
    expect(new Set(ids).size).toBe(155)
    expect(pages).toBe(4)

    const userinfo = await bb.userinfo(tokens.accessToken)
    expect(userinfo.patientId).toBe(tokens.patientId)

    const refreshed = await bb.refresh(tokens.refreshToken ?? '')
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken)
    expect((await failure(bb.refresh(tokens.refreshToken ?? ''))).code).toBe('reconsent_required')

    await bb.revoke(refreshed.accessToken)
    expect((await failure(bb.readPatient(refreshed.accessToken))).code).toBe('unauthorized')
    expect((await failure(bb.refresh(refreshed.refreshToken ?? ''))).code).toBe('revoked')
  })

  it('every synthetic EOB and the fixture beneficiaries map without an unmapped resource', async () => {
    const bb = client()
    for (const username of ['BBUser00004', 'BBUser00010', 'BBUser29999', 'BBUser29998', 'BBUser29997']) {
      const tokens = await connect(bb, username)
      for await (const page of bb.explanationOfBenefitPages(tokens.accessToken)) {
        for (const resource of page.resources) {
          const mapped = mapExplanationOfBenefit(resource)
          expect(mapped.kind).not.toBe('unmapped')
          // Generated institutional claims carry the full type of bill (facility, classification, frequency).
          const institutional =
            mapped.kind === 'claim' && !['CARRIER', 'DME'].includes(mapped.record.claimType)
          if (username.startsWith('BBUser000') && institutional)
            expect(mapped.record?.typeOfBill).toMatch(/^\d{3}$/)
        }
      }
    }
  })

  it('body client auth works too', async () => {
    const tokens = await connect(client(CLIENTS.provider, { clientAuth: 'body' }), 'BBUser00021')
    expect(tokens.accessToken).toBeTruthy()
  })

  it('a token source function refreshes after a 401 mid-paging (1-hour token)', async () => {
    const bb = client()
    let tokens = await connect(bb, 'BBUser00022')
    clock.advance(3600_000)
    const source = async (rejected: string | null): Promise<string> => {
      if (rejected) tokens = await bb.refresh(tokens.refreshToken ?? '')
      return tokens.accessToken
    }
    const { ids, total } = await collectEobs(bb, source)
    expect(ids.length).toBe(total)
  })
})

describe('error cases of the brief, as the client reports them', () => {
  it('Deny → access_denied from parseCallback', async () => {
    const bb = client()
    const { request, location } = await consent(bb, 'BBUser00023', { allow: false })
    expect(() => bb.parseCallback(location, request.state)).toThrow(
      expect.objectContaining({ code: 'access_denied' }),
    )
  })

  it('a different state → state_mismatch', async () => {
    const bb = client()
    const { location } = await consent(bb, 'BBUser00023')
    expect(() => bb.parseCallback(location, 'some-other-state-value-123')).toThrow(
      expect.objectContaining({ code: 'state_mismatch' }),
    )
  })

  it('withheld demographics: scopes reflect it, Patient and userinfo scope_denied, patient id still resolvable', async () => {
    const bb = client()
    const tokens = await connect(bb, 'BBUser00024', false)
    expect(tokens.demographicsWithheld).toBe(true)
    expect((await failure(bb.readPatient(tokens.accessToken))).code).toBe('scope_denied')
    expect((await failure(bb.userinfo(tokens.accessToken))).code).toBe('scope_denied')
    expect(await bb.resolvePatientId(tokens)).toBe('-10000020000024')
  })

  it('bad client secret → bad_client', async () => {
    const bb = client()
    const { request, location } = await consent(bb, 'BBUser00025')
    const wrong = client({ ...CLIENTS.provider, clientSecret: 'wrong' })
    const { code } = wrong.parseCallback(location, request.state)
    expect((await failure(wrong.exchangeCode({ code, codeVerifier: request.codeVerifier }))).code).toBe(
      'bad_client',
    )
  })

  it('a used code and an expired (60 s) code → reconsent_required', async () => {
    const bb = client()
    const first = await consent(bb, 'BBUser00026')
    const { code } = bb.parseCallback(first.location, first.request.state)
    await bb.exchangeCode({ code, codeVerifier: first.request.codeVerifier })
    expect((await failure(bb.exchangeCode({ code, codeVerifier: first.request.codeVerifier }))).code).toBe(
      'reconsent_required',
    )
    const second = await consent(bb, 'BBUser00026')
    clock.advance(61_000)
    const late = bb.parseCallback(second.location, second.request.state)
    expect(
      (await failure(bb.exchangeCode({ code: late.code, codeVerifier: second.request.codeVerifier }))).code,
    ).toBe('reconsent_required')
  })

  it('one-time app: no refresh token, refresh → one_time_app', async () => {
    const bb = client(CLIENTS.agent)
    const tokens = await connect(bb, 'BBUser00027')
    expect(tokens.refreshToken).toBeNull()
    expect((await failure(bb.refresh('any-refresh-token'))).code).toBe('one_time_app')
  })

  it('13 months later: refresh and FHIR → reconsent_required', async () => {
    const bb = client()
    const tokens = await connect(bb, 'BBUser00028')
    clock.advance(400 * 24 * 3600_000)
    expect((await failure(bb.refresh(tokens.refreshToken ?? ''))).code).toBe('reconsent_required')
  })

  it('expire_authenticated_user → refresh revoked, FHIR unauthorized', async () => {
    const bb = client()
    const tokens = await connect(bb, 'BBUser00029')
    const auth = `Basic ${Buffer.from(`${CLIENTS.provider.clientId}:${CLIENTS.provider.clientSecret}`).toString('base64')}`
    const res = await fetch(`${base}/v2/o/expire_authenticated_user/${tokens.patientId}/`, {
      method: 'POST',
      headers: { authorization: auth },
    })
    expect(await res.text()).toBe('success')
    expect((await failure(bb.refresh(tokens.refreshToken ?? ''))).code).toBe('revoked')
    expect((await failure(bb.readPatient(tokens.accessToken))).code).toBe('unauthorized')
  })

  it('re-consent kills the older token set', async () => {
    const bb = client()
    const older = await connect(bb, 'BBUser00030')
    await connect(bb, 'BBUser00030')
    expect((await failure(bb.readPatient(older.accessToken))).code).toBe('unauthorized')
    expect((await failure(bb.refresh(older.refreshToken ?? ''))).code).toBe('reconsent_required')
  })

  it('an application CMS switched off → app_inactive on FHIR and refresh', async () => {
    const bb = client()
    const tokens = await connect(bb, 'BBUser00032')
    await admin('PUT', '/clients/provider', { active: false })
    try {
      expect((await failure(bb.readPatient(tokens.accessToken))).code).toBe('app_inactive')
      expect((await failure(bb.refresh(tokens.refreshToken ?? ''))).code).toBe('app_inactive')
    } finally {
      await admin('PUT', '/clients/provider', { active: true })
    }
  })

  it("another enrollee's resource → not_found", async () => {
    const bb = client()
    const tokens = await connect(bb, 'BBUser00031')
    expect((await failure(bb.readResource(tokens.accessToken, 'Patient', '-10000020000000'))).code).toBe(
      'not_found',
    )
  })
})

describe('fault switches and the client retry behaviour', () => {
  let bb: BlueButtonClient
  let tokens: TokenSet
  beforeAll(async () => {
    bb = client()
    tokens = await connect(bb, 'BBUser00040')
  })

  it('429 with Retry-After: waited exactly, then success', async () => {
    await admin('PUT', '/faults/provider', { kind: 'rate-limit', retryAfterSeconds: 2, count: 1 })
    sleeps.length = 0
    await bb.readPatient(tokens.accessToken)
    expect(sleeps).toEqual([2000])
  })

  it('a Retry-After beyond the client limit fails at once as transient with retryAfterMs', async () => {
    await admin('PUT', '/faults/provider', { kind: 'rate-limit', retryAfterSeconds: 120, count: 1 })
    const error = await failure(bb.readPatient(tokens.accessToken))
    expect(error.code).toBe('transient')
    expect(error.retryAfterMs).toBe(120_000)
  })

  it.each([500, 502, 503, 504])('%i twice: retried with backoff, third try succeeds', async (status) => {
    await admin('PUT', '/faults/provider', { kind: 'server-error', status, count: 2 })
    sleeps.length = 0
    const page = (await bb.explanationOfBenefitPages(tokens.accessToken).next()).value
    expect(page?.resources.length).toBe(Math.min(50, page?.total ?? 0))
    expect(page?.resources.length).toBeGreaterThan(0)
    expect(sleeps).toHaveLength(2)
    expect(sleeps[1]).toBeGreaterThan(sleeps[0] ?? 0)
  })

  it('a lasting 503: transient after maxAttempts', async () => {
    await admin('PUT', '/faults/provider', { kind: 'server-error', status: 503 })
    sleeps.length = 0
    expect((await failure(bb.readPatient(tokens.accessToken))).code).toBe('transient')
    expect(sleeps).toHaveLength(2)
    await admin('DELETE', '/faults/provider')
  })

  it('a slow response past the client timeout is retried', async () => {
    const patient = client(CLIENTS.provider, { timeoutMs: 1500 })
    await admin('PUT', '/faults/provider', { kind: 'slow', delayMs: 4000, count: 1 })
    const resource = await patient.readPatient(tokens.accessToken)
    expect(resource['id']).toBe(tokens.patientId)
    expect(sleeps).toHaveLength(1)
  })

  it('upstream 400 → bad_request, never retried', async () => {
    await admin('PUT', '/faults/provider', { kind: 'upstream-400', count: 2 })
    expect((await failure(bb.readPatient(tokens.accessToken))).code).toBe('bad_request')
    expect(await remaining('provider')).toBe(1)
    await admin('DELETE', '/faults/provider')
  })

  it('a failed patient lookup (404) on refresh → reconsent_required', async () => {
    await admin('PUT', '/faults/provider', { kind: 'upstream-404', surface: 'token', count: 1 })
    expect((await failure(bb.refresh(tokens.refreshToken ?? ''))).code).toBe('reconsent_required')
  })

  it('a 503 on the token endpoint is transient and never retried (codes and refresh tokens are single use)', async () => {
    await admin('PUT', '/faults/provider', { kind: 'server-error', status: 503, surface: 'token', count: 2 })
    expect((await failure(bb.refresh(tokens.refreshToken ?? ''))).code).toBe('transient')
    expect(await remaining('provider')).toBe(1)
    await admin('DELETE', '/faults/provider')
    // The refresh token was not consumed by the failed call.
    expect((await bb.refresh(tokens.refreshToken ?? '')).accessToken).toBeTruthy()
  })
})
