// Authorization code + PKCE S256 against Blue Button. oauth4webapi generates the secrets, checks the
// callback and builds the token/revocation requests (client auth, form encoding); the responses are read
// here because Blue Button's fields and error bodies are not the RFC 6749 shapes oauth4webapi expects.
import * as oauth from 'oauth4webapi'
import type { ResolvedConfig } from '../config.ts'
import { BlueButtonError, classifyTokenError, readErrorBody } from '../errors.ts'
import { send, parseRetryAfter } from '../http.ts'
import { DEFAULT_SCOPES, parseTokenResponse, type TokenSet } from './token-response.ts'

export interface AuthorizationRequestOptions {
  /** Defaults to DEFAULT_SCOPES. Pass only Coverage + EOB for an app registered without demographics. */
  scopes?: readonly string[]
  /** Language of the Medicare.gov pages. */
  lang?: 'en' | 'es'
}

export interface AuthorizationRequest {
  /** Send the enrollee's browser here. Contains no secret. */
  url: string
  /** Store with the request; compare on callback. 43 chars, 256 bits of randomness. */
  state: string
  /** Store server-side only; needed to exchange the code. 43 chars. */
  codeVerifier: string
  codeChallenge: string
  scopes: string[]
}

const MIN_STATE_LENGTH = 16

function authorizationServer(config: ResolvedConfig): oauth.AuthorizationServer {
  const { endpoints } = config
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorize,
    token_endpoint: endpoints.token,
    revocation_endpoint: endpoints.revoke,
    userinfo_endpoint: endpoints.userinfo,
    code_challenge_methods_supported: ['S256'],
  }
}

function clientAuth(config: ResolvedConfig): oauth.ClientAuth {
  return config.clientAuth === 'body'
    ? oauth.ClientSecretPost(config.clientSecret)
    : basicAuth(config.clientSecret)
}

/**
 * HTTP Basic per RFC 6749 §2.3.1 (form-encode, then base64). oauth4webapi's ClientSecretBasic also
 * escapes unreserved characters (`-` becomes %2D); that is equivalent after decoding, but a stand-in
 * that forgets to URL-decode would then reject ids like `abc-123`. Escaping only what must be escaped
 * reads the same to a conforming server (django-oauth-toolkit unquotes) and to a naive one.
 */
function basicAuth(clientSecret: string): oauth.ClientAuth {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+')
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${encode(client.client_id)}:${encode(clientSecret)}`)}`)
  }
}

export async function createAuthorizationRequest(
  config: ResolvedConfig,
  options: AuthorizationRequestOptions = {},
): Promise<AuthorizationRequest> {
  const state = oauth.generateRandomState()
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier)
  // Blue Button's own minimum; oauth4webapi's 43-char values satisfy both rules by a wide margin.
  if (state.length < MIN_STATE_LENGTH || codeVerifier.length < 43 || codeVerifier.length > 128) {
    throw new Error('generated state or code verifier out of range')
  }
  const scopes = [...(options.scopes ?? DEFAULT_SCOPES)]
  const url = new URL(config.endpoints.authorize)
  url.searchParams.set('client_id', config.clientId)
  url.searchParams.set('redirect_uri', config.redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', codeChallenge)
  url.searchParams.set('code_challenge_method', 'S256')
  if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '))
  if (options.lang) url.searchParams.set('lang', options.lang)
  // URLSearchParams writes spaces as '+'; Blue Button's docs use %20, which every server decodes alike.
  return { url: url.href.replace(/\+/g, '%20'), state, codeVerifier, codeChallenge, scopes }
}

/**
 * Checks the redirect back from Blue Button and returns the authorization code. Throws
 * access_denied (enrollee declined), state_mismatch, or invalid_callback.
 */
export function parseCallback(
  config: ResolvedConfig,
  callback: string | URL | URLSearchParams,
  expectedState: string,
): { code: string } {
  const params = callbackParams(callback)
  let validated: URLSearchParams
  try {
    validated = oauth.validateAuthResponse(authorizationServer(config), client(config), params, expectedState)
  } catch (error) {
    throw callbackError(error, params)
  }
  const code = validated.get('code')
  if (!code) throw new BlueButtonError({ code: 'invalid_callback', endpoint: 'authorize', detail: 'no code' })
  return { code }
}

function callbackParams(callback: string | URL | URLSearchParams): URLSearchParams {
  if (callback instanceof URLSearchParams) return callback
  if (callback instanceof URL) return callback.searchParams
  const query = callback.includes('?') ? callback.slice(callback.indexOf('?') + 1) : callback
  return new URLSearchParams(query.split('#')[0])
}

function callbackError(error: unknown, params: URLSearchParams): BlueButtonError {
  const endpoint = 'authorize' as const
  if (error instanceof oauth.AuthorizationResponseError) {
    const oauthError = params.get('error')
    const detail = params.get('error_description')
    const code = oauthError === 'access_denied' ? 'access_denied' : 'invalid_callback'
    return new BlueButtonError({ code, endpoint, oauthError, detail, cause: error })
  }
  const stateProblem = error instanceof oauth.OperationProcessingError && /state/i.test(error.message)
  return new BlueButtonError({
    code: stateProblem ? 'state_mismatch' : 'invalid_callback',
    endpoint,
    detail: error instanceof Error ? error.message : null,
    cause: error,
  })
}

function client(config: ResolvedConfig): oauth.Client {
  return { client_id: config.clientId }
}

/** oauth4webapi requests go through our `send`, so they share the timeout, gzip and error handling. */
function requestOptions(config: ResolvedConfig, endpoint: 'token' | 'revoke') {
  return {
    [oauth.allowInsecureRequests]: config.insecure,
    [oauth.customFetch]: async (url: string, init: oauth.CustomFetchOptions<'POST', URLSearchParams>) => {
      const result = await send(
        config,
        url,
        { method: init.method, headers: init.headers, body: init.body.toString(), redirect: 'manual' },
        endpoint,
      )
      const headers = new Headers(result.headers)
      headers.delete('content-encoding')
      headers.delete('content-length')
      const nullBody = result.status === 204 || result.status === 205 || result.status === 304
      return new Response(nullBody ? null : result.text, { status: result.status, headers })
    },
  }
}

async function readTokenResponse(config: ResolvedConfig, response: Response): Promise<TokenSet> {
  const text = await response.text()
  if (response.status < 200 || response.status >= 300) {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), config.now())
    throw classifyTokenError(response.status, readErrorBody(text), retryAfter)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new BlueButtonError({
      code: 'invalid_response',
      endpoint: 'token',
      status: 200,
      detail: 'not JSON',
      cause: error,
    })
  }
  return parseTokenResponse(json, config.now())
}

/** Exchange the code at once: it is single use and lives about 60 s. Never retried (a retry would reuse it). */
export async function exchangeCode(
  config: ResolvedConfig,
  input: { code: string; codeVerifier: string },
): Promise<TokenSet> {
  const params = oauth.validateAuthResponse(
    authorizationServer(config),
    client(config),
    new URLSearchParams({ code: input.code }),
    oauth.skipStateCheck,
  )
  const response = await oauth.authorizationCodeGrantRequest(
    authorizationServer(config),
    client(config),
    clientAuth(config),
    params,
    config.redirectUri,
    input.codeVerifier,
    requestOptions(config, 'token'),
  )
  return readTokenResponse(config, response)
}

/**
 * Refresh with rotation: the returned TokenSet carries a NEW refresh token and the old one is dead.
 * Persist it before using the access token, and serialise refreshes per enrollee + client id.
 * Never retried automatically: after a network failure the server may already have rotated the token.
 */
export async function refreshTokens(config: ResolvedConfig, refreshToken: string): Promise<TokenSet> {
  const response = await oauth.refreshTokenGrantRequest(
    authorizationServer(config),
    client(config),
    clientAuth(config),
    refreshToken,
    requestOptions(config, 'token'),
  )
  return readTokenResponse(config, response)
}

/**
 * `POST /v2/o/revoke/` with the ACCESS token: revokes it and deletes the enrollee's data access grant
 * for this app (all tokens die). Blue Button answers 200 even for unknown tokens.
 */
export async function revokeGrant(config: ResolvedConfig, accessToken: string): Promise<void> {
  const response = await oauth.revocationRequest(
    authorizationServer(config),
    client(config),
    clientAuth(config),
    accessToken,
    requestOptions(config, 'revoke'),
  )
  if (response.status >= 200 && response.status < 300) return
  const error = classifyTokenError(response.status, readErrorBody(await response.text()))
  throw new BlueButtonError({
    code: error.code,
    endpoint: 'revoke',
    status: error.status,
    oauthError: error.oauthError,
    detail: error.detail,
  })
}
