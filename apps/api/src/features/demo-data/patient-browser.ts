// A demo patient's browser on the portal's own HTTP surface (app.inject): fetches the CSRF cookie, answers
// on the consent page, logs in at the in-process Blue Button sandbox and follows its redirect back to our
// callback. Each patient gets its own address, as real patients would, so the per-link rate limit
// (30 a minute per IP) never throttles the seeding.
import { CSRF_COOKIE, CSRF_HEADER } from '@blueconsent/contract/auth'
import { simulateBeneficiaryConsent } from '@blueconsent/bluebutton-sandbox'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { injectFetch } from '../bluebutton/index.ts'

export type PatientBrowser = {
  connectAndConsent(token: string, username: string): Promise<string>
  decline(token: string): Promise<void>
}

export function patientBrowser(app: FastifyInstance, address: string): PatientBrowser {
  const cookies = new Map<string, string>()

  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {}
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const csrf = cookies.get(CSRF_COOKIE)
    if (options.method === 'POST' && csrf) headers[CSRF_HEADER] = csrf
    const response = await app.inject({ ...options, headers, remoteAddress: address })
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value)
    return response
  }

  async function post(url: string): Promise<LightMyRequestResponse> {
    if (!cookies.has(CSRF_COOKIE)) await send({ method: 'GET', url: '/api/csrf/' })
    const response = await send({ method: 'POST', url, payload: {} })
    if (response.statusCode !== 200)
      throw new Error(`${url.replace(/consent\/[^/]+/, 'consent/…')}: ${response.statusCode}`)
    return response
  }

  return {
    async connectAndConsent(token, username) {
      const connect = await post(`/api/consent/${token}/connect/`)
      const authorizeUrl = (connect.json() as { authorize_url: string }).authorize_url
      const viaApp = injectFetch(app)
      const outcome = await simulateBeneficiaryConsent(authorizeUrl, {
        username,
        fetch: (input, init) => viaApp(String(input), init ?? {}),
      })
      if (outcome.kind !== 'redirect')
        throw new Error(`sandbox stopped on a page (${outcome.status}) for ${username}`)
      const back = await send({
        method: 'GET',
        url: `${outcome.location.pathname}${outcome.location.search}`,
      })
      return String(back.headers.location ?? '')
    },
    async decline(token) {
      await post(`/api/consent/${token}/decline/`)
    },
  }
}
