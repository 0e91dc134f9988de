// /o/authorize/ and /o/token/, and the consent page's calls. The /o/ routes keep their own paths outside the
// API's endpoint table: OAuth clients post forms to them and read RFC 6749 errors ({error,
// error_description}) rather than the API envelope.
import { REFRESH_COOKIE, oauthErrorSchema, oauthTokenResponseSchema } from '@blueconsent/contract/auth'
import { OAUTH_CONSENT_ENDPOINTS } from '@blueconsent/contract/integrations'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf } from '../../platform/identity/index.ts'
import { authorize, consentDetails, decideConsent, exchangeToken } from './oauth.service.ts'

const tags = ['oauth']

function basicAuth(request: FastifyRequest): { clientId: string; secret: string } | null {
  const header = request.headers.authorization
  if (!header?.toLowerCase().startsWith('basic ')) return null
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const separator = decoded.indexOf(':')
  if (separator < 0) return null
  return {
    clientId: decodeURIComponent(decoded.slice(0, separator)),
    secret: decodeURIComponent(decoded.slice(separator + 1)),
  }
}

export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app

  routes.get(
    '/o/authorize/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Authorization code request (response_type=code, client_id, redirect_uri, scope, state, code_challenge, code_challenge_method=S256). Signs in through the portal session cookie.',
        response: { 400: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await authorize(
        ctx,
        request.query as Record<string, unknown>,
        request.url,
        request.cookies[REFRESH_COOKIE],
      )
      if (outcome.kind === 'error') return reply.status(400).send(outcome.body)
      return reply.redirect(outcome.location, 302)
    },
  )

  routes.post(
    '/o/token/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'Token endpoint: grant_type=authorization_code (with code_verifier) or refresh_token.',
        response: { 200: oauthTokenResponseSchema, 400: oauthErrorSchema, 401: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await exchangeToken(ctx, { body: request.body, basicAuth: basicAuth(request) })
      if (outcome.status === 401) reply.header('www-authenticate', 'Basic realm="oauth"')
      return reply.status(outcome.status).send(outcome.body)
    },
  )

  // The consent page's two calls: signed in with the portal's own session, and the decision is an unsafe
  // method under /api/, so the CSRF double submit guards it.
  const consentDocs = { tags, security: [{ bearer: [] }] }
  serveEndpoint(
    app,
    OAUTH_CONSENT_ENDPOINTS.consentDetails,
    {
      schema: {
        ...consentDocs,
        description:
          'What the consent page shows for an authorization request: the app, its organization, its scopes.',
      },
    },
    async (request) => consentDetails(ctx, actorOf(request).principal, request.query),
  )
  serveEndpoint(
    app,
    OAUTH_CONSENT_ENDPOINTS.decideConsent,
    {
      schema: {
        ...consentDocs,
        description:
          'The user allows or denies the app: answers where the browser goes next, the redirect URI with a code or with error=access_denied.',
      },
    },
    async (request) => decideConsent(ctx, actorOf(request), request.body),
  )
}
