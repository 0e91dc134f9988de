import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, parseErrorBody } from './api-error.ts'
import {
  GENERIC_MESSAGES,
  feedbackMessage,
  genericErrorMessage,
  retryDelayMs,
  shouldRetry,
} from './error-messages.ts'

const http = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind: 'http', status, ...extra })

afterEach(() => Object.defineProperty(navigator, 'onLine', { configurable: true, value: true }))

describe('genericErrorMessage', () => {
  it('maps kinds and statuses to the catalogue messages', () => {
    expect(genericErrorMessage(http(400, { fieldErrors: { name: ['Required'] } }))).toBe(
      'Please correct the highlighted fields and try again.',
    )
    expect(genericErrorMessage(http(401))).toBe(GENERIC_MESSAGES.sessionExpired)
    expect(genericErrorMessage(http(403))).toBe(GENERIC_MESSAGES.forbidden)
    expect(genericErrorMessage(http(404))).toBe(GENERIC_MESSAGES.notFound)
    expect(genericErrorMessage(http(409))).toBe(GENERIC_MESSAGES.conflict)
    expect(genericErrorMessage(http(429))).toMatch(/^Too many requests/)
    expect(genericErrorMessage(http(502))).toMatch(/^A server error occurred/)
    expect(genericErrorMessage(new ApiError({ kind: 'timeout', status: 0 }))).toBe(GENERIC_MESSAGES.timeout)
    expect(genericErrorMessage(new ApiError({ kind: 'network', status: 0 }))).toBe(GENERIC_MESSAGES.network)
  })

  it('says offline first when the browser is offline', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false })
    expect(genericErrorMessage(http(500))).toBe(GENERIC_MESSAGES.offline)
  })
})

describe('feedbackMessage', () => {
  it('prefers the server detail, then field errors, then Error {status}', () => {
    expect(feedbackMessage(http(409, { detail: 'Already exists.' }))).toBe('Already exists.')
    expect(feedbackMessage(http(400, { fieldErrors: { email: ['Invalid.'], role: ['Required.'] } }))).toBe(
      'email: Invalid.\nrole: Required.',
    )
    expect(feedbackMessage(http(418, { statusText: "I'm a teapot" }))).toBe("Error 418: I'm a teapot")
    expect(feedbackMessage(http(500))).toBe('Error 500: Request failed')
    expect(feedbackMessage(new ApiError({ kind: 'network', status: 0 }))).toBe(
      'Unable to reach the server. Please check your connection',
    )
  })
})

describe('feedbackMessage over what servers send', () => {
  const fromBody = (status: number, body: unknown, statusText = '') =>
    new ApiError({ kind: 'http', status, statusText, ...parseErrorBody(body) })

  it('shows message, else error, else detail', () => {
    expect(feedbackMessage(fromBody(400, { message: 'Bad input', error: 'bad', detail: 'Nope' }))).toBe(
      'Bad input',
    )
    expect(feedbackMessage(fromBody(400, { error: 'Bad request body', detail: 'Nope' }))).toBe(
      'Bad request body',
    )
    expect(feedbackMessage(fromBody(403, { detail: 'Not yours', code: 'permission_denied' }))).toBe(
      'Not yours',
    )
    expect(feedbackMessage(fromBody(502, null, 'Bad Gateway'))).toBe('Error 502: Bad Gateway')
    expect(feedbackMessage(fromBody(503, {}))).toBe('Error 503: Request failed')
  })

  it("lists field errors of an errors object, and DRF's bare fields, as 'field: messages'", () => {
    expect(
      feedbackMessage(fromBody(400, { errors: { subject: ['Subject is required'], email: 'Invalid' } })),
    ).toBe('subject: Subject is required\nemail: Invalid')
    const drf = fromBody(400, { subject: ['Subject is required'], message: ['Message is required', 'Too'] })
    expect(drf.fieldErrors).toEqual({
      subject: ['Subject is required'],
      message: ['Message is required', 'Too'],
    })
    expect(drf.serverMessage).toBeNull()
    expect(feedbackMessage(drf)).toBe('subject: Subject is required\nmessage: Message is required, Too')
  })

  it('keeps the fields of an errors object beside a message', () => {
    const error = fromBody(400, { message: 'Validation failed', errors: { subject: ['Too long'] } })
    expect(error.fieldErrors).toEqual({ subject: ['Too long'] })
    expect(feedbackMessage(error)).toBe('Validation failed')
    expect(error.message).toBe('Validation failed')
  })

  it('says the server cannot be reached without a response, else the error or a generic sentence', () => {
    expect(feedbackMessage(new ApiError({ kind: 'timeout', status: 0 }))).toBe(
      'Unable to reach the server. Please check your connection',
    )
    expect(feedbackMessage(new Error('Something broke'))).toBe('Something broke')
    expect(feedbackMessage('weird')).toBe('An unexpected error occurred')
  })
})

describe('retry policy', () => {
  it('retries network, 429 and 5xx up to 3 times with 1 s doubling', () => {
    expect(shouldRetry(0, new ApiError({ kind: 'network', status: 0 }))).toBe(true)
    expect(shouldRetry(2, http(503))).toBe(true)
    expect(shouldRetry(3, http(503))).toBe(false)
    expect(shouldRetry(0, http(429))).toBe(true)
    expect(shouldRetry(0, http(400))).toBe(false)
    expect(shouldRetry(0, new Error('boom'))).toBe(false)
    expect([0, 1, 2].map((attempt) => retryDelayMs(attempt))).toEqual([1000, 2000, 4000])
    expect(retryDelayMs(0, http(429, { retryAfter: 5 }))).toBe(5000)
  })
})
