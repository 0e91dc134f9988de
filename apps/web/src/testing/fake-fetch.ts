// A scripted fetch for tests: answers by "METHOD /path/" (query ignored) and records every call.
import { vi } from 'vitest'

export type RecordedCall = { method: string; url: string; path: string; headers: Headers; body: unknown }
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
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const path = new URL(url, 'http://localhost').pathname
    const method = (init.method ?? 'GET').toUpperCase()
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body
    calls.push({ method, url, path, headers: new Headers(init.headers), body })
    const queue = routes.get(`${method} ${path}`)
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
    callsTo(route: string) {
      const [method, path] = route.split(' ')
      return calls.filter((call) => call.method === method && call.path === path)
    },
  }
}
