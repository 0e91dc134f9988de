// HTTP for sign-in, refresh, logout, verify and the CSRF cookie.
import {
  LOGGED_OUT_MESSAGE,
  REFRESH_COOKIE,
  csrfResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshResponseSchema,
  verifyResponseSchema,
} from '@blueconsent/contract/auth'
import { detailSchema } from '@blueconsent/contract/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import { refreshCookieOptions } from '../../lib/cookies.ts'
import { ensureCsrfCookie } from '../../plugins/csrf.ts'
import { login, logout, refresh, type IssuedSession } from './auth.service.ts'
import { sessionUserOf } from './session-user.ts'

const tags = ['auth']

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) =>
    reply.setCookie(
      REFRESH_COOKIE,
      session.refreshToken,
      refreshCookieOptions(ctx.config.publicUrl, session, ctx.clock()),
    )
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: '/',
      ...refreshCookieOptions(
        ctx.config.publicUrl,
        { rememberMe: false, familyCreatedAt: ctx.clock() },
        ctx.clock(),
      ),
    })

  routes.get(
    '/api/csrf/',
    { config: { access: 'public' }, schema: { tags, response: { 200: csrfResponseSchema } } },
    async (request, reply) => ({ csrftoken: ensureCsrfCookie(request, reply, ctx.config.publicUrl) }),
  )

  routes.post(
    '/api/jwt/login/',
    {
      config: { access: 'public' },
      schema: { tags, body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body, request.ip)
      setRefreshCookie(reply, result.session)
      return result.body
    },
  )

  routes.post(
    '/api/jwt/refresh/',
    { config: { access: 'public' }, schema: { tags, response: { 200: refreshResponseSchema } } },
    async (request, reply) => {
      try {
        const result = await refresh(ctx, request.cookies[REFRESH_COOKIE])
        setRefreshCookie(reply, result.session)
        return result.body
      } catch (error) {
        clearRefreshCookie(reply)
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
      clearRefreshCookie(reply)
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
}
