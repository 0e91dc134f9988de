// GET /api/admin/audit/ and /export/: admin roles with 'audit.view'.
import { auditListSchema, auditPeopleSchema, auditQuerySchema } from '@blueconsent/contract/audit'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import { exportAudit, listAudit, listAuditPeople } from './audit.service.ts'

const ACCESS = { access: { permissions: ['audit.view'] } } as const

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['audit'], security: [{ bearer: [] }], querystring: auditQuerySchema }

  routes.get(
    '/api/admin/audit/',
    { config: ACCESS, schema: { ...schema, response: { 200: auditListSchema } } },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      return listAudit(
        ctx,
        { principal: request.principal, ip: request.ip, httpRequestId: request.id },
        request.query,
        '/api/admin/audit/',
      )
    },
  )
  routes.get(
    '/api/admin/audit/people/',
    {
      config: ACCESS,
      schema: { tags: ['audit'], security: [{ bearer: [] }], response: { 200: auditPeopleSchema } },
    },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      return listAuditPeople(ctx, { principal: request.principal, ip: request.ip, httpRequestId: request.id })
    },
  )
  routes.get('/api/admin/audit/export/', { config: ACCESS, schema }, async (request, reply) => {
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
