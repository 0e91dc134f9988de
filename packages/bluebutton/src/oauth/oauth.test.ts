import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BASE_URL, json, testClient } from '../../test/fake-fetch.ts'
import { BlueButtonError } from '../errors.ts'

const TOKEN_BODY = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'patient/Patient.rs patient/Coverage.rs patient/ExplanationOfBenefit.rs profile',
  refresh_token: 'refresh-1',
  patient: '-20140000010000',
  access_grant_expiration: '2027-12-20T12:00:00Z',
}

function base64url(bytes: Buffer): string {
  return bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

async function caught(promise: Promise<unknown>): Promise<BlueButtonError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof BlueButtonError) return error
    throw error
  }
  throw new Error('expected a BlueButtonError')
}

describe('createAuthorizationRequest', () => {
  it('builds the authorize URL with PKCE S256, state and the four scopes', async () => {
    const { client } = testClient([])
    const request = await client.createAuthorizationRequest({ lang: 'es' })
    const url = new URL(request.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/v2/o/authorize/`)
    const params = url.searchParams
    expect(params.get('client_id')).toBe('client-123')
    expect(params.get('redirect_uri')).toBe('http://localhost:3001/api/bluebutton/callback/')
    expect(params.get('response_type')).toBe('code')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('scope')).toBe(
      'patient/Patient.rs patient/Coverage.rs patient/ExplanationOfBenefit.rs profile',
    )
    expect(params.get('lang')).toBe('es')
    expect(params.get('state')).toBe(request.state)
    expect(params.has('client_secret')).toBe(false)
    expect(request.url).not.toContain('+')
    expect(request.url).not.toContain('secret-456')
  })

  it('uses a state of ≥16 chars and a 43–128 char verifier whose S256 hash is the challenge', async () => {
    const { client } = testClient([])
    const request = await client.createAuthorizationRequest()
    expect(request.state.length).toBeGreaterThanOrEqual(16)
    expect(request.state).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(request.codeVerifier.length).toBeGreaterThanOrEqual(43)
    expect(request.codeVerifier.length).toBeLessThanOrEqual(128)
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9._~-]+$/)
    const expected = base64url(createHash('sha256').update(request.codeVerifier, 'ascii').digest())
    expect(request.codeChallenge).toBe(expected)
    expect(new URL(request.url).searchParams.get('code_challenge')).toBe(expected)
  })

  it('generates fresh randomness every time', async () => {
    const { client } = testClient([])
    const requests = await Promise.all(Array.from({ length: 20 }, () => client.createAuthorizationRequest()))
    expect(new Set(requests.map((request) => request.state)).size).toBe(20)
    expect(new Set(requests.map((request) => request.codeVerifier)).size).toBe(20)
  })

  it('keeps a path prefix and allows custom scopes', async () => {
    const { client } = testClient([], { baseUrl: 'http://localhost:4010/bb/' })
    const request = await client.createAuthorizationRequest({
      scopes: ['patient/Coverage.rs', 'patient/ExplanationOfBenefit.rs'],
    })
    expect(request.url.startsWith('http://localhost:4010/bb/v2/o/authorize/?')).toBe(true)
    expect(request.scopes).toEqual(['patient/Coverage.rs', 'patient/ExplanationOfBenefit.rs'])
    expect(client.endpoints.fhirBase).toBe('http://localhost:4010/bb/v2/fhir/')
  })
})

describe('parseCallback', () => {
  const state = 'a'.repeat(43)

  it('returns the code when the state matches', () => {
    const { client } = testClient([])
    expect(client.parseCallback(`http://localhost:3001/cb/?code=abc&state=${state}`, state)).toEqual({
      code: 'abc',
    })
    expect(client.parseCallback(new URLSearchParams({ code: 'xyz', state }), state)).toEqual({ code: 'xyz' })
  })

  it('maps deny, state mismatch, missing state and missing code', () => {
    const { client } = testClient([])
    const codeOf = (query: string) => {
      try {
        client.parseCallback(query, state)
        return 'no error'
      } catch (error) {
        return error instanceof BlueButtonError ? error.code : 'other'
      }
    }
    expect(codeOf(`error=access_denied&state=${state}`)).toBe('access_denied')
    expect(codeOf(`code=abc&state=${'b'.repeat(43)}`)).toBe('state_mismatch')
    expect(codeOf('code=abc')).toBe('state_mismatch')
    expect(codeOf(`state=${state}`)).toBe('invalid_callback')
    expect(codeOf(`error=server_error&state=${state}`)).toBe('invalid_callback')
  })
})

describe('exchangeCode', () => {
  it('posts the code with PKCE verifier and HTTP Basic client auth, and parses the tokens', async () => {
    const { client, requests } = testClient([json(200, TOKEN_BODY)])
    const tokens = await client.exchangeCode({ code: 'code-1', codeVerifier: 'v'.repeat(43) })
    const [request] = requests
    expect(request?.url).toBe(`${BASE_URL}/v2/o/token/`)
    expect(request?.method).toBe('POST')
    expect(request?.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(request?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('client-123:secret-456').toString('base64')}`,
    )
    const body = new URLSearchParams(request?.body ?? '')
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://localhost:3001/api/bluebutton/callback/',
      code_verifier: 'v'.repeat(43),
    })
    expect(tokens).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresIn: 3600,
      expiresAt: new Date('2026-11-20T13:00:00Z'),
      patientId: '-20140000010000',
      accessGrantExpiration: new Date('2027-12-20T12:00:00Z'),
      demographicsWithheld: false,
    })
  })

  it('puts client credentials in the body when configured', async () => {
    const { client, requests } = testClient([json(200, TOKEN_BODY)], { clientAuth: 'body' })
    await client.exchangeCode({ code: 'code-1', codeVerifier: 'v'.repeat(43) })
    const body = new URLSearchParams(requests[0]?.body ?? '')
    expect(body.get('client_id')).toBe('client-123')
    expect(body.get('client_secret')).toBe('secret-456')
    expect(requests[0]?.headers.has('authorization')).toBe(false)
  })

  it('works against an http:// local stand-in', async () => {
    const { client, requests } = testClient([json(200, TOKEN_BODY)], { baseUrl: 'http://localhost:4010' })
    await client.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) })
    expect(requests[0]?.url).toBe('http://localhost:4010/v2/o/token/')
  })

  it('never retries a failed exchange (the code is single use)', async () => {
    const { client, requests } = testClient([json(503, { detail: 'down' }), json(200, TOKEN_BODY)])
    const error = await caught(client.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) }))
    expect(error.code).toBe('transient')
    expect(requests).toHaveLength(1)
  })

  it('rejects a 200 without an access token', async () => {
    const { client } = testClient([json(200, { token_type: 'Bearer' })])
    expect((await caught(client.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) }))).code).toBe(
      'invalid_response',
    )
  })
})

describe('refresh', () => {
  it('sends the refresh token and returns the rotated one', async () => {
    const { client, requests } = testClient([
      json(200, { ...TOKEN_BODY, access_token: 'access-2', refresh_token: 'refresh-2' }),
    ])
    const tokens = await client.refresh('refresh-1')
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body ?? ''))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    })
    expect(tokens.refreshToken).toBe('refresh-2')
    expect(tokens.accessToken).toBe('access-2')
  })

  it('does not retry on a network failure (the token may already be rotated)', async () => {
    const { client, requests } = testClient([new TypeError('socket hang up'), json(200, TOKEN_BODY)])
    const error = await caught(client.refresh('refresh-1'))
    expect(error).toMatchObject({ code: 'transient', endpoint: 'token' })
    expect(requests).toHaveLength(1)
  })
})

describe('revoke', () => {
  it('posts the access token to /v2/o/revoke/ with client auth', async () => {
    const { client, requests } = testClient([new Response(null, { status: 200 })])
    await client.revoke('access-1')
    expect(requests[0]?.url).toBe(`${BASE_URL}/v2/o/revoke/`)
    expect(new URLSearchParams(requests[0]?.body ?? '').get('token')).toBe('access-1')
    expect(requests[0]?.headers.get('authorization')).toMatch(/^Basic /)
  })

  it('reports a rejected client', async () => {
    const { client } = testClient([json(401, { error: 'invalid_client' })])
    expect(await caught(client.revoke('access-1'))).toMatchObject({ code: 'bad_client', endpoint: 'revoke' })
  })
})
