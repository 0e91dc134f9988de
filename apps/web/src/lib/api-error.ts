// The one error class of the web app: every failed call becomes an ApiError (the API's one error envelope).
import type { FieldErrors } from '@blueconsent/contract/shared'

// The contract's NON_FIELD_ERRORS, spelled out because this module is on the login route, which must not
// load the contract's zod schemas eagerly (lib/contract.ts); api-error.test.ts checks they match.
export const NON_FIELD_ERRORS_KEY = 'non_field_errors'

/** network: no response; timeout: our 15 s abort; http: the server answered with an error status; parse: the body broke the contract. */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'parse'

export type ApiErrorInit = {
  kind: ApiErrorKind
  status: number
  statusText?: string
  detail?: string | null
  /** The body's own `message`, else its `error`, when they are strings (shown before detail). */
  serverMessage?: string | null
  code?: string | null
  fieldErrors?: FieldErrors | null
  retryAfter?: number | null
  url?: string
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  /** HTTP status; 0 when there was no response. */
  readonly status: number
  readonly statusText: string
  readonly detail: string | null
  /** The body's `message`, else its `error` (strings only). */
  readonly serverMessage: string | null
  readonly code: string | null
  /** DRF-style field errors of a 400, including non_field_errors. */
  readonly fieldErrors: FieldErrors | null
  /** Seconds from the Retry-After header. */
  readonly retryAfter: number | null
  readonly url: string

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? init.detail ?? defaultMessage(init))
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.detail = init.detail ?? null
    this.serverMessage = init.serverMessage ?? null
    this.code = init.code ?? null
    this.fieldErrors = init.fieldErrors ?? null
    this.retryAfter = init.retryAfter ?? null
    this.url = init.url ?? ''
  }

  /** The first message for one field, e.g. `error.fieldMessage('password')`. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors?.[field]?.[0]
  }

  get nonFieldMessage(): string | undefined {
    return this.fieldMessage(NON_FIELD_ERRORS_KEY)
  }
}

function defaultMessage(init: ApiErrorInit): string {
  if (init.kind === 'network') return 'Network request failed'
  if (init.kind === 'timeout') return 'Request timed out'
  if (init.kind === 'parse') return 'Unexpected response from the server'
  return `Error ${init.status}: ${init.statusText || 'Request failed'}`
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return null
  return Math.max(0, Math.ceil((date - now) / 1000))
}

/**
 * Arrays of strings become a field's messages; a lone string becomes a one-message list. The envelope's own
 * keys are skipped only as strings: a list under `code` or `message` is a field of that name (two-factor's
 * code, the support form's message).
 */
function collectFields(into: FieldErrors, record: Record<string, unknown>, skip: readonly string[]): void {
  for (const [key, value] of Object.entries(record)) {
    if (skip.includes(key) && !Array.isArray(value)) continue
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) into[key] = value
    else if (typeof value === 'string') into[key] = [value]
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Reads the DRF-style envelope: {detail, code} for most errors, {field: [messages]} for 400s. Also what other
 * servers send: a string `message` or `error`, and field messages under an `errors` object. A
 * `message` holding a list is a field's messages (the support form has a field named message).
 */
export function parseErrorBody(
  body: unknown,
): Pick<ApiErrorInit, 'detail' | 'serverMessage' | 'code' | 'fieldErrors'> {
  if (!isRecord(body)) {
    return { detail: typeof body === 'string' && body.length > 0 && body.length < 500 ? body : null }
  }
  const record = body
  const detail = typeof record.detail === 'string' ? record.detail : null
  const message = typeof record.message === 'string' ? record.message : null
  const error = typeof record.error === 'string' ? record.error : null
  const code = typeof record.code === 'string' ? record.code : error
  const oauthDescription = typeof record.error_description === 'string' ? record.error_description : null
  // Top-level keys are field names only in a bare DRF envelope; an `errors` object always names fields.
  const topLevel: FieldErrors = {}
  collectFields(topLevel, record, ['detail', 'code', 'error', 'error_description', 'errors', 'message'])
  const bare = detail === null && oauthDescription === null && message === null
  const fieldErrors: FieldErrors = bare ? topLevel : {}
  if (isRecord(record.errors)) collectFields(fieldErrors, record.errors, [])
  return {
    detail: detail ?? oauthDescription ?? fieldErrors[NON_FIELD_ERRORS_KEY]?.[0] ?? null,
    serverMessage: message ?? error,
    code,
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : null,
  }
}
