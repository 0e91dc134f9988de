import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushTracing, setTracingFlush } from './active.ts'

afterEach(() => flushTracing())

describe('flushTracing', () => {
  it('ends tracing once, however many shutdown paths ask', async () => {
    const flush = vi.fn(() => Promise.resolve())
    setTracingFlush(flush)
    await flushTracing()
    await flushTracing()
    expect(flush).toHaveBeenCalledTimes(1)
  })

  it('lets the shutdown go on when the exporter fails, and does nothing with tracing off', async () => {
    setTracingFlush(() => Promise.reject(new Error('collector unreachable')))
    await expect(flushTracing()).resolves.toBeUndefined()
    await expect(flushTracing()).resolves.toBeUndefined()
  })
})
