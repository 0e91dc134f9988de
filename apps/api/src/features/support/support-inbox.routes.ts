// The admin support inbox over HTTP. Every route is behind the admin guard; the service
// filters by the admin's scope (404 outside it).
import { SUPPORT_INBOX_ENDPOINTS } from '@blueconsent/contract/support'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import {
  assignSupportRequest,
  getSupportRequest,
  listSupportAdmins,
  listSupportInbox,
  replyToSupportRequest,
  setSupportRequestClosed,
} from './support-inbox.service.ts'

export async function supportInboxRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['admin', 'support'], security: [{ bearer: [] }] } }

  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.inbox, docs, async (request) => {
    const { status, assignee, page, page_size } = request.query
    return listSupportInbox(
      ctx,
      actorOf(request),
      { status, assignee },
      { page, pageSize: page_size, path: request.url.split('?')[0] ?? request.url },
    )
  })
  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.inboxAdmins, docs, async (request) =>
    listSupportAdmins(ctx, actorOf(request)),
  )
  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.inboxRequest, docs, async (request) =>
    getSupportRequest(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.assign, docs, async (request) =>
    assignSupportRequest(ctx, actorOf(request), request.params.id, request.body.assignee_id),
  )
  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.reply, docs, async (request) =>
    replyToSupportRequest(ctx, actorOf(request), request.params.id, request.body.body),
  )
  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.close, docs, async (request) =>
    setSupportRequestClosed(ctx, actorOf(request), request.params.id, true),
  )
  serveEndpoint(app, SUPPORT_INBOX_ENDPOINTS.reopen, docs, async (request) =>
    setSupportRequestClosed(ctx, actorOf(request), request.params.id, false),
  )
}
