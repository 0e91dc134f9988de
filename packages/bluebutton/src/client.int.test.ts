// The client over real sockets with Node's own fetch: a tiny node:http server plays Blue Button under a
// path prefix, with gzip bodies, form-encoded token calls and absolute next links.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlueButtonClient } from './client.ts'
import { BlueButtonError } from './errors.ts'
import { mapExplanationOfBenefit } from './map/explanation-of-benefit.ts'
import { loadFixture } from '../test/fixtures.ts'

interface Seen {
  method: string
  url: string
  authorization: string | undefined
  acceptEncoding: string | undefined
  body: string
}

let server: Server
let base = ''
const seen: Seen[] = []

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

function sendJson(response: ServerResponse, status: number, body: unknown, gzip = false): void {
  const text = Buffer.from(JSON.stringify(body))
  response.writeHead(status, {
    'content-type': 'application/json',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  })
  response.end(gzip ? gzipSync(text) : text)
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request)
  const url = request.url ?? ''
  seen.push({
    method: request.method ?? '',
    url,
    authorization: request.headers.authorization,
    acceptEncoding: request.headers['accept-encoding'],
    body,
  })
  if (url === '/bb/v2/o/token/') {
    const form = new URLSearchParams(body)
    if (form.get('grant_type') === 'refresh_token') return sendJson(response, 400, { error: 'invalid_grant' })
    return sendJson(response, 200, {
      access_token: 'at',
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'patient/Coverage.rs patient/ExplanationOfBenefit.rs',
      refresh_token: 'rt',
      access_grant_expiration: '2027-12-20 12:00:00Z',
    })
  }
  if (url.startsWith('/bb/v2/fhir/ExplanationOfBenefit?') && !url.includes('_offset')) {
    const page = loadFixture('test-env-eob-bundle-carrier-outpatient-subset.json') as Record<string, unknown>
    return sendJson(
      response,
      200,
      {
        ...page,
        link: [{ relation: 'next', url: `${base}/bb/v2/fhir/ExplanationOfBenefit?_offset=4&_count=50` }],
      },
      true,
    )
  }
  if (url === '/bb/v2/fhir/ExplanationOfBenefit?_offset=4&_count=50') {
    return sendJson(
      response,
      200,
      { resourceType: 'Bundle', total: 5, entry: [{ resource: loadFixture('bfd-eob-read-pde.json') }] },
      true,
    )
  }
  sendJson(response, 404, { detail: 'Not found.' })
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function client(): BlueButtonClient {
  return new BlueButtonClient({
    baseUrl: `${base}/bb`,
    clientId: 'demo-app',
    clientSecret: 's3cret',
    redirectUri: 'http://localhost/cb/',
  })
}

describe('BlueButtonClient over HTTP', () => {
  it('exchanges a code, then pages gzip-compressed EOBs and maps them', async () => {
    const bb = client()
    const tokens = await bb.exchangeCode({ code: 'c0de', codeVerifier: 'v'.repeat(50) })
    expect(tokens.demographicsWithheld).toBe(true)
    expect(tokens.accessGrantExpiration?.toISOString()).toBe('2027-12-20T12:00:00.000Z')
    const token = seen.find((request) => request.url === '/bb/v2/o/token/')
    expect(token?.authorization).toBe(`Basic ${Buffer.from('demo-app:s3cret').toString('base64')}`)
    expect(new URLSearchParams(token?.body).get('code_verifier')).toBe('v'.repeat(50))

    const kinds: string[] = []
    const totals: Array<number | null> = []
    for await (const page of bb.explanationOfBenefitPages(tokens.accessToken)) {
      totals.push(page.total)
      for (const resource of page.resources) kinds.push(mapExplanationOfBenefit(resource).kind)
    }
    expect(kinds).toEqual(['claim', 'claim', 'claim', 'claim', 'medication'])
    expect(totals).toEqual([51, 5])
    const fhirCalls = seen.filter((request) => request.url.includes('/v2/fhir/'))
    expect(fhirCalls.map((request) => request.authorization)).toEqual(['Bearer at', 'Bearer at'])
    expect(fhirCalls[0]?.acceptEncoding).toBe('gzip')
    expect(fhirCalls[1]?.url).toBe('/bb/v2/fhir/ExplanationOfBenefit?_offset=4&_count=50')
  })

  it('surfaces a rotated refresh token as reconsent_required', async () => {
    const error = await client()
      .refresh('old')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BlueButtonError)
    expect(error).toMatchObject({ code: 'reconsent_required', status: 400, oauthError: 'invalid_grant' })
  })

  it('fails fast with transient when nothing listens', async () => {
    const bb = new BlueButtonClient({
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'y',
      redirectUri: 'http://localhost/cb/',
      retry: { maxAttempts: 2, baseDelayMs: 1 },
    })
    const error = await bb.readResource('t', 'Coverage', 'part-a--1').catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'transient', endpoint: 'fhir' })
  })
})
