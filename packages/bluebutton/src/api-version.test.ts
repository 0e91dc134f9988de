// v2 and v3 side by side: the paths each version calls, OperationOutcome errors, and the Part 2 signal.
import { describe, expect, it } from 'vitest'
import { BASE_URL, json, testClient } from '../test/fake-fetch.ts'
import { loadFixture } from '../test/fixtures.ts'
import { blueButtonEndpoints } from './config.ts'
import { BlueButtonError, readErrorBody } from './errors.ts'
import { readBundle, urlExcludesPart2 } from './fhir/fhir.ts'

async function errorOf(promise: Promise<unknown>): Promise<BlueButtonError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof BlueButtonError) return error
    throw error
  }
  throw new Error('expected a BlueButtonError')
}

const emptyBundle = (self: string) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  total: 0,
  link: [{ relation: 'self', url: self }],
  entry: [],
})

describe('API version', () => {
  it('derives every endpoint from the version, v2 by default', () => {
    expect(blueButtonEndpoints(BASE_URL).fhirBase).toBe(`${BASE_URL}/v2/fhir/`)
    expect(blueButtonEndpoints(BASE_URL, 'v3')).toEqual({
      issuer: BASE_URL,
      authorize: `${BASE_URL}/v3/o/authorize/`,
      token: `${BASE_URL}/v3/o/token/`,
      revoke: `${BASE_URL}/v3/o/revoke/`,
      userinfo: `${BASE_URL}/v3/connect/userinfo`,
      fhirBase: `${BASE_URL}/v3/fhir/`,
    })
  })

  it('refuses an unknown version', () => {
    expect(() => blueButtonEndpoints(BASE_URL, 'v4' as 'v3')).toThrow(/v2 or v3/)
  })

  it('a v3 client authorizes and reads under /v3/', async () => {
    const { client, requests } = testClient(
      [json(200, emptyBundle(`${BASE_URL}/v3/fhir/ExplanationOfBenefit/`))],
      {
        apiVersion: 'v3',
      },
    )
    expect(client.apiVersion).toBe('v3')
    const authorization = await client.createAuthorizationRequest()
    expect(authorization.url.startsWith(`${BASE_URL}/v3/o/authorize/?`)).toBe(true)
    await client.explanationOfBenefitPages('token').next()
    expect(requests[0]?.url).toBe(`${BASE_URL}/v3/fhir/ExplanationOfBenefit?_count=50`)
  })
})

describe('OperationOutcome errors (v3 passes BFD status and body through)', () => {
  it('reads the recorded CMS OperationOutcome into detail and issues', () => {
    const body = readErrorBody(JSON.stringify(loadFixture('bb2-operation-outcome-error.json')))
    expect(body.oauthError).toBeNull()
    expect(body.detail).toMatch(/^Failed to call access method: .*Unsupported ID pattern/)
    expect(body.issues).toEqual([{ severity: 'error', code: 'processing', diagnostics: body.detail }])
  })

  it('a 400 processing outcome is a bad_request carrying the issues', async () => {
    const outcome = loadFixture('bb2-operation-outcome-error.json')
    const { client } = testClient([json(400, outcome)], { apiVersion: 'v3' })
    const error = await errorOf(client.readResource('token', 'Coverage', 'part-d____--1'))
    expect(error.code).toBe('bad_request')
    expect(error.status).toBe(400)
    expect(error.issues?.[0]?.code).toBe('processing')
    expect(error.detail).toContain('Unsupported ID pattern')
  })

  it('a not-found issue is not_found; a throttled one is transient whatever the status', async () => {
    const outcome = (code: string) => ({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code, details: { text: `${code} text` } }],
    })
    const { client } = testClient(
      [json(404, outcome('not-found')), json(400, outcome('throttled')), json(400, outcome('throttled'))],
      { apiVersion: 'v3', retry: { maxAttempts: 1 } },
    )
    const missing = await errorOf(client.readResource('token', 'ExplanationOfBenefit', 'pde--9'))
    expect(missing.code).toBe('not_found')
    expect(missing.detail).toBe('not-found text')
    const throttled = await errorOf(client.readResource('token', 'ExplanationOfBenefit', 'pde--9'))
    expect(throttled.code).toBe('transient')
  })

  it('DRF {detail} errors still classify as before (403 on v2 EOB for a Part 2-withheld token)', async () => {
    const { client } = testClient([
      json(403, { detail: 'You do not have permission to perform this action.' }),
    ])
    const error = await errorOf(client.explanationOfBenefitPages('token').next())
    expect(error.code).toBe('forbidden')
    expect(error.issues).toBeNull()
    expect(error.transient).toBe(false)
  })
})

describe('42 CFR Part 2 exclusion signal', () => {
  it('is read from the Bundle self link', () => {
    const filtered = `${BASE_URL}/v3/fhir/ExplanationOfBenefit/?_security%3Anot=42CFRPart2&_count=50`
    expect(readBundle(emptyBundle(filtered), 'x', 1).excludesPart2).toBe(true)
    const unfiltered = `${BASE_URL}/v3/fhir/ExplanationOfBenefit/?_count=50`
    const page = readBundle(emptyBundle(unfiltered), 'x', 1)
    expect(page.excludesPart2).toBe(false)
    expect(page.selfUrl).toBe(unfiltered)
  })

  it('matches the label in a comma list and ignores other security parameters', () => {
    expect(urlExcludesPart2('https://x/?_security:not=R,42CFRPart2')).toBe(true)
    expect(urlExcludesPart2('https://x/?_security=42CFRPart2')).toBe(false)
    expect(urlExcludesPart2('not a url')).toBe(false)
    expect(urlExcludesPart2(null)).toBe(false)
  })
})
