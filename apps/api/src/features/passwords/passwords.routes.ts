// HTTP for password reset and change.
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_ENDPOINTS,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
} from '@blueconsent/contract/auth'
import type { FastifyInstance } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { changePassword, confirmPasswordReset, requestPasswordReset } from './passwords.service.ts'

const tags = ['auth']
// Per client IP, on top of the general limit: reset mail is a way to spam someone's inbox.
const RESET_RATE_LIMIT = { max: 5, timeWindow: 60_000 }

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app

  serveEndpoint(
    app,
    PASSWORD_ENDPOINTS.requestReset,
    { config: { rateLimit: RESET_RATE_LIMIT }, schema: { tags } },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email)
      return { detail: PASSWORD_RESET_SENT_MESSAGE }
    },
  )

  serveEndpoint(
    app,
    PASSWORD_ENDPOINTS.confirmReset,
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } }, schema: { tags } },
    async (request) => {
      await confirmPasswordReset(ctx, request.body)
      return { detail: PASSWORD_RESET_DONE_MESSAGE }
    },
  )

  serveEndpoint(
    app,
    PASSWORD_ENDPOINTS.change,
    { schema: { tags, security: [{ bearer: [] }] } },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      await changePassword(ctx, request.principal.userId, request.principal.sessionFamilyId, request.body)
      return { detail: PASSWORD_CHANGED_MESSAGE }
    },
  )
}
