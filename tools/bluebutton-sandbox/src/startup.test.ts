import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { bluebuttonSandbox } from './plugin.ts'

describe('start-up', () => {
  it('registers and is ready well under a second (claims are generated lazily)', async () => {
    // Fastify's own first-instance cost is not the sandbox's; warm it up before timing.
    await Fastify().close()
    const app = Fastify()
    const started = performance.now()
    await app.register(bluebuttonSandbox, { publicBaseUrl: 'http://localhost:8000' })
    await app.ready()
    const elapsed = performance.now() - started
    await app.close()
    expect(elapsed).toBeLessThan(500)
  })
})
