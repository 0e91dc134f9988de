// Stripe's error body, `{ error: { type, code, message, param, decline_code } }`, with its HTTP status.
// The SDK picks the error class from `type` (card_error → StripeCardError, …), so the type must be exact.

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error'

export type StripeErrorBody = {
  type: StripeErrorType
  message: string
  code?: string
  param?: string
  decline_code?: string
  doc_url?: string
  payment_method?: unknown
  setup_intent?: unknown
  payment_intent?: unknown
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

const doc = (code: string): string => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: doc(code) } : {}),
  })
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing')
}

export function invalidParam(param: string, message: string): StripeApiError {
  return invalidRequest(message, param, 'parameter_invalid_empty')
}

// Stripe names the resource in lower case words: "No such customer: 'cus_123'".
export function noSuch(resource: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: doc('resource_missing'),
    message: `No such ${resource}: '${id}'`,
    param,
  })
}

export function cardError(
  code: string,
  message: string,
  declineCode?: string,
  param?: string,
  extra: Partial<StripeErrorBody> = {},
): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    doc_url: doc(code),
    ...(declineCode ? { decline_code: declineCode } : {}),
    ...(param ? { param } : {}),
    ...extra,
  })
}

export function unauthorized(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message })
}
