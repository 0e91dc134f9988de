// The portal's own OAuth 2 server (/o/authorize/, /o/token/): authorization code + PKCE S256 only.
// The API's oauth feature serves it; the web app is its client.
import { z } from 'zod'

export const OAUTH_SCOPE = 'read write'
export const WEB_OAUTH_CLIENT_ID = 'blueconsent-web'
export const WEB_OAUTH_REDIRECT_PATH = '/app/oauth/callback'
/** The SPA page where a user allows or denies a third-party app (the authorize step sends them there). */
export const OAUTH_CONSENT_PATH = '/app/oauth/consent'

export const oauthAuthorizeQuerySchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().url().max(2000),
  scope: z.string().max(200).optional(),
  state: z.string().min(1).max(500),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
})
export type OAuthAuthorizeQuery = z.infer<typeof oauthAuthorizeQuerySchema>

export const oauthTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1).max(500),
    redirect_uri: z.string().max(2000),
    client_id: z.string().min(1).max(200),
    code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(500),
    client_id: z.string().min(1).max(200),
  }),
])
export type OAuthTokenRequest = z.infer<typeof oauthTokenRequestSchema>

export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().optional(),
  scope: z.string(),
})
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>

/** RFC 6749 §5.2 error body for /o/token/ and the authorize redirect. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() })
