// Generic error mapping and the retry policy.
import { DEFAULT_RETRY } from '@blueconsent/contract/constants'
import { ApiError, isApiError } from './api-error.ts'

export const GENERIC_MESSAGES = {
  offline: 'No internet connection. Please check your network.',
  network: 'Unable to reach the server. Please check your connection',
  timeout: 'The request timed out. Please try again.',
  validation: 'Please correct the highlighted fields and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested item was not found.',
  conflict: 'This item already exists.',
  unprocessable: 'The request could not be processed. Please check the values and try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  server: 'A server error occurred. Please try again later.',
  unexpected: 'An unexpected error occurred',
} as const

const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false

/** One human sentence for any failure, by kind and status. */
export function genericErrorMessage(error: unknown): string {
  if (isOffline()) return GENERIC_MESSAGES.offline
  if (!isApiError(error)) return GENERIC_MESSAGES.unexpected
  if (error.kind === 'network') return GENERIC_MESSAGES.network
  if (error.kind === 'timeout') return GENERIC_MESSAGES.timeout
  if (error.status >= 500) return GENERIC_MESSAGES.server
  switch (error.status) {
    case 400:
      return error.fieldErrors ? GENERIC_MESSAGES.validation : (error.detail ?? GENERIC_MESSAGES.validation)
    case 401:
      return GENERIC_MESSAGES.sessionExpired
    case 403:
      return GENERIC_MESSAGES.forbidden
    case 404:
      return GENERIC_MESSAGES.notFound
    case 409:
      return error.detail ?? GENERIC_MESSAGES.conflict
    case 422:
      return error.detail ?? GENERIC_MESSAGES.unprocessable
    case 429:
      return GENERIC_MESSAGES.rateLimited
    default:
      return error.detail ?? error.message
  }
}

/**
 * The feedback helper's text: the response's message, else its error, else its detail, else the
 * field errors as 'field: messages' lines, else 'Error {status}: {status text or Request failed}'; no
 * response at all says the server cannot be reached; anything else its own message.
 */
export function feedbackMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return GENERIC_MESSAGES.network
    if (error.serverMessage) return error.serverMessage
    if (error.detail) return error.detail
    if (error.fieldErrors) return fieldErrorLines(error.fieldErrors)
    return `Error ${error.status}: ${error.statusText || 'Request failed'}`
  }
  if (error instanceof Error && error.message) return error.message
  return GENERIC_MESSAGES.unexpected
}

/** 'field: messages', one line per field. */
export const fieldErrorLines = (fields: Record<string, readonly string[]>): string =>
  Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('\n')

/** Network failures, timeouts, 429 and 5xx are worth retrying; everything else is final. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.kind === 'network' || error.kind === 'timeout' || error.status === 429 || error.status >= 500
}

/** react-query `retry`: up to 3 retries of retryable failures. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < DEFAULT_RETRY.attempts && isRetryable(error)

/**
 * react-query `retry` for reads whose 4xx answers are final (an invalid id, a record outside the caller's
 * scope, a role without access): those fail at once; anything else is tried up to twice more.
 */
export const retryServerErrors = (failureCount: number, error: unknown): boolean =>
  !(isApiError(error) && error.status < 500) && failureCount < 2

/** react-query `retryDelay`: 1 s, 2 s, 4 s; a server's Retry-After wins when it is longer. */
export function retryDelayMs(attemptIndex: number, error?: unknown): number {
  const backoff = DEFAULT_RETRY.initialDelayMs * 2 ** attemptIndex
  const retryAfter = error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : 0
  return Math.max(backoff, retryAfter)
}
