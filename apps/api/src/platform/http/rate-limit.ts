// The general request limit on /api/ and /o/. Signed-in traffic counts per user, so forty people of one
// clinic behind one NAT address do not share a budget, with a ceiling per organisation so that one tenant
// cannot take the whole service; anonymous traffic counts per client address. Counters live in Redis when
// REDIS_URL is set, so every instance counts together. Sign-in lockout and reset throttling sit on top.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from '../errors.ts'

export type RateLimits = {
  /** Per signed-in user, and per client address for anonymous calls. */
  perMinute: number
  /** All users of one organisation together. */
  organizationPerMinute: number
}

const WINDOW_MS = 60_000

const limitedPath = (request: FastifyRequest): boolean =>
  request.url.startsWith('/api/') || request.url.startsWith('/o/')

const tooManyRequests = (retryAfterSeconds: number): AppError =>
  new AppError(429, 'rate_limited', 'Too many requests. Please try again later.', {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  })

/**
 * The counter a request is charged to. The limit's hook runs after authentication (route-level hooks run
 * after the access hook), so a signed-in caller is known by then.
 */
export const rateLimitKey = (request: FastifyRequest): string =>
  request.principal ? `user:${request.principal.userId}` : `ip:${request.ip}`

export async function registerRateLimit(
  app: FastifyInstance,
  limits: RateLimits,
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limits.perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: rateLimitKey,
    ...(redis ? { redis, nameSpace: 'blueconsent:rl:' } : {}),
    allowList: (request) => !limitedPath(request),
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  })
  const organizationCounter = app.createRateLimit({
    max: limits.organizationPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `org:${request.principal?.organizationId ?? ''}`,
  })
  // After every onRequest hook (authentication and the per-user limit), before the handler runs.
  app.addHook('preHandler', async (request) => {
    if (!request.principal?.organizationId || !limitedPath(request)) return
    const count = await organizationCounter(request)
    if (!count.isAllowed && count.isExceeded) throw tooManyRequests(count.ttlInSeconds)
  })
}
