// The portal's OAuth 2 authorization server: authorization code with PKCE S256 only, scope 'read write'
// (RFC 6749, RFC 7636, and the OAuth 2.0 Security BCP: exact redirect URIs, single-use codes, replay
// revokes the grant, rotating refresh tokens).
import {
  OAUTH_CONSENT_PATH,
  OAUTH_SCOPE,
  WEB_OAUTH_CLIENT_ID,
  WEB_OAUTH_REDIRECT_PATH,
  oauthTokenRequestSchema,
  type OAuthTokenResponse,
} from '@blueconsent/contract/auth'
import {
  INTEGRATION_MESSAGES,
  SCOPE_DESCRIPTIONS,
  type ConsentDecision,
  type ConsentDetails,
  type ConsentOutcome,
  type ConsentRequest,
} from '@blueconsent/contract/integrations'
import { type Actor, type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { randomToken, safeEqual, sha256Base64Url, sha256Hex } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import {
  loadSessionUser,
  mayHoldSession,
  sessionFromRefreshToken,
  userById,
  verifyPassword,
} from '../../platform/identity/index.ts'
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

type Client = {
  clientId: string
  name: string
  redirectUris: string[]
  secretHash: string | null
  firstParty: boolean
  /** The one organisation whose users may authorize the client; null for the portal's own SPA. */
  organizationId: string | null
  organizationName: string | null
}

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
    return {
      clientId,
      name: 'BlueConsent',
      redirectUris,
      secretHash: null,
      firstParty: true,
      organizationId: null,
      organizationName: null,
    }
  }
  const row = await findActiveClient(ctx.db, clientId)
  return row
    ? {
        clientId,
        name: row.name,
        redirectUris: row.redirectUris,
        secretHash: row.clientSecretHash,
        firstParty: false,
        organizationId: row.organizationId,
        organizationName: row.organizationName,
      }
    : null
}

/**
 * Only the organisation a third-party client belongs to may authorize it; a client registered without
 * one belongs to nobody.
 */
const mayAuthorize = (client: Client, organizationId: string | null): boolean =>
  client.firstParty || (client.organizationId !== null && client.organizationId === organizationId)

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

/** A checked authorization request: a known client, its registered redirect URI, PKCE, state and scope. */
type AuthorizeRequest = {
  client: Client
  redirectUri: string
  state: string
  challenge: string
  scope: string
}

type Checked =
  | { kind: 'valid'; request: AuthorizeRequest }
  /** Nothing trustworthy to redirect to: the error goes back to the browser. */
  | { kind: 'invalid'; body: OAuthErrorBody }
  /** The redirect URI is the client's own: the error goes back to the client (RFC 6749 §4.1.2.1). */
  | { kind: 'refused'; location: string }

const errorRedirect = (redirectUri: string, error: string, description: string, state?: string): string =>
  withParams(redirectUri, { error, error_description: description, state })

async function checkAuthorizeRequest(ctx: AppContext, query: Record<string, unknown>): Promise<Checked> {
  const clientId = single(query.client_id)
  const redirectUri = single(query.redirect_uri)
  const client = clientId ? await resolveClient(ctx, clientId) : null
  // Without a trusted redirect URI, errors go back to the browser as JSON, never to an unknown site.
  if (!client) return { kind: 'invalid', body: oauthError('invalid_client', 'Unknown or inactive client.') }
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return {
      kind: 'invalid',
      body: oauthError('invalid_request', 'redirect_uri is missing or not registered for this client.'),
    }
  }
  const state = single(query.state)
  const fail = (error: string, description: string): Checked => ({
    kind: 'refused',
    location: errorRedirect(redirectUri, error, description, state),
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
  return { kind: 'valid', request: { client, redirectUri, state, challenge, scope } }
}

const accessDenied = (request: AuthorizeRequest, description: string): string =>
  errorRedirect(request.redirectUri, 'access_denied', description, request.state)

/** The consent page's address, carrying the checked request (never the raw query). */
function consentLocation(request: AuthorizeRequest): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    code_challenge: request.challenge,
    code_challenge_method: 'S256',
  })
  return `${OAUTH_CONSENT_PATH}?${query.toString()}`
}

async function issueCode(
  ctx: AppContext,
  db: DbOrTx,
  request: AuthorizeRequest,
  userId: string,
): Promise<string> {
  const code = randomToken()
  const now = ctx.clock()
  await insertCode(db, {
    codeHash: sha256Hex(code),
    clientId: request.client.clientId,
    userId,
    redirectUri: request.redirectUri,
    codeChallenge: request.challenge,
    scope: request.scope,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_SECONDS * 1000),
    createdAt: now,
  })
  return withParams(request.redirectUri, { code, state: request.state })
}

/**
 * GET /o/authorize/. The portal's own SPA gets its code at once; any other client only after the user
 * allows it on the consent page, whose answer is a CSRF-protected POST: a cross-site top-level navigation,
 * which carries the SameSite=Lax session cookie, can never produce a code by itself.
 */
export async function authorize(
  ctx: AppContext,
  query: Record<string, unknown>,
  requestPath: string,
  refreshCookie: string | undefined,
): Promise<AuthorizeOutcome> {
  const checked = await checkAuthorizeRequest(ctx, query)
  if (checked.kind === 'invalid') return { kind: 'error', body: checked.body }
  if (checked.kind === 'refused') return { kind: 'redirect', location: checked.location }
  const { request } = checked

  const signedIn = await sessionFromRefreshToken(ctx, refreshCookie)
  if (!signedIn) return { kind: 'redirect', location: `/app/login?next=${encodeURIComponent(requestPath)}` }
  if (!mayAuthorize(request.client, signedIn.user.organizationId)) {
    return { kind: 'redirect', location: accessDenied(request, INTEGRATION_MESSAGES.otherOrganization) }
  }
  if (request.client.firstParty) {
    return { kind: 'redirect', location: await issueCode(ctx, ctx.db, request, signedIn.user.id) }
  }
  return { kind: 'redirect', location: consentLocation(request) }
}

/** An app's own token must not answer a consent request (an app approving itself, or another app). */
function refuseAppTokens(principal: Principal): void {
  if (principal.clientId !== null && principal.clientId !== WEB_OAUTH_CLIENT_ID)
    throw new AppError(403, 'permission_denied', INTEGRATION_MESSAGES.thirdPartyToken)
}

async function checkedForConsent(
  ctx: AppContext,
  principal: Principal,
  query: ConsentRequest,
): Promise<AuthorizeRequest> {
  refuseAppTokens(principal)
  const checked = await checkAuthorizeRequest(ctx, query)
  if (checked.kind !== 'valid' || checked.request.client.firstParty)
    throw new AppError(400, 'validation_error', INTEGRATION_MESSAGES.consentInvalid)
  if (!mayAuthorize(checked.request.client, principal.organizationId))
    throw new AppError(403, 'permission_denied', INTEGRATION_MESSAGES.otherOrganization)
  return checked.request
}

/** What the consent page shows: the app, its organisation and its scopes in words. */
export async function consentDetails(
  ctx: AppContext,
  principal: Principal,
  query: ConsentRequest,
): Promise<ConsentDetails> {
  const request = await checkedForConsent(ctx, principal, query)
  return {
    app_name: request.client.name,
    organization_name: request.client.organizationName ?? '',
    redirect_uri: request.redirectUri,
    scopes: request.scope.split(' ').map((scope) => ({
      scope,
      description: SCOPE_DESCRIPTIONS[scope] ?? scope,
    })),
  }
}

/**
 * The user's answer on the consent page. Asked every time: a remembered consent would let any page that
 * starts the flow get a code silently again, which is what the consent screen exists to prevent.
 */
export async function decideConsent(
  ctx: AppContext,
  source: Actor,
  decision: ConsentDecision,
): Promise<ConsentOutcome> {
  const request = await checkedForConsent(ctx, source.principal, decision)
  const now = ctx.clock()
  return ctx.db.transaction(async (tx) => {
    const allowed = decision.decision === 'allow'
    const redirectTo = allowed
      ? await issueCode(ctx, tx, request, source.principal.userId)
      : accessDenied(request, 'The user denied the request.')
    await writeAudit(tx, source, {
      action: allowed ? 'oauth.consent_allow' : 'oauth.consent_deny',
      patientId: null,
      targetType: 'oauth_client',
      targetId: request.client.clientId,
      details: { scope: request.scope },
      at: now,
    })
    return { redirect_to: redirectTo }
  })
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
  if (!user || !(await mayHoldSession(ctx.db, user))) return invalidGrant('The user is no longer active.')
  if (!mayAuthorize(client, user.organizationId))
    return invalidGrant('The user is not a member of the organization the client belongs to.')
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
