// Sign-in, session and password calls.
import { z } from 'zod'
import { organizationTypeSchema, permissionSchema, roleSchema } from '../shared/access.ts'
import { MESSAGES, passwordSchema } from '../shared/validators.ts'

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  organization_type: organizationTypeSchema,
})
export type Organization = z.infer<typeof organizationSchema>

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  organization: organizationSchema.nullable(),
  date_joined: z.string(),
  is_superuser: z.boolean(),
  is_demo: z.boolean(),
  groups: z.array(z.object({ name: z.string() })),
})
export type User = z.infer<typeof userSchema>

export const tinScopeSchema = z.object({
  tin_ids: z.array(z.string()),
  all_tins: z.boolean(),
  is_aco: z.boolean(),
})
export type TinScope = z.infer<typeof tinScopeSchema>

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.loginRequired).max(254),
  password: z.string().min(1, MESSAGES.loginRequired).max(256),
  /** Keeps the refresh cookie across browser restarts (up to the 12 h session cap); otherwise it is a session cookie. */
  remember_me: z.boolean().optional(),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const loginResponseSchema = z.object({
  access: z.string(),
  expires_in: z.number().int().positive(),
  user: userSchema,
  tin_scope: tinScopeSchema,
})
export type LoginResponse = z.infer<typeof loginResponseSchema>

export const refreshResponseSchema = z.object({ access: z.string(), expires_in: z.number().int().positive() })
export type RefreshResponse = z.infer<typeof refreshResponseSchema>

/** GET /api/csrf/: sets the `csrftoken` cookie that unsafe calls echo in `X-CSRFToken`. */
export const csrfResponseSchema = z.object({ csrftoken: z.string() })
export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'X-CSRFToken'
export const REFRESH_COOKIE = 'refresh_token'

/** GET /api/jwt/verify/: who the bearer token belongs to. */
export const verifyResponseSchema = z.object({ user: userSchema, tin_scope: tinScopeSchema })
export type VerifyResponse = z.infer<typeof verifyResponseSchema>

/** The claims inside the access token. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  organization_type: organizationTypeSchema.nullable(),
  tin_ids: z.array(z.string()),
  all_tins: z.boolean(),
  exp: z.number(),
})
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>

export const passwordResetRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value.includes('@'), MESSAGES.email),
})
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>

export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account with this email exists, a password reset link has been sent.'
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset successfully.'
export const PASSWORD_CHANGED_MESSAGE = 'Password updated successfully'

export const passwordResetConfirmSchema = z
  .object({
    uid: z.string().min(1, MESSAGES.required).max(200),
    token: z.string().min(1, MESSAGES.required).max(500),
    password: passwordSchema,
    password_confirm: z.string().max(256),
  })
  .refine((body) => body.password === body.password_confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['password_confirm'],
  })
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

export const passwordChangeSchema = z
  .object({
    old_password: z.string().min(1, MESSAGES.currentPasswordRequired).max(256),
    new_password: z.string().min(1, MESSAGES.newPasswordRequired).min(8, MESSAGES.passwordMinChange).max(256),
    new_password_confirm: z.string().max(256),
  })
  .refine((body) => body.new_password === body.new_password_confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['new_password_confirm'],
  })
export type PasswordChange = z.infer<typeof passwordChangeSchema>

// The portal's own OAuth 2 server (/o/authorize/, /o/token/): authorization code + PKCE S256 only.
export const OAUTH_SCOPE = 'read write'
export const WEB_OAUTH_CLIENT_ID = 'blueconsent-web'
export const WEB_OAUTH_REDIRECT_PATH = '/app/oauth/callback'

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

/** Server messages for the password flows (shown by the forms as field or general errors). */
export const PASSWORD_RESET_INVALID_TOKEN_MESSAGE = 'The reset link is invalid or has expired.'
export const OLD_PASSWORD_INCORRECT_MESSAGE = 'Your current password is incorrect.'
export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully'
