// The admin support inbox over HTTP: /api/admin/support/. Every route is behind the admin guard; the service
// filters by the admin's scope (404 outside it).
import {
  SUPPORT_INBOX_PATH,
  supportAdminListSchema,
  supportAssignSchema,
  supportInboxListSchema,
  supportInboxQuerySchema,
  supportReplySchema,
  supportRequestDetailSchema,
} from '@blueconsent/contract/support'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  assignSupportRequest,
  getSupportRequest,
  listSupportAdmins,
  listSupportInbox,
  replyToSupportRequest,
  setSupportRequestClosed,
} from './support-inbox.service.ts'

const ADMIN = { access: { admin: true } } as const
const idParams = z.object({ id: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function supportInboxRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['admin', 'support'], security: [{ bearer: [] }] }
  const detail = { 200: supportRequestDetailSchema }

  routes.get(
    SUPPORT_INBOX_PATH,
    {
      config: ADMIN,
      schema: { ...schema, querystring: supportInboxQuerySchema, response: { 200: supportInboxListSchema } },
    },
    async (request) => {
      const { status, assignee, page, page_size } = request.query
      return listSupportInbox(
        ctx,
        sourceOf(request),
        { status, assignee },
        { page, pageSize: page_size, path: request.url.split('?')[0] ?? request.url },
      )
    },
  )
  routes.get(
    `${SUPPORT_INBOX_PATH}admins/`,
    { config: ADMIN, schema: { ...schema, response: { 200: supportAdminListSchema } } },
    async (request) => listSupportAdmins(ctx, sourceOf(request)),
  )
  routes.get(
    `${SUPPORT_INBOX_PATH}:id/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: detail } },
    async (request) => getSupportRequest(ctx, sourceOf(request), request.params.id),
  )
  routes.post(
    `${SUPPORT_INBOX_PATH}:id/assign/`,
    { config: ADMIN, schema: { ...schema, params: idParams, body: supportAssignSchema, response: detail } },
    async (request) =>
      assignSupportRequest(ctx, sourceOf(request), request.params.id, request.body.assignee_id),
  )
  routes.post(
    `${SUPPORT_INBOX_PATH}:id/reply/`,
    { config: ADMIN, schema: { ...schema, params: idParams, body: supportReplySchema, response: detail } },
    async (request) => replyToSupportRequest(ctx, sourceOf(request), request.params.id, request.body.body),
  )
  routes.post(
    `${SUPPORT_INBOX_PATH}:id/close/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: detail } },
    async (request) => setSupportRequestClosed(ctx, sourceOf(request), request.params.id, true),
  )
  routes.post(
    `${SUPPORT_INBOX_PATH}:id/reopen/`,
    { config: ADMIN, schema: { ...schema, params: idParams, response: detail } },
    async (request) => setSupportRequestClosed(ctx, sourceOf(request), request.params.id, false),
  )
}
