// The dashboard: the signed-in user's figures, computed under their own scope, and the visit that marks them seen.
import { DASHBOARD_ENDPOINTS } from '@blueconsent/contract/dashboard'
import type { FastifyInstance } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { dashboardFor, markDashboardVisited } from './dashboard.service.ts'

const docs = { schema: { tags: ['dashboard'], security: [{ bearer: [] }] } }

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  serveEndpoint(app, DASHBOARD_ENDPOINTS.figures, docs, async (request) => {
    if (!request.principal) throw notAuthenticated()
    return dashboardFor(app.ctx, request.principal)
  })
  serveEndpoint(app, DASHBOARD_ENDPOINTS.visit, docs, async (request) => {
    if (!request.principal) throw notAuthenticated()
    return markDashboardVisited(app.ctx, request.principal)
  })
}
