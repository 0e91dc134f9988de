import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { SandboxContext } from './context.ts'
import { createBeneficiaryRegistry } from './synthetic/registry.ts'
import { registerDiscoveryRoutes } from './discovery.routes.ts'
import { registerAdminRoutes } from './faults/admin.routes.ts'
import { createFaultBoard } from './faults/faults.ts'
import { registerFhirRoutes } from './fhir/fhir.routes.ts'
import { registerAuthorizeRoutes } from './oauth/authorize.routes.ts'
import { registerRevokeRoutes } from './oauth/revoke.routes.ts'
import { createOAuthStore } from './oauth/store.ts'
import { registerTokenRoutes } from './oauth/token.routes.ts'
import { resolveOptions, type SandboxOptionsInput } from './options.ts'

function createContext(input: SandboxOptionsInput): SandboxContext {
  const options = resolveOptions(input)
  const inactive = new Set(options.clients.filter((c) => !c.active).map((c) => c.clientId))
  return {
    options,
    store: createOAuthStore(),
    registry: createBeneficiaryRegistry(options.seed),
    faults: createFaultBoard(),
    url: (path) => `${options.publicBaseUrl}${path}`,
    nowMs: () => options.now().getTime(),
    isActive: (clientId) => !inactive.has(clientId),
    setActive: (clientId, active) => void (active ? inactive.delete(clientId) : inactive.add(clientId)),
  }
}

// Error replies keep Blue Button's shapes even for failures Fastify detects itself (bad bodies).
function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'blue button sandbox failed')
    return reply
      .code(status)
      .send({ detail: status === 500 ? 'A server error occurred.' : (error.message ?? 'Bad request') })
  })
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ detail: 'Not found.' }))
}

/**
 * The Blue Button 2.0 stand-in as a Fastify plugin. Register it under any prefix; every URL it
 * emits is built from `publicBaseUrl`, which must therefore include that prefix:
 *   app.register(bluebuttonSandbox, { prefix: '/bb-sandbox', publicBaseUrl: 'http://localhost:3000/bb-sandbox' })
 */
export const bluebuttonSandbox: FastifyPluginAsync<SandboxOptionsInput> = async (app, input) => {
  const ctx = createContext(input)
  // The host app may already parse forms; a second parser in this scope would throw.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody)
  installErrorHandling(app)
  registerDiscoveryRoutes(app, ctx)
  registerAuthorizeRoutes(app, ctx)
  registerTokenRoutes(app, ctx)
  registerRevokeRoutes(app, ctx)
  registerFhirRoutes(app, ctx)
  if (ctx.options.adminEnabled) registerAdminRoutes(app, ctx)
}
