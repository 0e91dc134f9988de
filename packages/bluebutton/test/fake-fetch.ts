// A scripted fetch double: records each request and answers from a queue (Response, Error, or a function).
import { BlueButtonClient } from '../src/client.ts'
import type { BlueButtonClientConfig, FetchLike } from '../src/config.ts'

export interface RecordedRequest {
  url: string
  method: string
  headers: Headers
  body: string | null
}

export type Scripted =
  Response | Error | ((request: RecordedRequest, signal: AbortSignal | null) => Response | Promise<Response>)

export function scriptedFetch(script: Scripted[]): { fetch: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = []
  const queue = [...script]
  const fetch: FetchLike = async (input, init) => {
    const request: RecordedRequest = {
      url: input,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : init.body ? String(init.body) : null,
    }
    requests.push(request)
    const next = queue.shift()
    if (next === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`)
    if (next instanceof Error) throw next
    if (typeof next === 'function') return next(request, init.signal ?? null)
    return next
  }
  return { fetch, requests }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

export const BASE_URL = 'https://sandbox.bluebutton.cms.gov'

export function testClient(
  script: Scripted[],
  overrides: Partial<BlueButtonClientConfig> = {},
): { client: BlueButtonClient; requests: RecordedRequest[]; sleeps: number[] } {
  const { fetch, requests } = scriptedFetch(script)
  const sleeps: number[] = []
  const client = new BlueButtonClient({
    baseUrl: BASE_URL,
    clientId: 'client-123',
    clientSecret: 'secret-456',
    redirectUri: 'http://localhost:3001/api/bluebutton/callback/',
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.5,
    now: () => new Date('2026-11-20T12:00:00Z'),
    ...overrides,
  })
  return { client, requests, sleeps }
}
