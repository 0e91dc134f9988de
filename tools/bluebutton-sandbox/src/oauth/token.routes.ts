import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { applyFault } from '../faults/apply-fault.ts'
import type { SandboxContext } from '../context.ts'
import { routeBothSlashes } from '../http.ts'
import { API_VERSIONS } from '../versions.ts'
import type { SandboxClient } from '../options.ts'
import { authenticateClient, formBody, type FormBody } from './client-auth.ts'
import { inactiveApplicationMessage } from './messages.ts'
import { type Grant, opaqueToken, type TokenRecord } from './store.ts'

const RE_CONSENT = 'To refresh Medicare data, end user must re-authenticate and consent to share their data.'
const ONE_TIME_REFRESH = `Your application is not allowed to refresh tokens. ${RE_CONSENT} If your application needs to refresh tokens, contact us at BlueButtonAPI@cms.hhs.gov.`

type TokenReply = { status: number; body: Record<string, string | number> }
// The OAuth library's own errors are bare `{"error": …}`; Blue Button's checks add status_code.
const oauthError = (error: string, description?: string): TokenReply => ({
  status: 400,
  body: description ? { error, error_description: description } : { error },
})
const bbError = (status: number, error: string, description: string): TokenReply => ({
  status,
  body: { status_code: status, error, error_description: description },
})

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

function verifierMatches(verifier: string, challenge: string): boolean {
  return (
    VERIFIER.test(verifier) &&
    createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge
  )
}

// Blue Button prints the grant end as `YYYY-MM-DDTHH:MM:SSZ`.
const formatExpiration = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`

function issue(
  ctx: SandboxContext,
  client: SandboxClient,
  base: { username: string; patientId: string; scopes: readonly string[]; includePart2: boolean },
  grant: Grant,
): TokenReply {
  const now = ctx.nowMs()
  const lifetime = ctx.options.accessTokenLifetimeSeconds
  const record: TokenRecord = {
    accessToken: opaqueToken(),
    refreshToken: client.dataAccessType === 'ONE_TIME' ? null : opaqueToken(),
    clientId: client.clientId,
    username: base.username,
    patientId: base.patientId,
    scopes: base.scopes,
    includePart2: base.includePart2,
    accessExpiresAt: now + lifetime * 1000,
    accessRevoked: false,
    refreshSpent: false,
  }
  ctx.store.saveTokens(record)
  if (client.dataAccessType === 'ONE_TIME') grant.expiresAt = record.accessExpiresAt
  const body = {
    access_token: record.accessToken,
    token_type: 'Bearer',
    expires_in: lifetime,
    scope: base.scopes.join(' '),
    ...(record.refreshToken ? { refresh_token: record.refreshToken } : {}),
    ...(ctx.options.includePatientInTokenResponse ? { patient: base.patientId } : {}),
    access_grant_expiration: grant.expiresAt === null ? '' : formatExpiration(grant.expiresAt),
  }
  return { status: 200, body }
}

function exchangeCode(ctx: SandboxContext, client: SandboxClient, form: FormBody): TokenReply {
  if (!form['code']) return oauthError('invalid_request', 'Missing code parameter.')
  const code = ctx.store.code(form['code'])
  if (!code || code.used || code.clientId !== client.clientId || code.expiresAt <= ctx.nowMs())
    return oauthError('invalid_grant')
  if (form['redirect_uri'] !== code.redirectUri)
    return oauthError('invalid_request', 'Mismatching redirect URI.')
  if (!form['code_verifier']) return oauthError('invalid_request', 'Code verifier required.')
  code.used = true
  if (!verifierMatches(form['code_verifier'], code.codeChallenge)) return oauthError('invalid_grant')
  const grant = ctx.store.grant(client.clientId, code.patientId)
  if (!grant) return oauthError('invalid_grant')
  return issue(ctx, client, code, grant)
}

function refresh(ctx: SandboxContext, client: SandboxClient, form: FormBody): TokenReply {
  if (client.dataAccessType === 'ONE_TIME') return bbError(403, 'invalid_client', ONE_TIME_REFRESH)
  if (!form['refresh_token']) return oauthError('invalid_request', 'Missing refresh token parameter.')
  const previous = ctx.store.byRefresh(form['refresh_token'])
  if (!previous || previous.clientId !== client.clientId) return oauthError('invalid_grant')
  // Blue Button looks at the data access grant before the OAuth library checks the token itself,
  // so a revoked grant answers 403 and an expired one 401 even for an already-spent refresh token.
  const grant = ctx.store.grant(client.clientId, previous.patientId)
  if (!grant) return bbError(403, 'invalid_grant', `User access cannot be found. ${RE_CONSENT}`)
  if (grant.expiresAt !== null && grant.expiresAt <= ctx.nowMs())
    return bbError(401, 'invalid_grant', `User access has timed out. ${RE_CONSENT}`)
  if (previous.refreshSpent) return oauthError('invalid_grant')
  // Rotation: the old refresh token is spent and its access token revoked (django-oauth-toolkit).
  previous.refreshSpent = true
  previous.accessRevoked = true
  return issue(ctx, client, previous, grant)
}

async function handleToken(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
  const client = authenticateClient(request, ctx.options.clients)
  if (!client)
    return reply.code(401).header('www-authenticate', 'Basic realm="oauth"').send({ error: 'invalid_client' })
  const fault = ctx.faults.take(client.clientId, 'token')
  if (fault && (await applyFault(fault, reply, 'token'))) return reply
  if (!ctx.isActive(client.clientId))
    return reply.code(403).send(bbError(403, 'invalid_client', inactiveApplicationMessage(client.name)).body)
  const form = formBody(request)
  const result =
    form['grant_type'] === 'authorization_code'
      ? exchangeCode(ctx, client, form)
      : form['grant_type'] === 'refresh_token'
        ? refresh(ctx, client, form)
        : oauthError(
            form['grant_type'] ? 'unsupported_grant_type' : 'invalid_request',
            form['grant_type'] ? undefined : 'Missing grant type.',
          )
  return reply.code(result.status).send(result.body)
}

export function registerTokenRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  for (const v of API_VERSIONS)
    routeBothSlashes(app, 'POST', `/${v}/o/token/`, (request, reply) => handleToken(ctx, request, reply))
}
