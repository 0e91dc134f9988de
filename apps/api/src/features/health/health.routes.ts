// Liveness with a real database round trip, for load balancers and `npm start` checks.
import { HEALTH_ENDPOINTS } from '@blueconsent/contract/health'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'

export async function healthRoutes(app: FastifyInstance, options: { version: string }): Promise<void> {
  const route = { config: { rateLimit: false }, schema: { tags: ['health'] } } as const
  serveEndpoint(app, HEALTH_ENDPOINTS.liveness, route, async () => {
    try {
      await app.ctx.database.executeSql('select 1 as ok', [])
    } catch {
      throw new AppError(503, 'service_unavailable', 'Database unavailable.')
    }
    return { status: 'ok' as const, database: 'ok' as const, version: options.version }
  })

  // Readiness: also waits for start-up work (the demo data pull), which holds the embedded database busy.
  serveEndpoint(app, HEALTH_ENDPOINTS.readiness, route, async (_request, reply) => {
    const waitingFor = app.ctx.startup.waitingFor
    // Answered, not thrown: starting up is an expected state, not an error worth a log line per probe.
    if (waitingFor.length > 0) {
      return reply
        .code(503)
        .header('Retry-After', '2')
        .send({ detail: `Starting: ${waitingFor.join(', ')}.`, code: 'service_unavailable' })
    }
    const unsafe = app.ctx.config.unsafeDemoFeatures ?? []
    return { status: 'ready' as const, ...(unsafe.length > 0 ? { unsafe_demo_features: unsafe } : {}) }
  })
}
