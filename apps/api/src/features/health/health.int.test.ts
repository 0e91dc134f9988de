import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

describe('readiness', () => {
  it('answers 503 with Retry-After while start-up work runs, and 200 once it is done', async () => {
    let finish = (): void => undefined
    const task = t.app.ctx.startup.run('demo data', () => new Promise<void>((resolve) => (finish = resolve)))

    const starting = await t.app.inject({ method: 'GET', url: '/api/health/ready/' })
    expect(starting.statusCode).toBe(503)
    expect(starting.headers['retry-after']).toBe('2')
    expect(starting.json()).toEqual({ detail: 'Starting: demo data.', code: 'service_unavailable' })
    // Liveness does not wait for start-up work.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200)

    finish()
    await task
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready/' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
  })

  it('becomes ready even when start-up work fails', async () => {
    await expect(t.app.ctx.startup.run('broken', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready/' })).statusCode).toBe(200)
  })
})
