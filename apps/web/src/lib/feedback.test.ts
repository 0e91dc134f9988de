import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FeedbackStore, feedbackDuration } from './feedback.ts'

describe('feedback', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('uses the spec durations; loading and 5xx errors persist', () => {
    expect(feedbackDuration('success')).toBe(5000)
    expect(feedbackDuration('error')).toBe(8000)
    expect(feedbackDuration('warning')).toBe(6000)
    expect(feedbackDuration('info')).toBe(5000)
    expect(feedbackDuration('loading')).toBeNull()
    expect(feedbackDuration('error', { status: 503 })).toBeNull()
    expect(feedbackDuration('error', { status: 404 })).toBe(8000)
  })

  it('dismisses items when their time is up', () => {
    const store = new FeedbackStore()
    store.show('success', 'Saved')
    store.show('loading', 'Working…')
    vi.advanceTimersByTime(4999)
    expect(store.getSnapshot().map((item) => item.message)).toEqual(['Saved', 'Working…'])
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot().map((item) => item.message)).toEqual(['Working…'])
  })
})
