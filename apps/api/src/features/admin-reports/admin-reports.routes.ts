// GET /api/admin/reports/ (JSON) and /api/admin/reports/export/ (CSV of the same report), behind the admin
// guard; the service decides the scope and answers 404 outside it.
import { adminReportQuerySchema, adminReportSchema } from '@blueconsent/contract/admin-reports'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { exportReport, viewReport } from './admin-reports.service.ts'

const ADMIN = { access: { admin: true } } as const

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function adminReportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['admin'], security: [{ bearer: [] }], querystring: adminReportQuerySchema }

  routes.get(
    '/api/admin/reports/',
    { config: ADMIN, schema: { ...schema, response: { 200: adminReportSchema } } },
    async (request) => {
      const { from, to, organization_id } = request.query
      return viewReport(ctx, sourceOf(request), { from, to, organization_id })
    },
  )
  routes.get('/api/admin/reports/export/', { config: ADMIN, schema }, async (request, reply) => {
    const { from, to, organization_id } = request.query
    const { body, filename } = await exportReport(ctx, sourceOf(request), { from, to, organization_id })
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(body)
  })
}
