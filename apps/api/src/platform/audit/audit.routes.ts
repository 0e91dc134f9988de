// The audit log's search, its people and its CSV export.
import { AUDIT_ENDPOINTS } from '@blueconsent/contract/audit'
import type { FastifyInstance } from 'fastify'
import { notAuthenticated } from '../errors.ts'
import { serveEndpoint } from '../http/endpoints.ts'
import { exportAudit, listAudit, listAuditPeople } from './audit.service.ts'

const docs = { schema: { tags: ['audit'], security: [{ bearer: [] }] } }

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app

  serveEndpoint(app, AUDIT_ENDPOINTS.list, docs, async (request) => {
    if (!request.principal) throw notAuthenticated()
    return listAudit(
      ctx,
      { principal: request.principal, ip: request.ip, httpRequestId: request.id },
      request.query,
      AUDIT_ENDPOINTS.list.path,
    )
  })
  serveEndpoint(app, AUDIT_ENDPOINTS.people, docs, async (request) => {
    if (!request.principal) throw notAuthenticated()
    return listAuditPeople(ctx, { principal: request.principal, ip: request.ip, httpRequestId: request.id })
  })
  serveEndpoint(app, AUDIT_ENDPOINTS.export, docs, async (request, reply) => {
    if (!request.principal) throw notAuthenticated()
    const body = await exportAudit(
      ctx,
      { principal: request.principal, ip: request.ip, httpRequestId: request.id },
      request.query,
    )
    const day = ctx.clock().toISOString().slice(0, 10)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .send(body)
  })
}
