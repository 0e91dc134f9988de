import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './api-error.ts'
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
