import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NARROW_SCREEN, useMediaQuery } from './use-media-query.ts'

/** A matchMedia whose answer the test changes, telling listeners as a browser would. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial
  const listeners = new Set<() => void>()
  vi.stubGlobal('matchMedia', (media: string) => ({
    get matches() {
      return matches
    },
    media,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }))
  return {
    set(next: boolean) {
      matches = next
      listeners.forEach((listener) => listener())
    },
    listeners,
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('useMediaQuery', () => {
  it('answers the query now and follows the window as it changes', () => {
    const media = fakeMatchMedia(false)
    const { result, unmount } = renderHook(() => useMediaQuery(NARROW_SCREEN))
    expect(result.current).toBe(false)
    act(() => media.set(true))
    expect(result.current).toBe(true)
    unmount()
    expect(media.listeners.size).toBe(0)
  })

  it('answers false where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { result } = renderHook(() => useMediaQuery(NARROW_SCREEN))
    expect(result.current).toBe(false)
  })
})
