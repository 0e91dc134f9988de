// GET /api/dashboard/: the signed-in user's figures, computed under their own scope; POST .../visit/ marks it seen.
import {
  DASHBOARD_PATH,
  DASHBOARD_VISIT_PATH,
  dashboardSchema,
  dashboardVisitSchema,
} from '@blueconsent/contract/dashboard'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import { dashboardFor, markDashboardVisited } from './dashboard.service.ts'

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    DASHBOARD_PATH,
    {
      config: { access: {} },
      schema: { tags: ['dashboard'], security: [{ bearer: [] }], response: { 200: dashboardSchema } },
    },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      return dashboardFor(app.ctx, request.principal)
    },
  )
  routes.post(
    DASHBOARD_VISIT_PATH,
    {
      config: { access: {} },
      schema: { tags: ['dashboard'], security: [{ bearer: [] }], response: { 200: dashboardVisitSchema } },
    },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      return markDashboardVisited(app.ctx, request.principal)
    },
  )
}
