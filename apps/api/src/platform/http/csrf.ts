// Double-submit CSRF: unsafe calls under /api/ echo the csrftoken cookie in X-CSRFToken.
// /o/token/ sits outside /api/ because integrators' servers call it with no browser cookies.
import { CSRF_COOKIE, CSRF_HEADER } from '@blueconsent/contract/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import { csrfCookieOptions } from '../lib/cookies.ts'
import { randomToken, safeEqual } from '../lib/crypto.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE'])

export const csrfFailed = (): AppError =>
  new AppError(403, 'csrf_failed', 'CSRF Failed: CSRF token missing or incorrect.')

/** The request's token, or a new one set on the reply. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const existing = request.cookies[CSRF_COOKIE]
  if (existing) return existing
  const fresh = randomToken()
  reply.setCookie(CSRF_COOKIE, fresh, csrfCookieOptions(publicUrl))
  // Later hooks in the same request see it too.
  request.cookies[CSRF_COOKIE] = fresh
  return fresh
}

export function registerCsrf(app: FastifyInstance): void {
  const header = CSRF_HEADER.toLowerCase()
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return
    if (!request.url.startsWith('/api/') || request.routeOptions.config.csrf === false) return
    const cookie = request.cookies[CSRF_COOKIE]
    const sent = request.headers[header]
    if (!cookie || typeof sent !== 'string' || !safeEqual(cookie, sent)) throw csrfFailed()
  })
  app.addHook('onSend', async (request, reply, payload) => {
    // Every response that lacks the cookie gets one, including the SPA's index.html.
    if (!request.cookies[CSRF_COOKIE]) ensureCsrfCookie(request, reply, app.ctx.config.publicUrl)
    return payload
  })
}
