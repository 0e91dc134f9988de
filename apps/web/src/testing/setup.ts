// Runs before every test file. The web project shares one jsdom between files (isolate: false keeps the
// suite at seconds on a small machine), so every piece of global state is reset after each test here.
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { queryClient } from '../lib/query-client.ts'
import { session } from '../lib/session.ts'

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
})
