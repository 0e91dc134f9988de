// Invitations over HTTP. Managing them is for the admin roles; checking and accepting a link is public (the
// random token is the credential), as is the only thing those calls reveal: the invited address and role.
import {
  invitationAcceptSchema,
  invitationAcceptedSchema,
  invitationBulkSchema,
  invitationListSchema,
  invitationResendSchema,
  invitationSchema,
  invitationSendSchema,
  invitationSentSchema,
  invitationBulkResultSchema,
  invitationVerifySchema,
  organizationOptionsSchema,
  tinCatalogSchema,
} from '@blueconsent/contract/invitations'
import { ADMIN_ROLES } from '@blueconsent/contract/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  acceptInvitation,
  listInvitations,
  organizationList,
  resendInvitation,
  revokeInvitation,
  sendBulkInvitations,
  sendInvitation,
  tinCatalog,
  verifyInvitation,
} from './invitations.service.ts'

const ADMINS = { access: { roles: ADMIN_ROLES } } as const
const PUBLIC = { access: 'public' } as const
const idParams = z.object({ id: z.string().max(200) })
const tokenParams = z.object({ token: z.string().max(300) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['invitations'], security: [{ bearer: [] }] }

  routes.get(
    '/api/invitations/',
    { config: ADMINS, schema: { ...schema, response: { 200: invitationListSchema } } },
    async (request) => listInvitations(ctx, sourceOf(request)),
  )
  routes.post(
    '/api/users/invitations/send/',
    {
      config: ADMINS,
      schema: { ...schema, body: invitationSendSchema, response: { 201: invitationSentSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await sendInvitation(ctx, sourceOf(request), request.body)),
  )
  routes.post(
    '/api/users/invitations/bulk/',
    {
      config: ADMINS,
      schema: { ...schema, body: invitationBulkSchema, response: { 200: invitationBulkResultSchema } },
    },
    async (request) => sendBulkInvitations(ctx, sourceOf(request), request.body),
  )
  routes.post(
    '/api/users/invitations/:id/resend/',
    {
      config: ADMINS,
      schema: {
        ...schema,
        params: idParams,
        body: invitationResendSchema.optional(),
        response: { 200: invitationSchema },
      },
    },
    async (request) => resendInvitation(ctx, sourceOf(request), request.params.id),
  )
  routes.delete(
    '/api/invitations/:id/',
    { config: ADMINS, schema: { ...schema, params: idParams } },
    async (request, reply) => {
      await revokeInvitation(ctx, sourceOf(request), request.params.id)
      return reply.status(204).send()
    },
  )
  routes.get(
    '/api/invitations/tins/',
    {
      config: ADMINS,
      schema: {
        ...schema,
        querystring: z.looseObject({ organization_id: z.string().uuid().optional() }),
        response: { 200: tinCatalogSchema },
      },
    },
    async (request) => tinCatalog(ctx, sourceOf(request), request.query.organization_id),
  )
  routes.get(
    '/api/organizations/',
    { config: ADMINS, schema: { ...schema, response: { 200: organizationOptionsSchema } } },
    async (request) => organizationList(ctx, sourceOf(request)),
  )
  routes.get(
    '/api/users/invitations/verify/:token/',
    {
      config: PUBLIC,
      schema: { tags: ['invitations'], params: tokenParams, response: { 200: invitationVerifySchema } },
    },
    async (request) => verifyInvitation(ctx, request.params.token),
  )
  routes.post(
    '/api/users/invitations/accept/:token/',
    {
      config: PUBLIC,
      schema: {
        tags: ['invitations'],
        params: tokenParams,
        body: invitationAcceptSchema,
        response: { 201: invitationAcceptedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await acceptInvitation(ctx, request.params.token, request.body)),
  )
}
