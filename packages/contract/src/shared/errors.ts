// The one error envelope: DRF-style field errors for 400, {detail, code} for everything else.
import { z } from 'zod'

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof fieldErrorsSchema>

export const ERROR_CODES = [
  'validation_error',
  'not_authenticated',
  'authentication_failed',
  'token_not_valid',
  'permission_denied',
  'not_found',
  'conflict',
  'unprocessable',
  'rate_limited',
  'locked_out',
  'csrf_failed',
  'method_not_allowed',
  'server_error',
  'service_unavailable',
  // GET .../requests/{id}/data/: not authorized (or expired/revoked), identity review pending.
  'not_authorized',
  'held_for_review',
  // POST /api/jwt/login/: right password, address not verified yet.
  'email_not_verified',
  // Billing: Stripe refused a card or the call; a forged webhook; an overdue subscription.
  'payment_failed',
  'invalid_signature',
  'payment_overdue',
] as const
export const errorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof errorCodeSchema>

export const errorDetailSchema = z.object({ detail: z.string(), code: z.string() })
export type ErrorDetail = z.infer<typeof errorDetailSchema>

export const errorBodySchema = z.union([errorDetailSchema, fieldErrorsSchema])
export type ErrorBody = z.infer<typeof errorBodySchema>

export const NON_FIELD_ERRORS = 'non_field_errors'
