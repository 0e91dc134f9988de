// The login error catalogue, mapped from what the call returned.
import { ORGANIZATION_SUSPENDED_MESSAGE } from '@blueconsent/contract/constants'
import { isApiError } from '@/lib/api-error.ts'

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  accessDenied: 'Access denied',
  rateLimited: 'Too many attempts. Please wait before trying again.',
  network: 'Network error. Please check your connection.',
  server: 'Server error occurred',
  failed: 'Login failed. Please try again.',
  lockedOut: 'Too many login attempts. Please wait 1 minute before trying again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  offline: 'No internet connection. Please check your network.',
} as const

export const lockoutCountdownMessage = (seconds: number): string =>
  `Too many attempts. Please wait ${seconds} seconds.`

const RATE_LIMIT_CODES = ['rate_limited', 'RATE_LIMITED', 'locked_out']

export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_MESSAGES.failed
  if (error.kind === 'network' || error.kind === 'timeout') return LOGIN_MESSAGES.network
  if (error.kind === 'parse') return LOGIN_MESSAGES.failed
  if (error.status === 429 || (error.code !== null && RATE_LIMIT_CODES.includes(error.code)))
    return LOGIN_MESSAGES.rateLimited
  // The right password for an address not verified yet: the server says what to do.
  if (error.code === 'email_not_verified' && error.detail) return error.detail
  if (error.status === 400 || error.status === 401) return LOGIN_MESSAGES.invalidCredentials
  // The right password in a deactivated organisation: the member learns why and whom to ask.
  if (error.status === 403 && error.detail === ORGANIZATION_SUSPENDED_MESSAGE) return error.detail
  if (error.status === 403) return LOGIN_MESSAGES.accessDenied
  return LOGIN_MESSAGES.server
}
