// An organisation's members: the list for its admins and an ACO's users, changes for an ACO's admin and the
// platform's superuser (any ACO's member: members.service.ts, changeableAcoOf).
import { MEMBER_ENDPOINTS } from '@blueconsent/contract/members'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf } from '../../platform/identity/index.ts'
import { listMembers, updateMember } from './members.service.ts'

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['members'], security: [{ bearer: [] }] } }
  serveEndpoint(app, MEMBER_ENDPOINTS.list, docs, async (request) =>
    listMembers(ctx, actorOf(request), request.params.orgId),
  )
  serveEndpoint(app, MEMBER_ENDPOINTS.update, docs, async (request) =>
    updateMember(ctx, actorOf(request), request.params.orgId, request.params.userId, request.body),
  )
}
