// The admin area's HTTP face: /api/admin/overview/, users and organisations. Every route is behind the admin
// guard; the service filters by the admin's scope (404 outside it).
import {
  adminActionResultSchema,
  adminGroupsUpdateSchema,
  adminOrganizationCreateSchema,
  adminOrganizationListQuerySchema,
  adminOrganizationListSchema,
  adminOrganizationSchema,
  adminOrganizationUpdateSchema,
  adminOverviewSchema,
  adminRoleUpdateSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
} from '@blueconsent/contract/admin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
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

const ADMIN = { access: { admin: true } } as const
const idParams = z.object({ id: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

const pageOf = (request: FastifyRequest, query: { page: number; page_size: number }) => ({
  page: query.page,
  pageSize: query.page_size,
  path: request.url.split('?')[0] ?? request.url,
})

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['admin'], security: [{ bearer: [] }] }
  const users = '/api/admin/users/'
  const organizations = '/api/admin/organizations/'

  routes.get(
    '/api/admin/overview/',
    { config: ADMIN, schema: { ...schema, response: { 200: adminOverviewSchema } } },
    async (request) => adminOverview(ctx, sourceOf(request)),
  )

  routes.get(
    users,
    {
      config: ADMIN,
      schema: { ...schema, querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema } },
    },
    async (request) => {
      const { search, role, organization_id, status, ordering } = request.query
      return listUsers(
        ctx,
        sourceOf(request),
        { search, role, organization_id, status, ordering },
        pageOf(request, request.query),
      )
    },
  )
  routes.get(
    `${users}:id/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: { 200: adminUserDetailSchema } } },
    async (request) => getUser(ctx, sourceOf(request), request.params.id),
  )
  routes.patch(
    `${users}:id/role/`,
    {
      config: ADMIN,
      schema: {
        ...schema,
        params: idParams,
        body: adminRoleUpdateSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => changeRole(ctx, sourceOf(request), request.params.id, request.body.role),
  )
  routes.put(
    `${users}:id/groups/`,
    {
      config: ADMIN,
      schema: {
        ...schema,
        params: idParams,
        body: adminGroupsUpdateSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => changeGroups(ctx, sourceOf(request), request.params.id, request.body.groups),
  )
  for (const [path, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const)
    routes.post(
      `${users}:id/${path}/`,
      { config: ADMIN, schema: { ...schema, params: idParams, response: { 200: adminUserDetailSchema } } },
      async (request) => setUserActive(ctx, sourceOf(request), request.params.id, active),
    )
  routes.post(
    `${users}:id/send-password-reset/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: { 200: adminActionResultSchema } } },
    async (request) => sendPasswordReset(ctx, sourceOf(request), request.params.id),
  )
  routes.post(
    `${users}:id/resend-verification/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: { 200: adminActionResultSchema } } },
    async (request) => resendUserVerification(ctx, sourceOf(request), request.params.id),
  )

  routes.get(
    organizations,
    {
      config: ADMIN,
      schema: {
        ...schema,
        querystring: adminOrganizationListQuerySchema,
        response: { 200: adminOrganizationListSchema },
      },
    },
    async (request) =>
      listOrganizations(
        ctx,
        sourceOf(request),
        { search: request.query.search },
        pageOf(request, request.query),
      ),
  )
  routes.post(
    organizations,
    {
      config: ADMIN,
      schema: { ...schema, body: adminOrganizationCreateSchema, response: { 201: adminOrganizationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrganization(ctx, sourceOf(request), request.body)),
  )
  routes.get(
    `${organizations}:id/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: { 200: adminOrganizationSchema } } },
    async (request) => getOrganization(ctx, sourceOf(request), request.params.id),
  )
  routes.patch(
    `${organizations}:id/`,
    {
      config: ADMIN,
      schema: {
        ...schema,
        params: idParams,
        body: adminOrganizationUpdateSchema,
        response: { 200: adminOrganizationSchema },
      },
    },
    async (request) => editOrganization(ctx, sourceOf(request), request.params.id, request.body),
  )
}
