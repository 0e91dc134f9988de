import { describe, expect, it } from 'vitest'
import { retryDelayMs, WEBHOOK_RETRY_WINDOW_MS } from './webhooks.delivery.ts'

describe('webhook retry schedule', () => {
  it('backs off exponentially from five seconds up to eight hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 20_000, 80_000, 320_000])
    expect(retryDelayMs(30)).toBe(8 * 60 * 60 * 1000)
  })

  it('tries about a dozen times within the day a delivery is retried', () => {
    let elapsed = 0
    let attempts = 1
    while (elapsed + retryDelayMs(attempts) <= WEBHOOK_RETRY_WINDOW_MS) elapsed += retryDelayMs(attempts++)
    expect(attempts).toBeGreaterThanOrEqual(9)
    expect(attempts).toBeLessThanOrEqual(12)
  })
})
