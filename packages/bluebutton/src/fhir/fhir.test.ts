// FHIR reads: headers, retry/backoff/Retry-After, no retry on 4xx, timeouts, gzip, paging, token refresh.
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BASE_URL, json, testClient, type RecordedRequest } from '../../test/fake-fetch.ts'
import { loadFixture } from '../../test/fixtures.ts'
import { BlueButtonError } from '../errors.ts'
import type { BundlePage } from './fhir.ts'

const EOB_URL = `${BASE_URL}/v2/fhir/ExplanationOfBenefit`

function bundle(ids: string[], options: { next?: string; total?: number } = {}) {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(options.total === undefined ? {} : { total: options.total }),
    link: [
      { relation: 'self', url: 'https://x/self' },
      ...(options.next ? [{ relation: 'next', url: options.next }] : []),
    ],
    entry: ids.map((id) => ({ resource: { resourceType: 'ExplanationOfBenefit', id } })),
  }
}

async function collect(pages: AsyncIterable<BundlePage>): Promise<BundlePage[]> {
  const result: BundlePage[] = []
  for await (const page of pages) result.push(page)
  return result
}

async function errorOf(promise: Promise<unknown>): Promise<BlueButtonError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof BlueButtonError) return error
    throw error
  }
  throw new Error('expected a BlueButtonError')
}

const readEob = (client: ReturnType<typeof testClient>['client']) =>
  client.readResource('token', 'ExplanationOfBenefit', 'pde--1')
const EOB = { resourceType: 'ExplanationOfBenefit', id: 'pde--1' }

describe('request headers', () => {
  it('sends the bearer token, FHIR JSON accept and gzip', async () => {
    const { client, requests } = testClient([json(200, EOB)])
    await readEob(client)
    const headers = requests[0]?.headers
    expect(requests[0]?.url).toBe(`${EOB_URL}/pde--1`)
    expect(headers?.get('authorization')).toBe('Bearer token')
    expect(headers?.get('accept')).toBe('application/fhir+json')
    expect(headers?.get('accept-encoding')).toBe('gzip')
  })

  it('inflates a gzip body the fetch left compressed', async () => {
    const gzipped = gzipSync(Buffer.from(JSON.stringify(EOB)))
    const { client } = testClient([
      new Response(gzipped, { status: 200, headers: { 'content-encoding': 'gzip' } }),
    ])
    expect((await readEob(client)).id).toBe('pde--1')
  })
})

describe('retries', () => {
  it('retries a 503 with exponential backoff, then succeeds', async () => {
    const { client, requests, sleeps } = testClient([json(503, {}), json(502, {}), json(200, EOB)])
    expect((await readEob(client)).id).toBe('pde--1')
    expect(requests).toHaveLength(3)
    expect(sleeps).toEqual([500, 1000])
  })

  it('gives up after maxAttempts with a transient error', async () => {
    const { client, requests, sleeps } = testClient([
      json(500, {}),
      json(500, {}),
      json(500, {}),
      json(200, EOB),
    ])
    const error = await errorOf(readEob(client))
    expect(error).toMatchObject({ code: 'transient', status: 500 })
    expect(requests).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
  })

  it('honours Retry-After seconds on 429', async () => {
    const { client, sleeps } = testClient([
      json(429, { detail: 'throttled' }, { 'retry-after': '7' }),
      json(200, EOB),
    ])
    await readEob(client)
    expect(sleeps).toEqual([7000])
  })

  it('honours Retry-After as an HTTP date', async () => {
    const later = new Date('2026-11-20T12:00:03Z').toUTCString()
    const { client, sleeps } = testClient([json(503, {}, { 'retry-after': later }), json(200, EOB)])
    await readEob(client)
    expect(sleeps).toEqual([3000])
  })

  it('does not wait for a Retry-After beyond the cap; reports it instead', async () => {
    const { client, requests, sleeps } = testClient([
      json(429, {}, { 'retry-after': '3600' }),
      json(200, EOB),
    ])
    const error = await errorOf(readEob(client))
    expect(error).toMatchObject({ code: 'transient', retryAfterMs: 3_600_000 })
    expect(requests).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('retries network errors', async () => {
    const { client, requests } = testClient([new TypeError('fetch failed'), json(200, EOB)])
    expect((await readEob(client)).id).toBe('pde--1')
    expect(requests).toHaveLength(2)
  })

  it.each([400, 401, 403, 404])('never retries a %i', async (status) => {
    const { client, requests, sleeps } = testClient([json(status, { detail: 'no' }), json(200, EOB)])
    await errorOf(readEob(client))
    expect(requests).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('times out a hung request and retries it', async () => {
    const hang = (_request: RecordedRequest, signal: AbortSignal | null) =>
      new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
    const { client, requests } = testClient([hang, hang], { timeoutMs: 20, retry: { maxAttempts: 2 } })
    const error = await errorOf(readEob(client))
    expect(error.code).toBe('transient')
    expect(error.detail).toMatch(/timed out after 20 ms/)
    expect(requests).toHaveLength(2)
  })
})

describe('paging', () => {
  it('builds the first search URL and follows next links verbatim', async () => {
    const next =
      'https://other-host.example/v2/fhir/ExplanationOfBenefit?_offset=50&_count=50&type=carrier%2Cpde&weird=%7E'
    const { client, requests } = testClient([
      json(200, bundle(['a', 'b'], { next, total: 3 })),
      json(200, bundle(['c'], { total: 3 })),
    ])
    const pages = await collect(
      client.explanationOfBenefitPages('token', {
        types: ['CARRIER', 'PDE'],
        lastUpdatedAfter: new Date('2024-01-01T00:00:00Z'),
      }),
    )
    const first = new URL(requests[0]?.url ?? '')
    expect(`${first.origin}${first.pathname}`).toBe(EOB_URL)
    expect(first.searchParams.get('_count')).toBe('50')
    expect(first.searchParams.get('type')).toBe('carrier,pde')
    expect(first.searchParams.get('_lastUpdated')).toBe('gt2024-01-01T00:00:00Z')
    expect(first.searchParams.has('patient')).toBe(false)
    expect(requests[1]?.url).toBe(next)
    expect(
      pages.map((page) => [page.pageNumber, page.total, page.resources.map((resource) => resource.id)]),
    ).toEqual([
      [1, 3, ['a', 'b']],
      [2, 3, ['c']],
    ])
    expect(pages[1]?.nextUrl).toBeNull()
  })

  it('pages through the sandbox fixture page and stops on a repeated next link', async () => {
    const page1 = loadFixture('sandbox-eob-bundle-pde-page1-bbuser29999.json') as {
      link: Array<{ relation: string; url: string }>
    }
    const nextUrl = page1.link.find((link) => link.relation === 'next')?.url ?? ''
    const loop = bundle(['z'], { next: nextUrl })
    const { client, requests } = testClient([json(200, page1), json(200, loop)])
    const pages = await collect(client.pagesFrom('token', `${EOB_URL}?_count=10`))
    expect(pages).toHaveLength(2)
    expect(pages[0]?.total).toBe(146)
    expect(pages[0]?.resources).toHaveLength(10)
    expect(requests.map((request) => request.url)).toEqual([`${EOB_URL}?_count=10`, nextUrl])
  })

  it('yields one page at a time (the next page is fetched only when asked for)', async () => {
    const { client, requests } = testClient([
      json(200, bundle(['a'], { next: `${EOB_URL}?page=2` })),
      json(200, bundle(['b'])),
    ])
    const iterator = client.explanationOfBenefitPages('token')
    await iterator.next()
    expect(requests).toHaveLength(1)
    await iterator.return(undefined)
    expect(requests).toHaveLength(1)
  })

  it('validates the page size and the incremental date', () => {
    const { client } = testClient([])
    expect(() => client.explanationOfBenefitPages('t', { count: 51 })).toThrow(RangeError)
    expect(() => client.coveragePages('t', { lastUpdatedAfter: 'yesterday' })).toThrow(RangeError)
    expect(() => client.coveragePages('t', { lastUpdatedAfter: '2024-01-01T00:00:00+0000' })).toThrow(
      RangeError,
    )
    expect(() => client.explanationOfBenefitPages('t', { serviceDateFrom: '01/02/2024' })).toThrow(RangeError)
  })

  it('passes the caller’s dateTime with offset verbatim and adds service-date bounds', async () => {
    const { client, requests } = testClient([json(200, bundle([]))])
    await collect(
      client.explanationOfBenefitPages('t', {
        lastUpdatedAfter: '2024-01-01T00:00:00-05:00',
        serviceDateFrom: '2024-01-01',
        serviceDateTo: '2024-12-31',
      }),
    )
    const params = new URL(requests[0]?.url ?? '').searchParams
    expect(params.get('_lastUpdated')).toBe('gt2024-01-01T00:00:00-05:00')
    expect(params.getAll('service-date')).toEqual(['ge2024-01-01', 'le2024-12-31'])
  })

  it('rejects a page that is not a Bundle', async () => {
    const { client } = testClient([json(200, { resourceType: 'OperationOutcome' })])
    expect((await errorOf(collect(client.coveragePages('t')))).code).toBe('invalid_response')
  })
})

describe('token source', () => {
  it('asks for a fresh token after a 401 and retries once', async () => {
    const { client, requests } = testClient([json(401, { detail: 'expired' }), json(200, EOB)])
    const asked: Array<string | null> = []
    const source = async (rejected: string | null) => {
      asked.push(rejected)
      return rejected === null ? 'old' : 'new'
    }
    expect((await client.readResource(source, 'ExplanationOfBenefit', 'pde--1')).id).toBe('pde--1')
    expect(asked).toEqual([null, 'old'])
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer old',
      'Bearer new',
    ])
  })

  it('fails with unauthorized when the source returns the same token', async () => {
    const { client, requests } = testClient([json(401, { detail: 'expired' })])
    const error = await errorOf(client.readResource(() => 'same', 'Coverage', 'part-a--1'))
    expect(error.code).toBe('unauthorized')
    expect(requests).toHaveLength(1)
  })
})

describe('patient id and userinfo', () => {
  const tokens = {
    accessToken: 't',
    patientId: null,
    granted: { patient: false, coverage: true, explanationOfBenefit: true, profile: false },
  }

  it('falls back to a Coverage beneficiary when the token response had no patient', async () => {
    const coverage = loadFixture('sandbox-coverage-bundle-bbuser29999.json')
    const { client, requests } = testClient([json(200, coverage)])
    expect(await client.resolvePatientId(tokens)).toBe('-20140000010000')
    expect(requests[0]?.url).toBe(`${BASE_URL}/v2/fhir/Coverage?_count=1`)
  })

  it('falls back to an EOB patient reference when Coverage is empty, after a withheld /Patient', async () => {
    const eobPage = loadFixture('sandbox-eob-bundle-pde-page1-bbuser29999.json')
    const { client } = testClient([json(403, { detail: 'no' }), json(200, bundle([])), json(200, eobPage)])
    expect(await client.resolvePatientId({ ...tokens, granted: { ...tokens.granted, patient: true } })).toBe(
      '-20140000010000',
    )
  })

  it('uses the token response patient without a request', async () => {
    const { client, requests } = testClient([])
    expect(await client.resolvePatientId({ ...tokens, patientId: '-5' })).toBe('-5')
    expect(requests).toHaveLength(0)
  })

  it('reads userinfo', async () => {
    const { client, requests } = testClient([json(200, loadFixture('bb2-userinfo-v2.json'))])
    expect(await client.userinfo('t')).toEqual({
      sub: '-20140000008325',
      patientId: '-20140000008325',
      name: 'John Doe',
      givenName: 'John',
      familyName: 'Doe',
      email: 'John@doe.net',
    })
    expect(requests[0]?.url).toBe(`${BASE_URL}/v2/connect/userinfo`)
  })

  it('reads the Patient from the /Patient search bundle', async () => {
    const patient = loadFixture('sandbox-patient-bbuser29999.json')
    const { client, requests } = testClient([
      json(200, { resourceType: 'Bundle', total: 1, entry: [{ resource: patient }] }),
    ])
    expect((await client.readPatient('t')).id).toBe('-20140000010000')
    expect(requests[0]?.url).toBe(`${BASE_URL}/v2/fhir/Patient`)
  })
})
