import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createFakeFetch, json, networkFailure, type FakeFetch } from '../testing/fake-fetch.ts'
import { ApiClient, isPublicPath, withTrailingSlash, type AuthBridge } from './api-client.ts'
import { ApiError, parseRetryAfter } from './api-error.ts'

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

describe('withTrailingSlash', () => {
  it('adds a slash to the path and keeps the query', () => {
    expect(withTrailingSlash('/api/patients')).toBe('/api/patients/')
    expect(withTrailingSlash('/api/patients?search=ann')).toBe('/api/patients/?search=ann')
    expect(withTrailingSlash('/api/patients/')).toBe('/api/patients/')
  })
})

describe('isPublicPath', () => {
  it('lists the public calls and nothing protected', () => {
    for (const path of [
      '/api/jwt/login/',
      '/o/authorize/',
      '/api/users/password-reset/',
      '/api/users/password-reset-confirm/',
      '/api/support/public/',
    ]) {
      expect(isPublicPath(path)).toBe(true)
    }
    for (const path of ['/api/logout/', '/api/patients/', '/api/users/password-change/', '/api/support/']) {
      expect(isPublicPath(path)).toBe(false)
    }
  })
})

describe('ApiClient', () => {
  let fake: FakeFetch
  let auth: AuthBridge & { token: string | null }
  let client: ApiClient

  beforeEach(() => {
    fake = createFakeFetch()
    auth = {
      token: 'token-A',
      getAccessToken: () => auth.token,
      refresh: vi.fn(async () => false),
      onUnauthenticated: vi.fn(),
    }
    client = new ApiClient({ fetch: fake.fetch, auth, now: () => 1_700_000_000_000 })
    document.cookie = 'csrftoken=csrf-from-cookie; path=/'
  })

  afterEach(() => {
    clearCookies()
    vi.useRealTimers()
  })

  it('appends the trailing slash and a timestamp to GET requests, and sends credentials', async () => {
    fake.on('GET /api/patients/', json(200, []))
    await client.get('/api/patients', { query: { search: 'ann' } })
    const [call] = fake.calls
    expect(call?.url).toBe('/api/patients/?search=ann&_t=1700000000000')
    expect(fake.fetch.mock.calls[0]?.[1]?.credentials).toBe('include')
  })

  it('sends the CSRF header from the cookie on unsafe methods only', async () => {
    fake.on('POST /api/logout/', json(200, {})).on('GET /api/patients/', json(200, []))
    await client.post('/api/logout/')
    await client.get('/api/patients/')
    expect(fake.callsTo('POST /api/logout/')[0]?.headers.get('X-CSRFToken')).toBe('csrf-from-cookie')
    expect(fake.callsTo('GET /api/patients/')[0]?.headers.has('X-CSRFToken')).toBe(false)
  })

  it('fetches /api/csrf/ first when the cookie is missing', async () => {
    clearCookies()
    fake
      .on('GET /api/csrf/', json(200, { csrftoken: 'csrf-from-body' }))
      .on('POST /api/support/', json(201, { request_id: 'r1' }))
    await client.post('/api/support/', { subject: 'Hi', message: 'Hello there' })
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/csrf/',
      'POST /api/support/',
    ])
    expect(fake.calls[1]?.headers.get('X-CSRFToken')).toBe('csrf-from-body')
  })

  it('sends the bearer token to protected /api/ calls but not to public ones', async () => {
    fake
      .on('GET /api/patients/', json(200, []))
      .on('POST /api/jwt/login/', json(400, { non_field_errors: ['x'] }))
    await client.get('/api/patients/')
    await client.post('/api/jwt/login/', { email: 'a@b.c', password: 'x' }).catch(() => undefined)
    expect(fake.callsTo('GET /api/patients/')[0]?.headers.get('Authorization')).toBe('Bearer token-A')
    expect(fake.callsTo('POST /api/jwt/login/')[0]?.headers.has('Authorization')).toBe(false)
  })

  it('on 401 refreshes once and retries with the new token', async () => {
    auth.refresh = vi.fn(async () => {
      auth.token = 'token-B'
      return true
    })
    fake.on(
      'GET /api/patients/',
      json(401, { detail: 'Expired', code: 'token_not_valid' }),
      json(200, [{ id: 'p1' }]),
    )
    const result = await client.get('/api/patients/')
    expect(result).toEqual([{ id: 'p1' }])
    expect(auth.refresh).toHaveBeenCalledTimes(1)
    expect(fake.callsTo('GET /api/patients/').map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer token-A',
      'Bearer token-B',
    ])
    expect(auth.onUnauthenticated).not.toHaveBeenCalled()
  })

  it('asks for a login when the refresh fails', async () => {
    fake.on('GET /api/patients/', json(401, { detail: 'Expired', code: 'token_not_valid' }))
    await expect(client.get('/api/patients/')).rejects.toMatchObject({ status: 401 })
    expect(auth.refresh).toHaveBeenCalledTimes(1)
    expect(auth.onUnauthenticated).toHaveBeenCalledTimes(1)
    expect(fake.callsTo('GET /api/patients/')).toHaveLength(1)
  })

  it('never refreshes for public calls', async () => {
    fake.on('POST /api/jwt/login/', json(401, { detail: 'Bad credentials', code: 'authentication_failed' }))
    await expect(client.post('/api/jwt/login/', {})).rejects.toMatchObject({
      status: 401,
      detail: 'Bad credentials',
    })
    expect(auth.refresh).not.toHaveBeenCalled()
    expect(auth.onUnauthenticated).not.toHaveBeenCalled()
  })

  it('aborts after 15 s with a timeout error', async () => {
    vi.useFakeTimers()
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        }),
    )
    const slow = new ApiClient({ fetch: hanging, auth })
    const pending = slow.get('/api/patients/').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(14_999)
    expect(hanging.mock.calls[0]?.[1]?.signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'timeout', status: 0 })
  })

  it('turns a failed fetch into a network ApiError', async () => {
    fake.on('GET /api/patients/', () => networkFailure())
    await expect(client.get('/api/patients/')).rejects.toMatchObject({ kind: 'network', status: 0 })
  })

  it('parses the DRF field-error envelope of a 400', async () => {
    fake.on(
      'POST /api/users/password-change/',
      json(400, { old_password: ['Wrong password.'], non_field_errors: ['Try again.'] }),
    )
    const error = (await client
      .post('/api/users/password-change/', {})
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.status).toBe(400)
    expect(error.fieldMessage('old_password')).toBe('Wrong password.')
    expect(error.nonFieldMessage).toBe('Try again.')
    expect(error.detail).toBe('Try again.')
  })

  it('parses detail, code and Retry-After of other errors', async () => {
    fake.on(
      'POST /api/jwt/login/',
      json(429, { detail: 'Slow down.', code: 'rate_limited' }, { 'Retry-After': '42' }),
    )
    const error = (await client.post('/api/jwt/login/', {}).catch((caught: unknown) => caught)) as ApiError
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      detail: 'Slow down.',
      code: 'rate_limited',
      retryAfter: 42,
      fieldErrors: null,
    })
  })

  it('validates responses with the given schema', async () => {
    const schema = z.object({ access: z.string() })
    fake.on('POST /api/jwt/refresh/', json(200, { access: 'new' }), json(200, { nope: true }))
    await expect(client.post('/api/jwt/refresh/', undefined, { schema })).resolves.toEqual({ access: 'new' })
    await expect(
      client.post('/api/jwt/refresh/', undefined, { schema: async () => schema }),
    ).rejects.toMatchObject({ kind: 'parse' })
  })

  it('sends URLSearchParams form-encoded', async () => {
    fake.on('POST /o/token/', json(200, {}))
    await client.post('/o/token/', new URLSearchParams({ grant_type: 'authorization_code', code: 'c1' }))
    const [call] = fake.calls
    expect(call?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded')
    expect(String(call?.body)).toBe('grant_type=authorization_code&code=c1')
    expect(call?.headers.has('Authorization')).toBe(false)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30)
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 1_000)).toBe(60)
    expect(parseRetryAfter(null)).toBeNull()
  })
})

describe('ApiClient conditional GETs', () => {
  let fake: FakeFetch
  let client: ApiClient
  let clock = 1_700_000_000_000
  const etagged = (body: unknown, etag: string) => json(200, body, { ETag: etag })
  const notModified = () => new Response(null, { status: 304, headers: { ETag: '"v1"' } })

  beforeEach(() => {
    fake = createFakeFetch()
    client = new ApiClient({ fetch: fake.fetch, now: () => (clock += 1) })
  })

  it('sends the kept ETag and reuses the kept body on 304', async () => {
    fake.on('GET /api/healthplans/requests/', etagged({ count: 1 }, '"v1"'), notModified())
    const first = await client.get('/api/healthplans/requests/', { query: { page: 1 } })
    const second = await client.get('/api/healthplans/requests/', { query: { page: 1 } })
    expect(first).toEqual({ count: 1 })
    expect(second).toEqual({ count: 1 })
    const [firstCall, secondCall] = fake.calls
    expect(firstCall?.headers.has('If-None-Match')).toBe(false)
    expect(secondCall?.headers.get('If-None-Match')).toBe('"v1"')
    // The timestamp still changes each call; only the kept answer's key leaves it out.
    expect(firstCall?.url).not.toBe(secondCall?.url)
  })

  it('parses a reused body with the schema, as it parses a 200', async () => {
    const schema = z.object({ status: z.string() })
    fake.on('GET /api/healthplans/requests/r1/status/', etagged({ status: 'pending' }, '"v1"'), notModified())
    await client.get('/api/healthplans/requests/r1/status/', { schema })
    expect(await client.get('/api/healthplans/requests/r1/status/', { schema })).toEqual({
      status: 'pending',
    })
  })

  it('keeps one answer per path and query, and replaces it when the answer changes', async () => {
    fake
      .on('GET /api/patients/p1/', etagged({ v: 1 }, '"v1"'), etagged({ v: 2 }, '"v2"'))
      .on('GET /api/patients/p1/?page=2', etagged({ page: 2 }, '"p2"'))
    await client.get('/api/patients/p1/')
    await client.get('/api/patients/p1/', { query: { page: 2 } })
    expect(await client.get('/api/patients/p1/')).toEqual({ v: 2 })
    await client.get('/api/patients/p1/')
    const plain = fake.callsTo('GET /api/patients/p1/')
    expect(plain.map((call) => call.headers.get('If-None-Match'))).toEqual([null, '"v1"', '"v2"'])
    expect(fake.callsTo('GET /api/patients/p1/?page=2')[0]?.headers.has('If-None-Match')).toBe(false)
  })

  it('keeps nothing without an ETag, for other methods, or after forgetKeptAnswers', async () => {
    fake
      .on('GET /api/plain/', json(200, { a: 1 }))
      .on('POST /api/things/', etagged({ id: 1 }, '"post"'))
      .on('GET /api/things/', etagged({ a: 1 }, '"t1"'))
    document.cookie = 'csrftoken=csrf; path=/'
    await client.get('/api/plain/')
    await client.get('/api/plain/')
    await client.post('/api/things/', {})
    await client.get('/api/things/')
    client.forgetKeptAnswers()
    await client.get('/api/things/')
    expect(fake.calls.map((call) => call.headers.get('If-None-Match'))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })

  it('throws on 304 when nothing was kept, and on errors as before', async () => {
    fake.on('GET /api/odd/', new Response(null, { status: 304 }))
    await expect(client.get('/api/odd/')).rejects.toBeInstanceOf(ApiError)
  })
})
