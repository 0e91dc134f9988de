import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useDebouncedValue } from './use-debounced-value.ts'
import { useNow } from './use-now.ts'
import { useTimedNotice } from './use-timed-notice.ts'

describe('useNow', () => {
  it('ticks every interval while active and stands still otherwise', () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const { result, rerender } = renderHook(({ active }) => useNow(1_000, active), {
      initialProps: { active: true },
    })
    expect(result.current).toBe(1_000_000)
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(result.current).toBe(1_001_000)
    rerender({ active: false })
    act(() => {
      vi.advanceTimersByTime(5_000)
    })
    expect(result.current).toBe(1_001_000)
  })
})

describe('useDebouncedValue', () => {
  it('settles on the last value once it stops changing for the delay', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'a' },
    })
    rerender({ value: 'ab' })
    act(() => {
      vi.advanceTimersByTime(200)
    })
    rerender({ value: 'abc' })
    act(() => {
      vi.advanceTimersByTime(200)
    })
    expect(result.current).toBe('a')
    act(() => {
      vi.advanceTimersByTime(100)
    })
    expect(result.current).toBe('abc')
  })
})

describe('useTimedNotice', () => {
  it('clears a notice after its time, and a newer notice replaces the older timer', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useTimedNotice())
    act(() => {
      result.current[1]({ type: 'success', message: 'Saved.' }, 1_000)
    })
    act(() => {
      vi.advanceTimersByTime(500)
    })
    act(() => {
      result.current[1]({ type: 'error', message: 'Failed.' }, 1_000)
    })
    act(() => {
      vi.advanceTimersByTime(600)
    })
    expect(result.current[0]?.message).toBe('Failed.')
    act(() => {
      vi.advanceTimersByTime(400)
    })
    expect(result.current[0]).toBeNull()
  })

  it('keeps a notice shown without a time', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useTimedNotice())
    act(() => {
      result.current[1]({ type: 'info', message: 'Kept.' })
    })
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(result.current[0]?.message).toBe('Kept.')
  })
})
