// Sign-in and session calls: login, refresh, CSRF, token verification, logout.
import { z } from 'zod'
import { organizationTypeSchema, permissionSchema, roleSchema } from '../shared/access.ts'
import { MESSAGES } from '../shared/validators.ts'

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

export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully'
