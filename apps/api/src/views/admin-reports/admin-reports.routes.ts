// GET /api/admin/reports/ (JSON) and /api/admin/reports/export/ (CSV of the same report), behind the admin
// guard; the service decides the scope and answers 404 outside it.
import { ADMIN_REPORT_ENDPOINTS } from '@blueconsent/contract/admin-reports'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { exportReport, viewReport } from './admin-reports.service.ts'

export async function adminReportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['admin'], security: [{ bearer: [] }] } }

  serveEndpoint(app, ADMIN_REPORT_ENDPOINTS.report, docs, async (request) => {
    const { from, to, organization_id } = request.query
    return viewReport(ctx, actorOf(request), { from, to, organization_id })
  })
  serveEndpoint(app, ADMIN_REPORT_ENDPOINTS.export, docs, async (request, reply) => {
    const { from, to, organization_id } = request.query
    const { body, filename } = await exportReport(ctx, actorOf(request), { from, to, organization_id })
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(body)
  })
}
