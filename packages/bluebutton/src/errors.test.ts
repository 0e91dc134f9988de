// Each error Blue Button documents (token endpoint and FHIR calls) maps to a code the server acts on.
import { describe, expect, it } from 'vitest'
import { json, testClient } from '../test/fake-fetch.ts'
import { BlueButtonError, classifyDataError, readErrorBody, type BlueButtonErrorCode } from './errors.ts'

async function errorOf(promise: Promise<unknown>): Promise<BlueButtonError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof BlueButtonError) return error
    throw error
  }
  throw new Error('expected a BlueButtonError')
}

const TIMED_OUT =
  'User access has timed out. To refresh Medicare data, end user must re-authenticate and consent to share their data.'

const tokenCases: Array<[string, number, unknown, BlueButtonErrorCode]> = [
  ['bad client credentials', 401, { error: 'invalid_client' }, 'bad_client'],
  ['reused (rotated) refresh token', 400, { error: 'invalid_grant' }, 'reconsent_required'],
  [
    'refresh token never issued',
    400,
    { status_code: 400, error: 'invalid_request', error_description: 'Missing refresh token parameter' },
    'reconsent_required',
  ],
  [
    '13-month grant expired (docs: 400)',
    400,
    { status_code: 400, error: 'invalid_grant', error_description: TIMED_OUT },
    'reconsent_required',
  ],
  [
    '13-month grant expired (code: 401)',
    401,
    { status_code: 401, error: 'invalid_grant', error_description: TIMED_OUT },
    'reconsent_required',
  ],
  [
    'grant missing (revoked)',
    403,
    { status_code: 403, error: 'invalid_grant', error_description: 'User access cannot be found. …' },
    'revoked',
  ],
  [
    'one-time app refreshing',
    403,
    {
      status_code: 403,
      error: 'invalid_client',
      error_description: 'Your application is not allowed to refresh tokens.',
    },
    'one_time_app',
  ],
  [
    'app disabled by CMS',
    403,
    {
      status_code: 403,
      message: 'This application, Demo, is temporarily inactive. Contact the app developer.',
    },
    'app_inactive',
  ],
  [
    'upstream patient lookup not found',
    404,
    { status_code: 404, message: 'Not found.' },
    'reconsent_required',
  ],
  [
    'upstream failure',
    502,
    { status_code: 502, message: 'Failed to retrieve data from data source.' },
    'transient',
  ],
  ['throttled', 429, { detail: 'Request was throttled.' }, 'transient'],
]

describe('token endpoint errors (refresh)', () => {
  it.each(tokenCases)('%s → %s', async (_name, status, body, code) => {
    const { client, requests } = testClient([json(status, body)])
    const error = await errorOf(client.refresh('refresh-1'))
    expect(error.code).toBe(code)
    expect(error.status).toBe(status)
    expect(error.endpoint).toBe('token')
    expect(requests).toHaveLength(1)
  })

  it('keeps the OAuth error and description for logs, and flags ended grants', async () => {
    const { client } = testClient([
      json(403, { error: 'invalid_grant', error_description: 'User access cannot be found.' }),
    ])
    const error = await errorOf(client.refresh('r'))
    expect(error).toMatchObject({ oauthError: 'invalid_grant', detail: 'User access cannot be found.' })
    expect(error.grantEnded).toBe(true)
    expect(error.transient).toBe(false)
  })

  it('maps a code exchange with an expired or reused code to reconsent_required', async () => {
    const { client } = testClient([json(400, { error: 'invalid_grant' })])
    expect((await errorOf(client.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) }))).code).toBe(
      'reconsent_required',
    )
  })
})

const fhirCases: Array<[string, number, unknown, BlueButtonErrorCode]> = [
  ['invalid parameter', 400, { detail: 'Invalid _lastUpdated value' }, 'bad_request'],
  [
    'upstream BFD 4xx',
    400,
    { detail: 'An error occurred contacting the upstream server:Unsupported ID pattern' },
    'bad_request',
  ],
  [
    'expired or revoked access token',
    401,
    { detail: 'Authentication credentials were not provided.' },
    'unauthorized',
  ],
  ['13-month grant timed out', 401, { detail: TIMED_OUT }, 'reconsent_required'],
  ['app inactive', 403, { detail: 'This application, Demo, is temporarily inactive.' }, 'app_inactive'],
  [
    'other patient / part-D-only token',
    403,
    { detail: 'You do not have permission to perform this action.' },
    'forbidden',
  ],
  ['unknown id', 404, { detail: 'Not found.' }, 'not_found'],
  ['BFD 5xx', 502, { detail: 'Bad gateway' }, 'transient'],
  ['server error', 500, '<html>Server Error</html>', 'transient'],
]

describe('FHIR errors', () => {
  it.each(fhirCases)('%s → %s', async (_name, status, body, code) => {
    const response = () => (typeof body === 'string' ? new Response(body, { status }) : json(status, body))
    const { client } = testClient([response(), response(), response()])
    const error = await errorOf(
      client.readResource('token', 'ExplanationOfBenefit', 'carrier--1').then(() => null),
    )
    expect(error).toMatchObject({ code, status, endpoint: 'fhir' })
  })

  it('reads 403 on Patient (demographics withheld) as scope_denied', async () => {
    const { client } = testClient([
      json(403, { detail: 'You do not have permission to perform this action.' }),
    ])
    expect((await errorOf(client.readPatient('token'))).code).toBe('scope_denied')
  })

  it('reads 403 on userinfo as scope_denied', async () => {
    const { client } = testClient([json(403, { detail: 'forbidden' })])
    expect(await errorOf(client.userinfo('token'))).toMatchObject({
      code: 'scope_denied',
      endpoint: 'userinfo',
    })
  })

  it('classifies a 403 naming a missing grant as revoked', () => {
    const error = classifyDataError(
      'fhir',
      403,
      { oauthError: null, detail: 'Data access grant cannot be found' },
      { scopeSensitive: false },
    )
    expect(error.code).toBe('revoked')
  })
})

describe('readErrorBody', () => {
  it('reads all three body shapes and plain text', () => {
    expect(readErrorBody('{"error":"invalid_grant","error_description":"x"}')).toEqual({
      oauthError: 'invalid_grant',
      detail: 'x',
    })
    expect(readErrorBody('{"status_code":404,"message":"Not found."}')).toEqual({
      oauthError: null,
      detail: 'Not found.',
    })
    expect(readErrorBody('{"detail":"Nope"}')).toEqual({ oauthError: null, detail: 'Nope' })
    expect(readErrorBody('<h1>Bad Gateway</h1>')).toEqual({
      oauthError: null,
      detail: '<h1>Bad Gateway</h1>',
    })
    expect(readErrorBody('')).toEqual({ oauthError: null, detail: null })
  })
})
