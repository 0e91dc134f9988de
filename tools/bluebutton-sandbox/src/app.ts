import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { SandboxOptionsInput } from './options.ts'
import { bluebuttonSandbox } from './plugin.ts'

// A standalone Fastify instance serving only the sandbox (used by `npm run sandbox` and tests).
export async function buildSandboxApp(
  options: SandboxOptionsInput & { readonly prefix?: string },
  server: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...server })
  const { prefix, ...sandboxOptions } = options
  await app.register(bluebuttonSandbox, { ...sandboxOptions, ...(prefix ? { prefix } : {}) })
  await app.ready()
  return app
}
