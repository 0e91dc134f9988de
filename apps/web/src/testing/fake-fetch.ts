// A scripted fetch for tests: answers by "METHOD /path/", or by "METHOD /path/?name=value" for calls that
// carry those query parameters (the more specific route wins), and records every call with the route it hit.
import { vi } from 'vitest'

export type RecordedCall = {
  method: string
  url: string
  path: string
  headers: Headers
  body: unknown
  /** The route that answered: 'GET /api/x/' or 'GET /api/x/?a=b'. */
  route: string
}
type Reply = Response | (() => Response | Promise<Response>)
export type FakeFetch = ReturnType<typeof createFakeFetch>

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

export const networkFailure = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))

export function createFakeFetch() {
  const routes = new Map<string, Reply[]>()
  const calls: RecordedCall[] = []
  /** A route naming query parameters the call carries beats the bare path. */
  const routeFor = (method: string, path: string, query: URLSearchParams): string => {
    for (const key of routes.keys()) {
      const [keyMethod, target] = key.split(' ')
      const [keyPath, keyQuery] = (target ?? '').split('?')
      if (keyMethod !== method || keyPath !== path || keyQuery === undefined) continue
      if ([...new URLSearchParams(keyQuery)].every(([name, value]) => query.get(name) === value)) return key
    }
    return `${method} ${path}`
  }
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const parsed = new URL(url, 'http://localhost')
    const path = parsed.pathname
    const method = (init.method ?? 'GET').toUpperCase()
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body
    const route = routeFor(method, path, parsed.searchParams)
    calls.push({ method, url, path, headers: new Headers(init.headers), body, route })
    const queue = routes.get(route)
    const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0]
    if (!reply) return json(404, { detail: 'Not found.', code: 'not_found' })
    return typeof reply === 'function' ? reply() : reply.clone()
  })
  return {
    fetch,
    calls,
    /** Replies in order; the last reply repeats. */
    on(route: string, ...replies: Reply[]) {
      routes.set(route, replies)
      return this
    },
    /** The calls a route answered (a bare path leaves out the calls a query-specific route took). */
    callsTo(route: string) {
      return calls.filter((call) => call.route === route)
    },
  }
}
