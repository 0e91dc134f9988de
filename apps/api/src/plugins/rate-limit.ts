// General request limit per client IP on /api/ and /o/ (Redis-backed when REDIS_URL is set, so all
// instances count together). Login lockout and reset throttling sit on top of this.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from '../errors.ts'

export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'blueconsent:rl:' } : {}),
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/o/'),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', 'Too many requests. Please try again later.', {
        'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  })
}
