// Runs before every test file. The web project shares one jsdom between files (isolate: false keeps the
// suite at seconds on a small machine), so every piece of global state is reset after each test here.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { queryClient } from '../lib/query-client.ts'
import { setFullPageLoader } from '../lib/navigation.ts'
import { session } from '../lib/session.ts'

// findBy…/waitFor give up after 5 s, not 1 s: CI runs this suite beside the API suites and the browser journeys
// on two cores, where a page that renders in 50 ms on a quiet machine can take over a second. A real failure
// still fails, only later.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  session.clearLocal()
  queryClient.clear()
  localStorage.clear()
  sessionStorage.clear()
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true })
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setFullPageLoader(undefined)
})
