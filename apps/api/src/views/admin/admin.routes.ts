// The admin area's HTTP face: /api/admin/overview/, users and organisations. Every route is behind the admin
// guard; the service filters by the admin's scope (404 outside it).
import { ADMIN_ENDPOINTS } from '@blueconsent/contract/admin'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import {
  adminOverview,
  changeGroups,
  changeRole,
  createOrganization,
  editOrganization,
  getOrganization,
  getUser,
  listOrganizations,
  listUsers,
  resendUserVerification,
  sendPasswordReset,
  setUserActive,
} from './admin.service.ts'

const pageOf = (request: FastifyRequest, query: { page: number; page_size: number }) => ({
  page: query.page,
  pageSize: query.page_size,
  path: request.url.split('?')[0] ?? request.url,
})

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['admin'], security: [{ bearer: [] }] } }

  serveEndpoint(app, ADMIN_ENDPOINTS.overview, docs, async (request) => adminOverview(ctx, actorOf(request)))

  serveEndpoint(app, ADMIN_ENDPOINTS.users, docs, async (request) => {
    const { search, role, organization_id, status, ordering } = request.query
    return listUsers(
      ctx,
      actorOf(request),
      { search, role, organization_id, status, ordering },
      pageOf(request, request.query),
    )
  })
  serveEndpoint(app, ADMIN_ENDPOINTS.user, docs, async (request) =>
    getUser(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, ADMIN_ENDPOINTS.changeRole, docs, async (request) =>
    changeRole(ctx, actorOf(request), request.params.id, request.body.role),
  )
  serveEndpoint(app, ADMIN_ENDPOINTS.changeGroups, docs, async (request) =>
    changeGroups(ctx, actorOf(request), request.params.id, request.body.groups),
  )
  for (const [endpoint, active] of [
    [ADMIN_ENDPOINTS.deactivateUser, false],
    [ADMIN_ENDPOINTS.reactivateUser, true],
  ] as const)
    serveEndpoint(app, endpoint, docs, async (request) =>
      setUserActive(ctx, actorOf(request), request.params.id, active),
    )
  serveEndpoint(app, ADMIN_ENDPOINTS.sendPasswordReset, docs, async (request) =>
    sendPasswordReset(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, ADMIN_ENDPOINTS.resendVerification, docs, async (request) =>
    resendUserVerification(ctx, actorOf(request), request.params.id),
  )

  serveEndpoint(app, ADMIN_ENDPOINTS.organizations, docs, async (request) =>
    listOrganizations(
      ctx,
      actorOf(request),
      { search: request.query.search },
      pageOf(request, request.query),
    ),
  )
  serveEndpoint(app, ADMIN_ENDPOINTS.createOrganization, docs, async (request, reply) =>
    reply.status(201).send(await createOrganization(ctx, actorOf(request), request.body)),
  )
  serveEndpoint(app, ADMIN_ENDPOINTS.organization, docs, async (request) =>
    getOrganization(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, ADMIN_ENDPOINTS.updateOrganization, docs, async (request) =>
    editOrganization(ctx, actorOf(request), request.params.id, request.body),
  )
}
