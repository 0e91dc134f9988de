import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context.ts'
import { queryParams, routeBothSlashes, sendHtml, withQuery } from '../http.ts'
import type { SandboxClient } from '../options.ts'
import { formBody, type FormBody } from './client-auth.ts'
import { inactiveApplicationMessage } from './messages.ts'
import { type AccessSummary, consentPage, errorPage, type Lang, loginPage, SANDBOX_CSS } from './pages.ts'
import {
  allRegistered,
  defaultScopes,
  grantsResource,
  hasUsableScope,
  isDemographic,
  parseScope,
} from './scopes.ts'
import type { PendingAuthorization } from './store.ts'
import { API_VERSIONS, type ApiVersion } from '../versions.ts'

const PENDING_LIFETIME_MS = 10 * 60 * 1000
const PASSWORD_FOR = (username: string): string => `PW${username.slice(-5)}!`

type Rejection = { status: number; body: Record<string, string | number> }
const message = (status: number, text: string): Rejection => ({
  status,
  body: { status_code: status, message: text },
})
const invalidRequest = (text: string): Rejection => ({
  status: 400,
  body: { status_code: 400, error: 'invalid_request', error_description: text },
})

function languageOf(params: FormBody, request: FastifyRequest): Lang {
  if (params['lang'] === 'es' || params['lang'] === 'en') return params['lang']
  return request.headers['accept-language']?.toLowerCase().startsWith('es') ? 'es' : 'en'
}

// Blue Button's checks, in the order its AuthorizationView applies them.
function validate(
  params: FormBody,
  clients: readonly SandboxClient[],
  isActive: (clientId: string) => boolean,
): Rejection | { client: SandboxClient } {
  if (params['client_secret'] !== undefined)
    return message(400, 'Illegal query parameter [client_secret] detected')
  const state = params['state']
  if (state === undefined || state === '') return message(400, 'Missing Required Parameter(s): state')
  if (state.length < 16) return message(400, 'State parameter should have a minimum of 16 characters')
  const clientId = params['client_id']
  if (!clientId) return invalidRequest('Missing client_id parameter.')
  const client = clients.find((c) => c.clientId === clientId)
  if (!client) return invalidRequest('Invalid client_id parameter value.')
  if (!isActive(client.clientId)) return message(403, inactiveApplicationMessage(client.name))
  const redirectUri = params['redirect_uri']
  if (!redirectUri) return invalidRequest('Missing redirect URI.')
  if (!client.redirectUris.includes(redirectUri)) return invalidRequest('Mismatching redirect URI.')
  return { client }
}

function pkceRejection(params: FormBody): Rejection | undefined {
  if (!params['code_challenge']) return invalidRequest('Code challenge required.')
  if (params['code_challenge_method'] !== 'S256') return invalidRequest('code_challenge_method must be S256')
  return undefined
}

async function startAuthorization(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  params: FormBody,
  version: ApiVersion,
): Promise<FastifyReply> {
  const checked = validate(params, ctx.options.clients, ctx.isActive)
  if ('status' in checked) return reply.code(checked.status).send(checked.body)
  const redirectUri = params['redirect_uri'] ?? ''
  const state = params['state'] ?? ''
  // Once client and redirect URI are trusted, OAuth errors go back to the app (RFC 6749 §4.1.2.1).
  if (params['response_type'] !== 'code') {
    const error = params['response_type'] ? 'unsupported_response_type' : 'invalid_request'
    return reply.redirect(withQuery(redirectUri, { error, state }), 302)
  }
  const pkce = pkceRejection(params)
  if (pkce) return reply.code(pkce.status).send(pkce.body)
  const pending = ctx.store.createPending({
    clientId: checked.client.clientId,
    redirectUri,
    state,
    codeChallenge: params['code_challenge'] ?? '',
    requestedScopes: parseScope(params['scope']),
    lang: languageOf(params, request),
    expiresAt: ctx.nowMs() + PENDING_LIFETIME_MS,
    version,
  })
  return reply.redirect(withQuery(ctx.url('/mymedicare/login'), { auth_request: pending.id }), 302)
}

function livePending(ctx: SandboxContext, id: string | undefined): PendingAuthorization | undefined {
  const pending = id ? ctx.store.pending(id) : undefined
  return pending && pending.expiresAt > ctx.nowMs() ? pending : undefined
}

const CSS_PATH = '/mymedicare/static/sandbox.css'

const expiredPage = (ctx: SandboxContext, reply: FastifyReply): FastifyReply =>
  sendHtml(reply, 400, errorPage('en', 'expired', ctx.url(CSS_PATH)))

function registerLogin(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(CSS_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
  )
  app.get('/mymedicare/login', async (request, reply) => {
    const pending = livePending(ctx, queryParams(request)['auth_request'])
    if (!pending) return expiredPage(ctx, reply)
    return sendHtml(
      reply,
      200,
      loginPage({
        cssHref: ctx.url(CSS_PATH),
        lang: pending.lang,
        action: ctx.url('/mymedicare/login'),
        authRequest: pending.id,
      }),
    )
  })

  app.post('/mymedicare/login', async (request, reply) => {
    const form = formBody(request)
    const pending = livePending(ctx, form['auth_request'])
    if (!pending) return expiredPage(ctx, reply)
    const username = (form['username'] ?? '').trim()
    if (!/^BBUser\d{5}$/.test(username) || form['password'] !== PASSWORD_FOR(username)) {
      const page = loginPage({
        cssHref: ctx.url(CSS_PATH),
        lang: pending.lang,
        action: ctx.url('/mymedicare/login'),
        authRequest: pending.id,
        failed: true,
        username,
      })
      return sendHtml(reply, 401, page)
    }
    const beneficiary = ctx.registry.findByUsername(username)
    if (!beneficiary) {
      // Blue Button's own page when Medicare.gov knows the login but BFD has no record: no redirect.
      ctx.store.dropPending(pending.id)
      return sendHtml(reply, 404, errorPage(pending.lang, 'noRecord', ctx.url(CSS_PATH)))
    }
    pending.username = username
    pending.patientId = beneficiary.patientId
    return reply.redirect(ctx.url(`/${pending.version}/o/authorize/${pending.id}/`), 302)
  })
}

function accessSummary(ctx: SandboxContext, client: SandboxClient): AccessSummary {
  if (client.dataAccessType !== 'THIRTEEN_MONTH') return { type: client.dataAccessType }
  return { type: 'THIRTEEN_MONTH', until: new Date(addMonths(ctx.nowMs(), 13)).toISOString() }
}

export function addMonths(ms: number, months: number): number {
  const d = new Date(ms)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.getTime()
}

// The enrollee's Part 2 answer: only v3 asks, and Blue Button's form posts "True" or "False".
function sharesPart2(version: ApiVersion, form: FormBody): boolean {
  if (version !== 'v3') return true
  const value = (form['share_samhsa_data'] ?? '').toLowerCase()
  return value === 'true' || value === 'on'
}

function consentRoutes(app: FastifyInstance, ctx: SandboxContext, v: ApiVersion): void {
  const load = (
    request: FastifyRequest,
  ): { pending: PendingAuthorization; client: SandboxClient } | undefined => {
    const pending = livePending(ctx, (request.params as { id?: string }).id)
    const client = ctx.options.clients.find((c) => c.clientId === pending?.clientId)
    return pending?.username && client && pending.version === v ? { pending, client } : undefined
  }

  routeBothSlashes(app, 'GET', `/${v}/o/authorize/:id/`, async (request, reply) => {
    const found = load(request)
    if (!found) return expiredPage(ctx, reply)
    const { pending, client } = found
    const scopes = pending.requestedScopes ?? defaultScopes(client)
    if (!allRegistered(client, scopes))
      return reply.code(400).send({ status_code: 400, message: 'Invalid scopes.' })
    const beneficiary = ctx.registry.findByUsername(pending.username ?? '')
    return sendHtml(
      reply,
      200,
      consentPage({
        cssHref: ctx.url(CSS_PATH),
        lang: pending.lang,
        action: ctx.url(`/${v}/o/authorize/${pending.id}/`),
        appName: client.name,
        beneficiaryName: beneficiary
          ? `${beneficiary.name.given} ${beneficiary.name.family}`
          : (pending.username ?? ''),
        access: accessSummary(ctx, client),
        showDemographicsChoice: client.collectsDemographics && scopes.some(isDemographic),
        showPart2Choice: v === 'v3' && grantsResource(scopes, 'ExplanationOfBenefit'),
        resources: {
          claims: grantsResource(scopes, 'ExplanationOfBenefit'),
          coverage: grantsResource(scopes, 'Coverage'),
        },
      }),
    )
  })

  routeBothSlashes(app, 'POST', `/${v}/o/authorize/:id/`, async (request, reply) => {
    const found = load(request)
    if (!found) return expiredPage(ctx, reply)
    const { pending, client } = found
    const form = formBody(request)
    ctx.store.dropPending(pending.id)
    const requested = pending.requestedScopes ?? defaultScopes(client)
    if (!allRegistered(client, requested))
      return reply.code(400).send({ status_code: 400, message: 'Invalid scopes.' })
    const share = form['share_demographic_scopes'] === 'true' || form['share_demographic_scopes'] === 'on'
    const scopes = share ? requested : requested.filter((s) => !isDemographic(s))
    if (form['allow'] === undefined || !hasUsableScope(scopes)) {
      return reply.redirect(
        withQuery(pending.redirectUri, { error: 'access_denied', state: pending.state }),
        302,
      )
    }
    return reply.redirect(
      withQuery(pending.redirectUri, {
        code: consent(ctx, client, pending, scopes, sharesPart2(v, form)),
        state: pending.state,
      }),
      302,
    )
  })
}

// Allow: (re)create the grant, which revokes the pair's older tokens and restarts the 13-month clock.
function consent(
  ctx: SandboxContext,
  client: SandboxClient,
  pending: PendingAuthorization,
  scopes: readonly string[],
  includePart2: boolean,
): string {
  const patientId = pending.patientId ?? ''
  const now = ctx.nowMs()
  ctx.store.revokePair(client.clientId, patientId)
  ctx.store.putGrant({
    clientId: client.clientId,
    patientId,
    createdAt: now,
    expiresAt:
      client.dataAccessType === 'THIRTEEN_MONTH'
        ? addMonths(now, 13)
        : client.dataAccessType === 'ONE_TIME'
          ? now + ctx.options.accessTokenLifetimeSeconds * 1000
          : null,
  })
  return ctx.store.saveCode({
    clientId: client.clientId,
    redirectUri: pending.redirectUri,
    codeChallenge: pending.codeChallenge,
    scopes,
    username: pending.username ?? '',
    patientId,
    includePart2,
    expiresAt: now + ctx.options.authorizationCodeLifetimeSeconds * 1000,
  }).code
}

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  for (const v of API_VERSIONS) {
    routeBothSlashes(app, 'GET', `/${v}/o/authorize/`, async (request, reply) =>
      startAuthorization(ctx, request, reply, queryParams(request), v),
    )
    routeBothSlashes(app, 'POST', `/${v}/o/authorize/`, async (request, reply) => {
      const body = formBody(request)
      if (!body['state'])
        return reply.code(401).send({ status_code: 401, message: 'State required in POST body.' })
      return startAuthorization(ctx, request, reply, { ...queryParams(request), ...body }, v)
    })
    consentRoutes(app, ctx, v)
  }
  registerLogin(app, ctx)
}
