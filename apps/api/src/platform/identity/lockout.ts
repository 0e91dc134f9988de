// Failed-login throttle: 5 failures per account and per IP within 60 s give 429 with
// Retry-After. Counters live in Redis when REDIS_URL is set, else in the database (lockout.repository.ts),
// so every instance shares them and a restart does not forget them; the memory store is for unit tests.
import { SERVER_SESSION } from '@blueconsent/contract/shared'
import type { Redis } from 'ioredis'

export type WindowCount = { count: number; resetAt: number }

export type CounterStore = {
  /** Adds one to the key's fixed window (started by the first hit) and returns the new state. */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>
  peek(key: string, now: number): Promise<WindowCount | null>
  reset(key: string): Promise<void>
}

export function createMemoryCounterStore(): CounterStore {
  const windows = new Map<string, WindowCount>()
  const live = (key: string, now: number): WindowCount | null => {
    const entry = windows.get(key)
    if (!entry) return null
    if (entry.resetAt <= now) {
      windows.delete(key)
      return null
    }
    return entry
  }
  return {
    async hit(key, windowMs, now) {
      const entry = live(key, now) ?? { count: 0, resetAt: now + windowMs }
      entry.count += 1
      windows.set(key, entry)
      return { ...entry }
    },
    async peek(key, now) {
      const entry = live(key, now)
      return entry ? { ...entry } : null
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}

export function createRedisCounterStore(redis: Redis, prefix = 'blueconsent:lockout:'): CounterStore {
  return {
    async hit(key, windowMs, now) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec()
      const count = Number(results?.[0]?.[1] ?? 1)
      const ttl = Number(results?.[2]?.[1] ?? windowMs)
      return { count, resetAt: now + (ttl > 0 ? ttl : windowMs) }
    },
    async peek(key, now) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)])
      if (count === null || ttl <= 0) return null
      return { count: Number(count), resetAt: now + ttl }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
  }
}

export type LockoutState =
  { locked: false } | { locked: true; retryAfterSeconds: number; scope: 'account' | 'ip' }

export type LoginThrottle = {
  check(email: string, ip: string, now: number): Promise<LockoutState>
  recordFailure(email: string, ip: string, now: number): Promise<LockoutState>
  recordSuccess(email: string): Promise<void>
}

export function createLoginThrottle(store: CounterStore): LoginThrottle {
  const limit = SERVER_SESSION.failedLoginLimit
  const windowMs = SERVER_SESSION.failedLoginWindowSeconds * 1000
  const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`
  const ipKey = (ip: string) => `ip:${ip}`
  const stateOf = (account: WindowCount | null, ip: WindowCount | null, now: number): LockoutState => {
    const retry = (window: WindowCount) => Math.max(1, Math.ceil((window.resetAt - now) / 1000))
    if (account && account.count >= limit)
      return { locked: true, retryAfterSeconds: retry(account), scope: 'account' }
    if (ip && ip.count >= limit) return { locked: true, retryAfterSeconds: retry(ip), scope: 'ip' }
    return { locked: false }
  }
  return {
    async check(email, ip, now) {
      const [account, address] = await Promise.all([
        store.peek(accountKey(email), now),
        store.peek(ipKey(ip), now),
      ])
      return stateOf(account, address, now)
    },
    async recordFailure(email, ip, now) {
      const [account, address] = await Promise.all([
        store.hit(accountKey(email), windowMs, now),
        store.hit(ipKey(ip), windowMs, now),
      ])
      return stateOf(account, address, now)
    },
    async recordSuccess(email) {
      await store.reset(accountKey(email))
    },
  }
}
