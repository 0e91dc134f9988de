import { describe, expect, it } from 'vitest'
import { checkoutDoneText } from './billing-result-pages.tsx'

describe('the checkout confirmation', () => {
  it('says a free trial has started and when it ends, never thanking for a payment that was not taken', () => {
    const text = checkoutDoneText({ subscription_status: 'trialing', trial_end_date: '2026-12-11T12:00:00Z' })
    expect(text).toBe('Your free trial has started. Nothing is charged until it ends on December 11, 2026.')
    expect(checkoutDoneText({ subscription_status: 'trialing', trial_end_date: null })).toBe(
      'Your free trial has started. Nothing is charged until it ends.',
    )
  })

  it('thanks for a paid subscription with its status label', () => {
    expect(checkoutDoneText({ subscription_status: 'active', trial_end_date: null })).toBe(
      'Your subscription is active. Thank you!',
    )
  })
})
