import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildSandboxApp } from '../src/app.ts'
import type { SandboxClient, SandboxOptionsInput } from '../src/options.ts'

export const PREFIX = '/bb-sandbox'
export const BASE = `http://sandbox.test${PREFIX}`
export const REDIRECT = 'http://localhost:3000/api/bluebutton/callback'

const client = (
  clientId: string,
  dataAccessType: SandboxClient['dataAccessType'],
  extra: Partial<SandboxClient> = {},
): SandboxClient => ({
  clientId,
  clientSecret: `${clientId}-secret`,
  name: `App ${clientId}`,
  redirectUris: [REDIRECT, 'http://localhost:3000/other/callback/'],
  dataAccessType,
  collectsDemographics: true,
  active: true,
  ...extra,
})

export const CLIENTS = {
  provider: client('provider', 'THIRTEEN_MONTH'),
  agent: client('agent', 'ONE_TIME'),
  research: client('research', 'RESEARCH_STUDY'),
  noDemographics: client('no-demo', 'THIRTEEN_MONTH', { collectsDemographics: false }),
  inactive: client('inactive', 'THIRTEEN_MONTH', { active: false }),
} as const

export type TestClock = { now: () => Date; advance: (ms: number) => void }

export function testClock(start = '2026-11-20T12:00:00Z'): TestClock {
  let t = Date.parse(start)
  return { now: () => new Date(t), advance: (ms) => void (t += ms) }
}

export async function makeSandbox(
  overrides: Partial<SandboxOptionsInput> = {},
): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = testClock()
  const app = await buildSandboxApp({
    publicBaseUrl: BASE,
    prefix: PREFIX,
    clients: Object.values(CLIENTS),
    now: clock.now,
    adminEnabled: true,
    ...overrides,
  })
  return { app, clock }
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export const STATE = 'state-0123456789abcdef'

export function authorizeParams(
  overrides: Record<string, string | undefined> = {},
  challenge = pkce().challenge,
): URLSearchParams {
  const params: Record<string, string | undefined> = {
    client_id: CLIENTS.provider.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: STATE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'patient/Patient.rs patient/Coverage.rs patient/ExplanationOfBenefit.rs profile',
    ...overrides,
  }
  const out = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out.set(k, v)
  return out
}

// Turns an absolute sandbox URL into the path app.inject expects.
export const pathOf = (url: string): string => {
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

export const form = (data: Record<string, string>): { payload: string; headers: Record<string, string> } => ({
  payload: new URLSearchParams(data).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

export const basic = (c: SandboxClient): string =>
  `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`

export type DanceOptions = {
  client?: SandboxClient
  username?: string
  share?: boolean
  allow?: boolean
  scope?: string
  /** `/v2/` (default) or `/v3/` for authorize and token. */
  version?: 'v2' | 'v3'
  /** v3: tick "Alcohol & substance use information". */
  sharePart2?: boolean
}

// Browser part of the flow: authorize → login → consent. Returns the final redirect to the app.
export async function consentRedirect(
  app: FastifyInstance,
  opts: DanceOptions & { challenge: string },
): Promise<URL> {
  const c = opts.client ?? CLIENTS.provider
  const username = opts.username ?? 'BBUser00000'
  const start = await app.inject({
    method: 'GET',
    url: `${PREFIX}/${opts.version ?? 'v2'}/o/authorize/?${authorizeParams({ client_id: c.clientId, ...(opts.scope === undefined ? {} : { scope: opts.scope }) }, opts.challenge)}`,
  })
  if (start.statusCode !== 302) throw new Error(`authorize: ${start.statusCode} ${start.body}`)
  const loginUrl = new URL(String(start.headers.location))
  const authRequest = loginUrl.searchParams.get('auth_request') ?? ''
  const login = await app.inject({
    method: 'POST',
    url: `${PREFIX}/mymedicare/login`,
    ...form({ auth_request: authRequest, username, password: `PW${username.slice(-5)}!` }),
  })
  if (login.statusCode !== 302) throw new Error(`login: ${login.statusCode}`)
  const consentPath = pathOf(String(login.headers.location))
  const fields: Record<string, string> = opts.allow === false ? { deny: 'Deny' } : { allow: 'Allow' }
  if (opts.share !== false) fields['share_demographic_scopes'] = 'true'
  if (opts.sharePart2 !== undefined) fields['share_samhsa_data'] = opts.sharePart2 ? 'True' : 'False'
  const consent = await app.inject({ method: 'POST', url: consentPath, ...form(fields) })
  if (consent.statusCode !== 302) throw new Error(`consent: ${consent.statusCode} ${consent.body}`)
  return new URL(String(consent.headers.location))
}

export type Tokens = {
  access_token: string
  refresh_token?: string
  scope: string
  patient?: string
  expires_in: number
  access_grant_expiration: string
}

export async function dance(app: FastifyInstance, opts: DanceOptions = {}): Promise<Tokens> {
  const c = opts.client ?? CLIENTS.provider
  const { verifier, challenge } = pkce()
  const redirect = await consentRedirect(app, { ...opts, challenge })
  const code = redirect.searchParams.get('code') ?? ''
  const res = await app.inject({
    method: 'POST',
    url: `${PREFIX}/${opts.version ?? 'v2'}/o/token/`,
    ...form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: c.clientId,
      client_secret: c.clientSecret,
    }),
  })
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`)
  return res.json<Tokens>()
}

export function fhirGet(
  app: FastifyInstance,
  path: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: path.startsWith('http') ? pathOf(path) : `${PREFIX}${path}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  })
}
