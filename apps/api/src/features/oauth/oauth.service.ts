// The portal's OAuth 2 authorization server: authorization code with PKCE S256 only, scope 'read write'
// (RFC 6749, RFC 7636, and the OAuth 2.0 Security BCP: exact redirect URIs, single-use codes, replay
// revokes the grant, rotating refresh tokens).
import {
  OAUTH_SCOPE,
  WEB_OAUTH_CLIENT_ID,
  WEB_OAUTH_REDIRECT_PATH,
  oauthTokenRequestSchema,
  type OAuthTokenResponse,
} from '@blueconsent/contract/auth'
import type { AppContext } from '../../context.ts'
import { randomToken, safeEqual, sha256Base64Url, sha256Hex } from '../../lib/crypto.ts'
import { loadSessionUser, sessionFromRefreshToken, userById, verifyPassword } from '../auth/index.ts'
import {
  consumeCode,
  findActiveClient,
  findCode,
  findRefreshToken,
  insertCode,
  insertRefreshToken,
  revokeGrant,
  rotateRefreshToken,
} from './oauth.repository.ts'

export const CODE_LIFETIME_SECONDS = 60
export const INTEGRATOR_REFRESH_LIFETIME_SECONDS = 30 * 24 * 60 * 60
const ALLOWED_SCOPES = new Set(OAUTH_SCOPE.split(' '))

type Client = { clientId: string; redirectUris: string[]; secretHash: string | null; firstParty: boolean }

export type OAuthErrorBody = { error: string; error_description: string }
export type AuthorizeOutcome =
  { kind: 'redirect'; location: string } | { kind: 'error'; body: OAuthErrorBody }
export type TokenOutcome =
  { status: 200; body: OAuthTokenResponse } | { status: 400 | 401; body: OAuthErrorBody }

const oauthError = (error: string, description: string): OAuthErrorBody => ({
  error,
  error_description: description,
})

/** A local demo is opened as localhost or 127.0.0.1 interchangeably; both are the same machine. */
function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl)
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin]
  const port = url.port ? `:${url.port}` : ''
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`]
}

async function resolveClient(ctx: AppContext, clientId: string): Promise<Client | null> {
  if (clientId === WEB_OAUTH_CLIENT_ID) {
    const redirectUris = loopbackAliases(ctx.config.publicUrl).map(
      (origin) => `${origin}${WEB_OAUTH_REDIRECT_PATH}`,
    )
    return { clientId, redirectUris, secretHash: null, firstParty: true }
  }
  const row = await findActiveClient(ctx.db, clientId)
  return row
    ? { clientId, redirectUris: row.redirectUris, secretHash: row.clientSecretHash, firstParty: false }
    : null
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return url.toString()
}

/** Only single string values count; repeated parameters are invalid (RFC 6749 §3.1). */
const single = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

function parseScope(requested: string | undefined): string | null {
  const scopes = (requested ?? OAUTH_SCOPE).split(' ').filter(Boolean)
  if (scopes.length === 0 || scopes.some((scope) => !ALLOWED_SCOPES.has(scope))) return null
  return OAUTH_SCOPE.split(' ')
    .filter((scope) => scopes.includes(scope))
    .join(' ')
}

export async function authorize(
  ctx: AppContext,
  query: Record<string, unknown>,
  requestPath: string,
  refreshCookie: string | undefined,
): Promise<AuthorizeOutcome> {
  const clientId = single(query.client_id)
  const redirectUri = single(query.redirect_uri)
  const client = clientId ? await resolveClient(ctx, clientId) : null
  // Without a trusted redirect URI, errors go back to the browser as JSON, never to an unknown site.
  if (!client) return { kind: 'error', body: oauthError('invalid_client', 'Unknown or inactive client.') }
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return {
      kind: 'error',
      body: oauthError('invalid_request', 'redirect_uri is missing or not registered for this client.'),
    }
  }
  const state = single(query.state)
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: withParams(redirectUri, { error, error_description: description, state }),
  })
  if (single(query.response_type) !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported.')
  if (single(query.code_challenge_method) !== 'S256') {
    return fail('invalid_request', 'PKCE is required with code_challenge_method=S256.')
  }
  const challenge = single(query.code_challenge)
  if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return fail('invalid_request', 'code_challenge is invalid.')
  if (!state) return fail('invalid_request', 'state is required.')
  const scope = parseScope(single(query.scope))
  if (!scope) return fail('invalid_scope', `Supported scopes: ${OAUTH_SCOPE}.`)

  const signedIn = await sessionFromRefreshToken(ctx, refreshCookie)
  if (!signedIn) return { kind: 'redirect', location: `/app/login?next=${encodeURIComponent(requestPath)}` }

  const code = randomToken()
  const now = ctx.clock()
  await insertCode(ctx.db, {
    codeHash: sha256Hex(code),
    clientId: client.clientId,
    userId: signedIn.user.id,
    redirectUri,
    codeChallenge: challenge,
    scope,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_SECONDS * 1000),
    createdAt: now,
  })
  return { kind: 'redirect', location: withParams(redirectUri, { code, state }) }
}

type TokenInput = { body: unknown; basicAuth: { clientId: string; secret: string } | null }

export async function exchangeToken(ctx: AppContext, input: TokenInput): Promise<TokenOutcome> {
  const raw = (typeof input.body === 'object' && input.body !== null ? input.body : {}) as Record<
    string,
    unknown
  >
  const merged: Record<string, unknown> = {
    ...raw,
    ...(input.basicAuth && raw.client_id === undefined ? { client_id: input.basicAuth.clientId } : {}),
  }
  const grantType = merged.grant_type
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    return {
      status: 400,
      body: oauthError('unsupported_grant_type', 'Use authorization_code or refresh_token.'),
    }
  }
  const parsed = oauthTokenRequestSchema.safeParse(merged)
  if (!parsed.success)
    return { status: 400, body: oauthError('invalid_request', 'Missing or malformed parameters.') }
  const client = await resolveClient(ctx, parsed.data.client_id)
  const secret = input.basicAuth?.secret ?? single(raw.client_secret)
  if (!client || !(await clientAuthenticates(client, secret))) {
    return { status: 401, body: oauthError('invalid_client', 'Client authentication failed.') }
  }
  return parsed.data.grant_type === 'authorization_code'
    ? redeemCode(ctx, client, parsed.data)
    : redeemRefreshToken(ctx, client, parsed.data.refresh_token)
}

async function clientAuthenticates(client: Client, secret: string | undefined): Promise<boolean> {
  if (client.secretHash === null) return true
  return secret !== undefined && verifyPassword(client.secretHash, secret)
}

const invalidGrant = (description: string): TokenOutcome => ({
  status: 400,
  body: oauthError('invalid_grant', description),
})

async function redeemCode(
  ctx: AppContext,
  client: Client,
  input: { code: string; redirect_uri: string; code_verifier: string },
): Promise<TokenOutcome> {
  const now = ctx.clock()
  const row = await findCode(ctx.db, sha256Hex(input.code))
  if (!row) return invalidGrant('The authorization code is invalid.')
  // Every redemption attempt uses the code up; a second one means it leaked, so the grant dies.
  if (!(await consumeCode(ctx.db, row.id, now))) {
    await revokeGrant(ctx.db, row.id, now)
    return invalidGrant('The authorization code has already been used.')
  }
  if (row.revokedAt || row.expiresAt.getTime() <= now.getTime())
    return invalidGrant('The authorization code has expired.')
  if (row.clientId !== client.clientId || row.redirectUri !== input.redirect_uri) {
    return invalidGrant('The authorization code was issued to another client or redirect URI.')
  }
  if (!safeEqual(sha256Base64Url(input.code_verifier), row.codeChallenge)) {
    return invalidGrant('PKCE verification failed.')
  }
  return issueTokens(ctx, client, { userId: row.userId, scope: row.scope, grantId: row.id }, now)
}

async function redeemRefreshToken(ctx: AppContext, client: Client, token: string): Promise<TokenOutcome> {
  const now = ctx.clock()
  const row = await findRefreshToken(ctx.db, sha256Hex(token))
  if (!row || row.revokedAt || row.clientId !== client.clientId)
    return invalidGrant('The refresh token is invalid.')
  if (row.rotatedAt) {
    await revokeGrant(ctx.db, row.codeId, now)
    return invalidGrant('The refresh token has already been used.')
  }
  if (row.expiresAt.getTime() <= now.getTime()) return invalidGrant('The refresh token has expired.')
  if (!(await rotateRefreshToken(ctx.db, row.id, now))) {
    await revokeGrant(ctx.db, row.codeId, now)
    return invalidGrant('The refresh token has already been used.')
  }
  return issueTokens(ctx, client, { userId: row.userId, scope: row.scope, grantId: row.codeId }, now)
}

async function issueTokens(
  ctx: AppContext,
  client: Client,
  grant: { userId: string; scope: string; grantId: string },
  now: Date,
): Promise<TokenOutcome> {
  const user = await userById(ctx.db, grant.userId)
  if (!user || !user.isActive) return invalidGrant('The user is no longer active.')
  const session = await loadSessionUser(ctx.db, user)
  const accessToken = await ctx.tokens.sign(
    { ...session.claims, client_id: client.clientId, scope: grant.scope, grant_id: grant.grantId },
    now,
  )
  const body: OAuthTokenResponse = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ctx.tokens.lifetimeSeconds,
    scope: grant.scope,
  }
  // The SPA keeps its HttpOnly cookie session; only integrators' servers get a refresh token to hold.
  if (!client.firstParty) {
    const refreshToken = randomToken()
    await insertRefreshToken(ctx.db, {
      tokenHash: sha256Hex(refreshToken),
      codeId: grant.grantId,
      clientId: client.clientId,
      userId: grant.userId,
      scope: grant.scope,
      expiresAt: new Date(now.getTime() + INTEGRATOR_REFRESH_LIFETIME_SECONDS * 1000),
      createdAt: now,
    })
    body.refresh_token = refreshToken
  }
  return { status: 200, body }
}
