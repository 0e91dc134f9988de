// Liveness with a real database round trip, for load balancers and `npm start` checks.
import { errorDetailSchema, healthSchema, readinessSchema } from '@blueconsent/contract/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.ts'

export async function healthRoutes(app: FastifyInstance, options: { version: string }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/health/',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: healthSchema } },
    },
    async () => {
      try {
        await app.ctx.database.executeSql('select 1 as ok', [])
      } catch {
        throw new AppError(503, 'service_unavailable', 'Database unavailable.')
      }
      return { status: 'ok' as const, database: 'ok' as const, version: options.version }
    },
  )

  // Readiness: also waits for start-up work (the demo data pull), which holds the embedded database busy.
  routes.get(
    '/api/health/ready/',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: readinessSchema, 503: errorDetailSchema } },
    },
    async (_request, reply) => {
      const waitingFor = app.ctx.startup.waitingFor
      // Answered, not thrown: starting up is an expected state, not an error worth a log line per probe.
      if (waitingFor.length > 0) {
        return reply
          .code(503)
          .header('Retry-After', '2')
          .send({ detail: `Starting: ${waitingFor.join(', ')}.`, code: 'service_unavailable' })
      }
      return { status: 'ready' as const }
    },
  )
}
