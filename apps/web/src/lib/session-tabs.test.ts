import { afterEach, describe, expect, it, vi } from 'vitest'
import { acrossTabs } from './session.ts'

describe('acrossTabs', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('runs refreshes one at a time under a named Web Lock when the browser has one', async () => {
    let held = false
    let overlapped = false
    const names: string[] = []
    const request = vi.fn(async (name: string, task: () => Promise<unknown>) => {
      names.push(name)
      while (held) await new Promise((resolve) => setTimeout(resolve, 1))
      held = true
      try {
        return await task()
      } finally {
        held = false
      }
    })
    vi.stubGlobal('navigator', { ...navigator, locks: { request } })
    let running = 0
    const task = async () => {
      running += 1
      if (running > 1) overlapped = true
      await new Promise((resolve) => setTimeout(resolve, 5))
      running -= 1
      return 'ok'
    }
    await expect(Promise.all([acrossTabs(task), acrossTabs(task)])).resolves.toEqual(['ok', 'ok'])
    expect(names).toEqual(['blueconsent-session-refresh', 'blueconsent-session-refresh'])
    expect(overlapped).toBe(false)
  })

  it('still refreshes where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    await expect(acrossTabs(async () => 42)).resolves.toBe(42)
  })
})
