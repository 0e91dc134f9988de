// A third-party app's side of the portal's OAuth server, for the tests that need one: register it as an
// organisation admin, send a signed-in user through authorize and the consent page, exchange the code with
// PKCE, and try its tokens.
import { OAUTH_CONSENT_PATH, OAUTH_SCOPE } from '@blueconsent/contract/auth'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { randomToken, sha256Base64Url } from '../platform/lib/crypto.ts'
import type { TestClient } from './http-client.ts'

export type RegisteredApp = { id: string; clientId: string; secret: string; redirect: string }
export type Pkce = { verifier: string; challenge: string }

export const pkce = (): Pkce => {
  const verifier = randomToken(48)
  return { verifier, challenge: sha256Base64Url(verifier) }
}

export async function registerApp(
  admin: TestClient,
  options: { name?: string; redirect?: string; organizationId?: string } = {},
): Promise<RegisteredApp> {
  const redirect = options.redirect ?? 'https://app.example/callback'
  const response = await admin.request({
    method: 'POST',
    url: '/api/integrations/apps/',
    payload: {
      name: options.name ?? 'Test App',
      redirect_uris: [redirect],
      ...(options.organizationId ? { organization_id: options.organizationId } : {}),
    },
  })
  if (response.statusCode !== 201) throw new Error(`register app: ${response.statusCode} ${response.body}`)
  const body = response.json() as { id: string; client_id: string; client_secret: string }
  return { id: body.id, clientId: body.client_id, secret: body.client_secret, redirect }
}

export function authorizeQuery(app: Pick<RegisteredApp, 'clientId' | 'redirect'>, challenge: string) {
  return {
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirect,
    scope: OAUTH_SCOPE,
    state: 'state-xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }
}

/** GET /o/authorize/ with the user's portal cookie: for a third-party app, a redirect to the consent page. */
export function startAuthorize(
  user: TestClient,
  app: Pick<RegisteredApp, 'clientId' | 'redirect'>,
  challenge: string,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams(authorizeQuery(app, challenge))
  return user.request({ method: 'GET', url: `/o/authorize/?${query.toString()}`, auth: false })
}

/** The user allows the app on the consent page; the code from the redirect it answers. */
export async function consentCode(
  user: TestClient,
  app: Pick<RegisteredApp, 'clientId' | 'redirect'>,
  challenge: string,
): Promise<string> {
  const start = await startAuthorize(user, app, challenge)
  const location = String(start.headers.location)
  if (!location.startsWith(`${OAUTH_CONSENT_PATH}?`)) throw new Error(`no consent page: ${location}`)
  const query = Object.fromEntries(new URL(location, 'http://x').searchParams)
  const decided = await user.request({
    method: 'POST',
    url: '/api/oauth/consent/',
    payload: { ...query, decision: 'allow' },
  })
  if (decided.statusCode !== 200) throw new Error(`consent: ${decided.statusCode} ${decided.body}`)
  const code = new URL((decided.json() as { redirect_to: string }).redirect_to).searchParams.get('code')
  if (!code) throw new Error('no code')
  return code
}

const form = (app: FastifyInstance, payload: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/o/token/',
    payload: new URLSearchParams(payload).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

export type AppTokens = { access: string; refresh: string }

export async function exchangeCode(
  server: FastifyInstance,
  app: RegisteredApp,
  code: string,
  verifier: string,
): Promise<LightMyRequestResponse> {
  return form(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: app.redirect,
    code_verifier: verifier,
    client_id: app.clientId,
    client_secret: app.secret,
  })
}

/** The whole flow for a signed-in user: consent, exchange; the app's tokens. */
export async function authorizeApp(
  server: FastifyInstance,
  user: TestClient,
  app: RegisteredApp,
): Promise<AppTokens> {
  const { verifier, challenge } = pkce()
  const code = await consentCode(user, app, challenge)
  const response = await exchangeCode(server, app, code, verifier)
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`)
  const body = response.json() as { access_token: string; refresh_token: string }
  return { access: body.access_token, refresh: body.refresh_token }
}

export const refreshWith = (server: FastifyInstance, app: RegisteredApp, refreshToken: string) =>
  form(server, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: app.clientId,
    client_secret: app.secret,
  })

/** The status the app's access token gets on a signed-in read. */
export async function verifyStatus(server: FastifyInstance, access: string): Promise<number> {
  const response = await server.inject({
    method: 'GET',
    url: '/api/jwt/verify/',
    headers: { authorization: `Bearer ${access}` },
  })
  return response.statusCode
}
