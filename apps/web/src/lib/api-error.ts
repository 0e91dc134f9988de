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
  readonly code: string | null
  /** DRF-style field errors of a 400, including non_field_errors. */
  readonly fieldErrors: FieldErrors | null
  /** Seconds from the Retry-After header. */
  readonly retryAfter: number | null
  readonly url: string

  constructor(init: ApiErrorInit) {
    super(init.detail ?? defaultMessage(init))
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.detail = init.detail ?? null
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

/** Reads the DRF-style envelope: {detail, code} for most errors, {field: [messages]} for 400s. */
export function parseErrorBody(body: unknown): Pick<ApiErrorInit, 'detail' | 'code' | 'fieldErrors'> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { detail: typeof body === 'string' && body.length > 0 && body.length < 500 ? body : null }
  }
  const record = body as Record<string, unknown>
  const detail = typeof record.detail === 'string' ? record.detail : null
  const code =
    typeof record.code === 'string' ? record.code : typeof record.error === 'string' ? record.error : null
  const fieldErrors: FieldErrors = {}
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) fieldErrors[key] = value
    else if (typeof value === 'string' && key !== 'detail' && key !== 'code' && key !== 'error')
      fieldErrors[key] = [value]
  }
  const oauthDescription = typeof record.error_description === 'string' ? record.error_description : null
  const hasFields = Object.keys(fieldErrors).length > 0 && detail === null && oauthDescription === null
  return {
    detail: detail ?? oauthDescription ?? fieldErrors[NON_FIELD_ERRORS_KEY]?.[0] ?? null,
    code,
    fieldErrors: hasFields ? fieldErrors : null,
  }
}
