import { useCallback, useSyncExternalStore } from 'react'

const subscribeTo = (query: string) => (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {}
  const list = window.matchMedia(query)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/**
 * Whether a CSS media query matches now, updated as the window changes. Layouts that differ in structure
 * (a table on a laptop, cards on a phone) render one or the other, so assistive technology and tests never
 * meet the same content twice; without matchMedia (old browsers, jsdom) the answer is false.
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback((onChange: () => void) => subscribeTo(query)(onChange), [query])
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}

/** Phones: below Tailwind's `md` breakpoint (768 px). */
export const NARROW_SCREEN = '(max-width: 767px)'
