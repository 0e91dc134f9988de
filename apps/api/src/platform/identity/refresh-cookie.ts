// The refresh cookie a finished sign-in sets: shared by the password sign-in and two-factor's second step.
import { REFRESH_COOKIE } from '@blueconsent/contract/auth'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.ts'
import { refreshCookieOptions } from '../lib/cookies.ts'
import type { ClientInfo, IssuedSession } from './auth.service.ts'

export const setRefreshCookie = (
  ctx: AppContext,
  reply: FastifyReply,
  session: IssuedSession,
): FastifyReply =>
  reply.setCookie(
    REFRESH_COOKIE,
    session.refreshToken,
    refreshCookieOptions(ctx.config.publicUrl, session, ctx.clock()),
  )

export const clearRefreshCookie = (ctx: AppContext, reply: FastifyReply): FastifyReply =>
  reply.clearCookie(REFRESH_COOKIE, {
    path: '/',
    ...refreshCookieOptions(
      ctx.config.publicUrl,
      { rememberMe: false, familyCreatedAt: ctx.clock() },
      ctx.clock(),
    ),
  })

/** The browser and address of a request, as the session list shows them (the user agent capped in length). */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
})
