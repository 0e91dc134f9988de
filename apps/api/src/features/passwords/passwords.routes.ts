// HTTP for password reset and change.
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@blueconsent/contract/auth'
import { detailSchema } from '@blueconsent/contract/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import { changePassword, confirmPasswordReset, requestPasswordReset } from './passwords.service.ts'

const tags = ['auth']
// Per client IP, on top of the general limit: reset mail is a way to spam someone's inbox.
const RESET_RATE_LIMIT = { max: 5, timeWindow: 60_000 }

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app

  routes.post(
    '/api/users/password-reset/',
    {
      config: { access: 'public', rateLimit: RESET_RATE_LIMIT },
      schema: { tags, body: passwordResetRequestSchema, response: { 200: detailSchema } },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email)
      return { detail: PASSWORD_RESET_SENT_MESSAGE }
    },
  )

  routes.post(
    '/api/users/password-reset-confirm/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags, body: passwordResetConfirmSchema, response: { 200: detailSchema } },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body)
      return { detail: PASSWORD_RESET_DONE_MESSAGE }
    },
  )

  routes.post(
    '/api/users/password-change/',
    {
      config: { access: {} },
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: passwordChangeSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      await changePassword(ctx, request.principal.userId, request.principal.sessionFamilyId, request.body)
      return { detail: PASSWORD_CHANGED_MESSAGE }
    },
  )
}
