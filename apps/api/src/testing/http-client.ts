// A cookie-keeping wrapper around app.inject that behaves like the SPA: it fetches the CSRF cookie,
// echoes it in X-CSRFToken on unsafe calls, and sends the bearer token once signed in.
import { CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE, type LoginResponse } from '@blueconsent/contract/auth'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../features/demo-data/index.ts'

export type TestClient = {
  cookies: Map<string, string>
  access: string | null
  request(options: InjectOptions & { csrf?: boolean; auth?: boolean }): Promise<LightMyRequestResponse>
  login(email: string, password: string, rememberMe?: boolean): Promise<LightMyRequestResponse>
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function createClient(app: FastifyInstance, options: { ip?: string } = {}): TestClient {
  const client: TestClient = {
    cookies: new Map(),
    access: null,
    async request({ csrf = true, auth = true, ...request }) {
      const method = (request.method ?? 'GET').toUpperCase()
      if (csrf && UNSAFE.has(method) && !client.cookies.has(CSRF_COOKIE)) {
        await client.request({ method: 'GET', url: '/api/csrf/' })
      }
      const headers: Record<string, string> = { ...(request.headers as Record<string, string> | undefined) }
      if (client.cookies.size > 0 && !headers.cookie) {
        headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      }
      const token = client.cookies.get(CSRF_COOKIE)
      if (csrf && UNSAFE.has(method) && token) headers[CSRF_HEADER] = token
      if (auth && client.access && !headers.authorization) headers.authorization = `Bearer ${client.access}`
      const response = await app.inject({
        ...request,
        method: method as InjectOptions['method'],
        headers,
        remoteAddress: options.ip ?? '127.0.0.1',
      })
      for (const cookie of response.cookies) {
        const expired =
          cookie.maxAge === 0 || (cookie.expires instanceof Date && cookie.expires.getTime() < Date.now())
        if (expired || cookie.value === '') client.cookies.delete(cookie.name)
        else client.cookies.set(cookie.name, cookie.value)
      }
      return response
    },
    async login(email, password, rememberMe) {
      const response = await client.request({
        method: 'POST',
        url: '/api/jwt/login/',
        payload: { email, password, ...(rememberMe === undefined ? {} : { remember_me: rememberMe }) },
      })
      if (response.statusCode === 200) client.access = (response.json() as LoginResponse).access
      return response
    },
  }
  return client
}

/** A signed-in client for one of the demo personas. */
export async function loginAs(
  app: FastifyInstance,
  persona: DemoPersona,
  options: { ip?: string } = {},
): Promise<TestClient> {
  const client = createClient(app, options)
  const response = await client.login(demoUser(persona).email, DEMO_PASSWORD)
  if (response.statusCode !== 200)
    throw new Error(`login as ${persona} failed: ${response.statusCode} ${response.body}`)
  if (!client.cookies.has(REFRESH_COOKIE)) throw new Error('login set no refresh cookie')
  return client
}
