// Client configuration and the Blue Button URLs derived from one base URL.

/** The subset of the WHATWG fetch the client uses; inject one for tests or an in-process sandbox. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export type Sleep = (ms: number) => Promise<void>

export interface RetryPolicy {
  /** Total tries for a FHIR/userinfo GET, first one included. The CMS SDKs use 3. */
  maxAttempts: number
  /** Backoff before retry n is baseDelayMs * 2^(n-1), with ±20% jitter, capped at maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** A Retry-After longer than this is not waited for: the call fails as transient with retryAfterMs set. */
  maxRetryAfterMs: number
}

/**
 * Blue Button's API generation. v2 is the default; v3 (CMS, 2026) adds the 42 CFR Part 2 choice on the
 * consent screen, answers FHIR errors as OperationOutcome and changes EOB search defaults.
 */
export const BLUEBUTTON_API_VERSIONS = ['v2', 'v3'] as const
export type BlueButtonApiVersion = (typeof BLUEBUTTON_API_VERSIONS)[number]

export interface BlueButtonClientConfig {
  /** Which `/vN/` paths every call uses. Default v2. */
  apiVersion?: BlueButtonApiVersion
  /** e.g. https://sandbox.bluebutton.cms.gov, https://api.bluebutton.cms.gov or http://localhost:4010/prefix */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Must match a registered redirect URI exactly (trailing slash included). */
  redirectUri: string
  /** How the token and revoke calls authenticate: HTTP Basic (the docs' curl) or form body (the Node SDK). */
  clientAuth?: 'basic' | 'body'
  fetch?: FetchLike
  /** Per HTTP attempt. Blue Button itself gives BFD 30 s, so the default leaves a margin above that. */
  timeoutMs?: number
  retry?: Partial<RetryPolicy>
  /** Injectable for tests (fake time); defaults to setTimeout. */
  sleep?: Sleep
  /** Jitter source in [0, 1); injectable so backoff is deterministic in tests. */
  random?: () => number
  /** Returns "now"; token expiry times are computed from it. */
  now?: () => Date
}

export interface BlueButtonEndpoints {
  issuer: string
  authorize: string
  token: string
  /** `/vN/o/revoke/`: revokes the token and deletes the data access grant. */
  revoke: string
  userinfo: string
  /** Ends with a slash: `{base}/v2/fhir/` (or `/v3/fhir/`). */
  fhirBase: string
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
}

export const DEFAULT_TIMEOUT_MS = 35_000

export function blueButtonEndpoints(
  baseUrl: string,
  apiVersion: BlueButtonApiVersion = 'v2',
): BlueButtonEndpoints {
  const url = new URL(baseUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('baseUrl must be http(s)')
  if (!BLUEBUTTON_API_VERSIONS.includes(apiVersion)) throw new TypeError('apiVersion must be v2 or v3')
  const base = url.href.replace(/\/+$/, '')
  const v = apiVersion
  return {
    issuer: base,
    authorize: `${base}/${v}/o/authorize/`,
    token: `${base}/${v}/o/token/`,
    revoke: `${base}/${v}/o/revoke/`,
    userinfo: `${base}/${v}/connect/userinfo`,
    fhirBase: `${base}/${v}/fhir/`,
  }
}

export interface ResolvedConfig {
  apiVersion: BlueButtonApiVersion
  clientId: string
  clientSecret: string
  redirectUri: string
  clientAuth: 'basic' | 'body'
  endpoints: BlueButtonEndpoints
  fetch: FetchLike
  timeoutMs: number
  retry: RetryPolicy
  sleep: Sleep
  random: () => number
  now: () => Date
  /** oauth4webapi refuses http:// endpoints unless told; allowed only for a local stand-in. */
  insecure: boolean
}

export function resolveConfig(config: BlueButtonClientConfig): ResolvedConfig {
  if (!config.clientId || !config.clientSecret) throw new TypeError('clientId and clientSecret are required')
  if (!config.redirectUri) throw new TypeError('redirectUri is required')
  const apiVersion = config.apiVersion ?? 'v2'
  const endpoints = blueButtonEndpoints(config.baseUrl, apiVersion)
  return {
    apiVersion,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    clientAuth: config.clientAuth ?? 'basic',
    endpoints,
    fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY_POLICY, ...config.retry },
    sleep: config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: config.random ?? Math.random,
    now: config.now ?? (() => new Date()),
    insecure: endpoints.issuer.startsWith('http:'),
  }
}
