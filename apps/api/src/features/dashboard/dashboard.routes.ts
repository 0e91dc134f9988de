// GET /api/dashboard/: the signed-in user's figures, computed under their own scope.
import { dashboardSchema } from '@blueconsent/contract/dashboard'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import { dashboardFor } from './dashboard.service.ts'

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/dashboard/',
    {
      config: { access: {} },
      schema: { tags: ['dashboard'], security: [{ bearer: [] }], response: { 200: dashboardSchema } },
    },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      return dashboardFor(app.ctx, request.principal)
    },
  )
}
