// HTTP for sign-in, refresh, logout, verify and the CSRF cookie.
import {
  LOGGED_OUT_MESSAGE,
  REFRESH_COOKIE,
  csrfResponseSchema,
  loginRequestSchema,
  refreshResponseSchema,
  verifyResponseSchema,
} from '@blueconsent/contract/auth'
import { detailSchema } from '@blueconsent/contract/shared'
import { loginAnswerSchema } from '@blueconsent/contract/two-factor'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../errors.ts'
import { ensureCsrfCookie } from '../http/csrf.ts'
import { login, logout, recordRefusedLogin, refresh, type SecondFactorGate } from './auth.service.ts'
import { clearRefreshCookie, clientOf, setRefreshCookie } from './refresh-cookie.ts'
import { sessionRoutes } from './sessions.routes.ts'
import { sessionUserOf } from './session-user.ts'

const tags = ['auth']

/** `secondFactor` is required: no sign-in route exists without the two-factor check behind it. */
export type AuthRouteOptions = { secondFactor: SecondFactorGate }

export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const { secondFactor } = options
  if (!secondFactor) throw new Error('authRoutes needs the second-factor gate')

  routes.get(
    '/api/csrf/',
    { config: { access: 'public' }, schema: { tags, response: { 200: csrfResponseSchema } } },
    async (request, reply) => ({ csrftoken: ensureCsrfCookie(request, reply, ctx.config.publicUrl) }),
  )

  routes.post(
    '/api/jwt/login/',
    {
      config: {
        access: 'public',
        onNullCharacter: (request) => recordRefusedLogin(ctx, request.body, clientOf(request)),
      },
      schema: { tags, body: loginRequestSchema, response: { 200: loginAnswerSchema } },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body, clientOf(request), secondFactor)
      // A second factor still to come: no session yet, so no cookie.
      if (result.session) setRefreshCookie(ctx, reply, result.session)
      return result.body
    },
  )

  routes.post(
    '/api/jwt/refresh/',
    { config: { access: 'public' }, schema: { tags, response: { 200: refreshResponseSchema } } },
    async (request, reply) => {
      try {
        const result = await refresh(ctx, request.cookies[REFRESH_COOKIE], clientOf(request))
        setRefreshCookie(ctx, reply, result.session)
        return result.body
      } catch (error) {
        clearRefreshCookie(ctx, reply)
        throw error
      }
    },
  )

  routes.post(
    '/api/logout/',
    // Public so a client whose access token has lapsed can still end its session.
    { config: { access: 'public' }, schema: { tags, response: { 200: detailSchema } } },
    async (request, reply) => {
      await logout(ctx, request.cookies[REFRESH_COOKIE])
      clearRefreshCookie(ctx, reply)
      return { detail: LOGGED_OUT_MESSAGE }
    },
  )

  routes.get(
    '/api/jwt/verify/',
    {
      config: { access: {} },
      schema: { tags, security: [{ bearer: [] }], response: { 200: verifyResponseSchema } },
    },
    async (request) => {
      // The access hook has just read the account (user, organisation, TIN scope) in its one query.
      if (!request.account) throw notAuthenticated()
      const session = sessionUserOf(request.account)
      return { user: session.user, tin_scope: session.tinScope }
    },
  )

  await sessionRoutes(app)
}
