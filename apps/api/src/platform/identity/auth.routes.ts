// HTTP for sign-in, refresh, logout, verify and the CSRF cookie.
import { LOGGED_OUT_MESSAGE, REFRESH_COOKIE } from '@blueconsent/contract/auth'
import { ENDPOINTS } from '@blueconsent/contract/endpoints'
import type { FastifyInstance } from 'fastify'
import { notAuthenticated } from '../errors.ts'
import { ensureCsrfCookie } from '../http/csrf.ts'
import { serveEndpoint } from '../http/endpoints.ts'
import { login, logout, recordRefusedLogin, refresh, type SecondFactorGate } from './auth.service.ts'
import { clearRefreshCookie, clientOf, setRefreshCookie } from './refresh-cookie.ts'
import { sessionRoutes } from './sessions.routes.ts'
import { sessionUserOf } from './session-user.ts'

const tags = ['auth']

/** `secondFactor` is required: no sign-in route exists without the two-factor check behind it. */
export type AuthRouteOptions = { secondFactor: SecondFactorGate }

export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { ctx } = app
  const { secondFactor } = options
  if (!secondFactor) throw new Error('authRoutes needs the second-factor gate')

  serveEndpoint(app, ENDPOINTS['auth.csrf'], { schema: { tags } }, async (request, reply) => ({
    csrftoken: ensureCsrfCookie(request, reply, ctx.config.publicUrl),
  }))

  serveEndpoint(
    app,
    ENDPOINTS['auth.login'],
    {
      schema: { tags },
      config: { onNullCharacter: (request) => recordRefusedLogin(ctx, request.body, clientOf(request)) },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body, clientOf(request), secondFactor)
      // A second factor still to come: no session yet, so no cookie.
      if (result.session) setRefreshCookie(ctx, reply, result.session)
      return result.body
    },
  )

  serveEndpoint(app, ENDPOINTS['auth.refresh'], { schema: { tags } }, async (request, reply) => {
    try {
      const result = await refresh(ctx, request.cookies[REFRESH_COOKIE], clientOf(request))
      setRefreshCookie(ctx, reply, result.session)
      return result.body
    } catch (error) {
      clearRefreshCookie(ctx, reply)
      throw error
    }
  })

  serveEndpoint(app, ENDPOINTS['auth.logout'], { schema: { tags } }, async (request, reply) => {
    await logout(ctx, request.cookies[REFRESH_COOKIE])
    clearRefreshCookie(ctx, reply)
    return { detail: LOGGED_OUT_MESSAGE }
  })

  serveEndpoint(
    app,
    ENDPOINTS['auth.verify'],
    { schema: { tags, security: [{ bearer: [] }] } },
    async (request) => {
      // The access hook has just read the account (user, organisation, TIN scope) in its one query.
      if (!request.account) throw notAuthenticated()
      const session = sessionUserOf(request.account)
      return { user: session.user, tin_scope: session.tinScope }
    },
  )

  await sessionRoutes(app)
}
