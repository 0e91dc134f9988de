// Every failure the client surfaces is a BlueButtonError whose `code` tells the server what to do.
// Blue Button answers in three shapes: RFC 6749 `{"error","error_description"}` from the OAuth library,
// its own `{"status_code","error"?,"message"?|"error_description"?}`, DRF `{"detail"}` on FHIR calls, and
// (v3) a FHIR OperationOutcome passed through from BFD with BFD's own status code.
import { asObject, asObjects, asString } from './map/json.ts'

export type BlueButtonErrorCode =
  /** The enrollee pressed Deny (or no usable scope was left): mark the request denied. */
  | 'access_denied'
  /** The callback's state does not match ours: drop it (possible forgery or a stale tab). */
  | 'state_mismatch'
  /** The callback carried neither code nor error. */
  | 'invalid_callback'
  /** Grant timed out, refresh token reused or never issued, code expired/used: ask the enrollee again. */
  | 'reconsent_required'
  /** The data access grant no longer exists (enrollee or app revoked it): mark revoked. */
  | 'revoked'
  /** A one-time application may not refresh: the grant ends with the access token. */
  | 'one_time_app'
  /** Our client id/secret were rejected: configuration problem, alert operators. */
  | 'bad_client'
  /** CMS has disabled the application. */
  | 'app_inactive'
  /** Access token rejected on a data call: refresh it, then retry once. */
  | 'unauthorized'
  /** The grant lacks this scope (demographics withheld → Patient and userinfo are 403). */
  | 'scope_denied'
  | 'forbidden'
  | 'not_found'
  /** Our request was invalid (bad parameter) or BFD rejected it upstream. Do not retry. */
  | 'bad_request'
  /** 5xx, 429, network failure or timeout after the retry budget: try again later. */
  | 'transient'
  /** 2xx with a body we cannot use. */
  | 'invalid_response'

export type BlueButtonEndpoint = 'authorize' | 'token' | 'revoke' | 'userinfo' | 'fhir'

export interface BlueButtonErrorInit {
  code: BlueButtonErrorCode
  endpoint: BlueButtonEndpoint
  status?: number | null
  oauthError?: string | null
  detail?: string | null
  retryAfterMs?: number | null
  issues?: readonly OperationOutcomeIssue[] | null
  cause?: unknown
}

/** One `OperationOutcome.issue`: FHIR's severity and issue type code (not-found, invalid, processing ...). */
export interface OperationOutcomeIssue {
  severity: string | null
  code: string | null
  diagnostics: string | null
}

export class BlueButtonError extends Error {
  readonly code: BlueButtonErrorCode
  readonly endpoint: BlueButtonEndpoint
  readonly status: number | null
  /** The OAuth `error` value when there was one (invalid_grant, invalid_client, ...). */
  readonly oauthError: string | null
  /** Blue Button's human message (error_description, message or detail). */
  readonly detail: string | null
  readonly retryAfterMs: number | null
  /** The OperationOutcome's issues when the error came as one (v3 FHIR calls); else null. */
  readonly issues: readonly OperationOutcomeIssue[] | null

  constructor(init: BlueButtonErrorInit) {
    const summary = [init.endpoint, init.status ?? 'no status', init.oauthError, init.detail].filter(Boolean)
    super(`Blue Button ${init.code}: ${summary.join(' ')}`, { cause: init.cause })
    this.name = 'BlueButtonError'
    this.code = init.code
    this.endpoint = init.endpoint
    this.status = init.status ?? null
    this.oauthError = init.oauthError ?? null
    this.detail = init.detail ?? null
    this.retryAfterMs = init.retryAfterMs ?? null
    this.issues = init.issues ?? null
  }

  /** The stored grant is unusable: the enrollee must consent again before we can pull data. */
  get grantEnded(): boolean {
    return this.code === 'reconsent_required' || this.code === 'revoked' || this.code === 'one_time_app'
  }

  get transient(): boolean {
    return this.code === 'transient'
  }
}

export function isBlueButtonError(error: unknown): error is BlueButtonError {
  return error instanceof BlueButtonError
}

export interface ErrorBody {
  oauthError: string | null
  detail: string | null
  issues?: OperationOutcomeIssue[] | null
}

/** Reads any of Blue Button's error shapes; tolerates HTML and empty bodies. */
export function readErrorBody(text: string): ErrorBody {
  const body = asObject(parseQuietly(text))
  if (!body) return { oauthError: null, detail: asString(text.slice(0, 300)) }
  if (body.resourceType === 'OperationOutcome') return readOperationOutcome(body)
  return {
    oauthError: asString(body.error),
    detail: asString(body.error_description) ?? asString(body.message) ?? asString(body.detail),
  }
}

function readOperationOutcome(body: Record<string, unknown>): ErrorBody {
  const issues = asObjects(body.issue).map((issue) => ({
    severity: asString(issue.severity),
    code: asString(issue.code),
    diagnostics: asString(issue.diagnostics) ?? asString(asObject(issue.details)?.text),
  }))
  const texts = issues.map((issue) => issue.diagnostics).filter((text): text is string => Boolean(text))
  return { oauthError: null, detail: texts.length > 0 ? texts.join('; ') : null, issues }
}

// FHIR issue types that say more than the status code: BFD may answer a throttle or timeout as a 4xx.
const TRANSIENT_ISSUES = new Set(['throttled', 'transient', 'timeout', 'lock-error'])

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const TIMED_OUT = /timed out|re-?authenticate|expired/i
const NOT_FOUND_GRANT = /cannot be found|not found|does not exist/i
const INACTIVE = /inactive/i
const NO_REFRESH = /not allowed to refresh|refresh tokens/i

/** Token endpoint (code exchange and refresh). */
export function classifyTokenError(
  status: number,
  body: ErrorBody,
  retryAfterMs: number | null = null,
): BlueButtonError {
  const init = { endpoint: 'token' as const, status, ...body, retryAfterMs }
  const detail = body.detail ?? ''
  if (status >= 500 || status === 429) return new BlueButtonError({ ...init, code: 'transient' })
  if (INACTIVE.test(detail)) return new BlueButtonError({ ...init, code: 'app_inactive' })
  if (body.oauthError === 'invalid_client') {
    const code = status === 403 || NO_REFRESH.test(detail) ? 'one_time_app' : 'bad_client'
    return new BlueButtonError({ ...init, code })
  }
  if (status === 403 && (body.oauthError === 'invalid_grant' || NOT_FOUND_GRANT.test(detail))) {
    return new BlueButtonError({ ...init, code: 'revoked' })
  }
  if (status === 401 && body.oauthError !== 'invalid_grant' && !TIMED_OUT.test(detail)) {
    return new BlueButtonError({ ...init, code: 'bad_client' })
  }
  // 400 invalid_grant (rotated/used refresh token or code), 400/401 grant timed out, 400 invalid_request
  // (no refresh token), 404 patient lookup: none of these can be fixed without a new consent.
  return new BlueButtonError({ ...init, code: 'reconsent_required' })
}

/** FHIR and userinfo calls. `scopeSensitive` marks Patient and userinfo, which 403 when demographics are withheld. */
export function classifyDataError(
  endpoint: 'fhir' | 'userinfo',
  status: number,
  body: ErrorBody,
  options: { scopeSensitive: boolean; retryAfterMs?: number | null },
): BlueButtonError {
  const init = { endpoint, status, ...body, retryAfterMs: options.retryAfterMs ?? null }
  const detail = body.detail ?? ''
  const issueCode = body.issues?.[0]?.code ?? null
  if (status >= 500 || status === 429) return new BlueButtonError({ ...init, code: 'transient' })
  if (issueCode && TRANSIENT_ISSUES.has(issueCode)) return new BlueButtonError({ ...init, code: 'transient' })
  if (issueCode === 'not-found') return new BlueButtonError({ ...init, code: 'not_found' })
  if (status === 401) {
    const code = TIMED_OUT.test(detail) && /access/i.test(detail) ? 'reconsent_required' : 'unauthorized'
    return new BlueButtonError({ ...init, code })
  }
  if (status === 403)
    return new BlueButtonError({ ...init, code: classifyForbidden(detail, options.scopeSensitive) })
  if (status === 404) return new BlueButtonError({ ...init, code: 'not_found' })
  return new BlueButtonError({ ...init, code: 'bad_request' })
}

function classifyForbidden(detail: string, scopeSensitive: boolean): BlueButtonErrorCode {
  if (INACTIVE.test(detail)) return 'app_inactive'
  if (/grant|access cannot be found/i.test(detail) && NOT_FOUND_GRANT.test(detail)) return 'revoked'
  if (/scope/i.test(detail) || scopeSensitive) return 'scope_denied'
  return 'forbidden'
}
