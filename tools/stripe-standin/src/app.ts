import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { StandinOptionsInput } from './options.ts'
import { stripeStandin } from './plugin.ts'

// A standalone Fastify instance serving only the stand-in (used by `npm run stripe-standin` and tests).
export async function buildStandinApp(
  options: StandinOptionsInput & { readonly prefix?: string },
  server: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...server })
  const { prefix, ...standinOptions } = options
  await app.register(stripeStandin, { ...standinOptions, ...(prefix ? { prefix } : {}) })
  await app.ready()
  return app
}
