import { describe, expect, it } from 'vitest'
import { createLoginThrottle, createMemoryCounterStore } from './lockout.ts'

describe('login throttle', () => {
  it('locks an account on the 5th failure within 60 s and reports Retry-After', async () => {
    const throttle = createLoginThrottle(createMemoryCounterStore())
    const start = 1_000_000
    for (let i = 0; i < 4; i += 1)
      expect((await throttle.recordFailure('A@x.test', `ip${i}`, start + i)).locked).toBe(false)
    const fifth = await throttle.recordFailure('a@x.test', 'ip9', start + 10_000)
    expect(fifth).toEqual({ locked: true, retryAfterSeconds: 50, scope: 'account' })
    const later = await throttle.check('a@x.test', 'other', start + 30_000)
    expect(later).toEqual({ locked: true, retryAfterSeconds: 30, scope: 'account' })
    expect(await throttle.check('a@x.test', 'other', start + 60_001)).toEqual({ locked: false })
  })

  it('locks an IP across accounts', async () => {
    const throttle = createLoginThrottle(createMemoryCounterStore())
    for (let i = 0; i < 4; i += 1) await throttle.recordFailure(`user${i}@x.test`, '1.2.3.4', 0)
    expect(await throttle.recordFailure('user9@x.test', '1.2.3.4', 0)).toMatchObject({
      locked: true,
      scope: 'ip',
    })
    expect(await throttle.check('fresh@x.test', '5.6.7.8', 0)).toEqual({ locked: false })
  })

  it('forgets account failures after a successful login, and windows do not slide', async () => {
    const throttle = createLoginThrottle(createMemoryCounterStore())
    for (let i = 0; i < 4; i += 1) await throttle.recordFailure('b@x.test', `ip${i}`, 0)
    await throttle.recordSuccess('b@x.test')
    expect((await throttle.recordFailure('b@x.test', 'ipz', 1)).locked).toBe(false)
    const store = createMemoryCounterStore()
    await store.hit('k', 60_000, 0)
    expect(await store.hit('k', 60_000, 59_999)).toEqual({ count: 2, resetAt: 60_000 })
    expect(await store.hit('k', 60_000, 60_000)).toEqual({ count: 1, resetAt: 120_000 })
  })
})
