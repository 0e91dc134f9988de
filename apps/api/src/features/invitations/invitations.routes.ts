// Invitations over HTTP. Managing them is for the admin roles; checking and accepting a link is public (the
// random token is the credential), as is the only thing those calls reveal: the invited address and role.
import { INVITATION_ENDPOINTS } from '@blueconsent/contract/invitations'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf, clientOf, setRefreshCookie, type SecondFactorGate } from '../../platform/identity/index.ts'
import {
  acceptInvitationAndSignIn,
  listInvitations,
  organizationList,
  resendInvitation,
  revokeInvitation,
  sendBulkInvitations,
  sendInvitation,
  tinCatalog,
  verifyInvitation,
} from './invitations.service.ts'

/** Accepting signs the new member in, so the second-factor gate comes with it (app.ts passes it in). */
export type InvitationRouteOptions = { secondFactor: SecondFactorGate }

export async function invitationRoutes(app: FastifyInstance, options: InvitationRouteOptions): Promise<void> {
  const { secondFactor } = options
  if (!secondFactor) throw new Error('invitationRoutes needs the second-factor gate')
  const { ctx } = app
  const docs = { schema: { tags: ['invitations'], security: [{ bearer: [] }] } }
  const publicDocs = { schema: { tags: ['invitations'] } }
  const E = INVITATION_ENDPOINTS

  serveEndpoint(app, E.list, docs, async (request) => listInvitations(ctx, actorOf(request)))
  serveEndpoint(app, E.send, docs, async (request, reply) =>
    reply.status(201).send(await sendInvitation(ctx, actorOf(request), request.body)),
  )
  serveEndpoint(app, E.sendBulk, docs, async (request) =>
    sendBulkInvitations(ctx, actorOf(request), request.body),
  )
  serveEndpoint(app, E.resend, docs, async (request) =>
    resendInvitation(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, E.revoke, docs, async (request, reply) => {
    await revokeInvitation(ctx, actorOf(request), request.params.id)
    return reply.status(204).send()
  })
  serveEndpoint(app, E.tins, docs, async (request) =>
    tinCatalog(ctx, actorOf(request), request.query.organization_id),
  )
  serveEndpoint(app, E.organizations, docs, async (request) => organizationList(ctx, actorOf(request)))
  serveEndpoint(app, E.verify, publicDocs, async (request) => verifyInvitation(ctx, request.params.token))
  serveEndpoint(app, E.accept, publicDocs, async (request, reply) => {
    const accepted = await acceptInvitationAndSignIn(
      ctx,
      request.params.token,
      request.body,
      clientOf(request),
      secondFactor,
    )
    if (accepted.session) setRefreshCookie(ctx, reply, accepted.session)
    return reply.status(201).send(accepted.body)
  })
}
