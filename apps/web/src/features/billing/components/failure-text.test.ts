import { BILLING_MESSAGES } from '@blueconsent/contract/billing'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error.ts'
import { failureText } from './failure-text.ts'

describe('a billing failure', () => {
  it("shows the server's detail", () => {
    const error = new ApiError({ kind: 'http', status: 403, detail: 'Only the account owner can do that.' })
    expect(failureText(error, BILLING_MESSAGES.checkoutFailed)).toBe('Only the account owner can do that.')
  })

  it("shows the server's reason given on a field, such as a refused return address", () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      fieldErrors: { success_url: ['Must be an address of this portal (http://localhost:8000)'] },
    })
    expect(failureText(error, BILLING_MESSAGES.checkoutFailed)).toBe(
      'Must be an address of this portal (http://localhost:8000)',
    )
  })

  it('falls back when the server said nothing', () => {
    const error = new ApiError({ kind: 'network', status: 0 })
    expect(failureText(error, BILLING_MESSAGES.checkoutFailed)).toBe(BILLING_MESSAGES.checkoutFailed)
    expect(failureText(new Error('boom'), BILLING_MESSAGES.inviteFailed)).toBe(BILLING_MESSAGES.inviteFailed)
  })
})
