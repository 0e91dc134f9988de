// An ACO's members: the list for its users (ACO roles), changes for its admin.
import { memberListSchema, memberSchema, memberUpdateSchema } from '@blueconsent/contract/members'
import { ACO_ROLES } from '@blueconsent/contract/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { listMembers, updateMember } from './members.service.ts'

const orgParams = z.object({ orgId: z.string().max(200) })
const memberParams = z.object({ orgId: z.string().max(200), userId: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['members'], security: [{ bearer: [] }] }
  routes.get(
    '/api/organizations/:orgId/members/',
    {
      config: { access: { roles: ACO_ROLES } },
      schema: { ...schema, params: orgParams, response: { 200: memberListSchema } },
    },
    async (request) => listMembers(ctx, sourceOf(request), request.params.orgId),
  )
  routes.patch(
    '/api/organizations/:orgId/members/:userId/',
    {
      config: { access: { roles: ['ACO_ADMIN'] } },
      schema: { ...schema, params: memberParams, body: memberUpdateSchema, response: { 200: memberSchema } },
    },
    async (request) =>
      updateMember(ctx, sourceOf(request), request.params.orgId, request.params.userId, request.body),
  )
}
