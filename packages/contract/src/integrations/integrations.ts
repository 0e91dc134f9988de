// Third-party apps on the portal's OAuth server: an organisation's admins register them, a user consents
// to one, and every user lists and revokes the apps they authorized.
import { z } from 'zod'
import { oauthAuthorizeQuerySchema } from '../auth/oauth.ts'
import { idSchema, isoDateTimeSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const INTEGRATION_LIMITS = { nameMax: 100, redirectUrisMax: 10, redirectUriMax: 2000 } as const

export const INTEGRATION_MESSAGES = {
  redirectUriInvalid:
    'Each redirect URI must be an absolute https:// address without a fragment (http:// only for localhost, 127.0.0.1 or [::1]).',
  appNotFound: 'Not found.',
  organizationRequired: 'Choose the organization the app belongs to.',
  consentInvalid: 'This authorization request is invalid or has expired. Return to the app and try again.',
  otherOrganization: 'This app belongs to another organization. Only its members can authorize it.',
  thirdPartyToken: 'An app cannot manage apps or answer a consent request.',
  secretOnce: 'Copy the secret now: it is shown only once.',
} as const

/** What each scope lets an app do, as the consent screen says it. */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  read: 'Read the data you can see in the portal, including patients, authorizations and Medicare records',
  write: 'Create and change data on your behalf, such as authorization requests and notes',
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or http on a loopback host only (RFC 9700: no clear-text redirects off this machine); no fragment. */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '') return false
  if (url.protocol === 'https:') return url.hostname !== ''
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

export const redirectUriSchema = z
  .string()
  .trim()
  .min(1)
  .max(INTEGRATION_LIMITS.redirectUriMax)
  .refine(isAllowedRedirectUri, INTEGRATION_MESSAGES.redirectUriInvalid)

export const integrationAppCreateSchema = z.object({
  name: z.string().trim().min(1).max(INTEGRATION_LIMITS.nameMax),
  redirect_uris: z.array(redirectUriSchema).min(1).max(INTEGRATION_LIMITS.redirectUrisMax),
  /** A platform administrator names the organisation; an organisation admin's apps are always their own. */
  organization_id: idSchema.optional(),
})
export type IntegrationAppCreate = z.infer<typeof integrationAppCreateSchema>

export const integrationAppSchema = z.object({
  id: idSchema,
  client_id: z.string(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  organization: z.object({ id: idSchema, name: z.string() }),
  created_at: isoDateTimeSchema,
})
export type IntegrationApp = z.infer<typeof integrationAppSchema>

export const integrationAppListSchema = z.object({ results: z.array(integrationAppSchema) })
export type IntegrationAppList = z.infer<typeof integrationAppListSchema>

export const integrationAppListQuerySchema = z.object({ organization_id: idSchema.optional() })

/** The client's credentials: the secret appears in this answer only. */
export const integrationAppCredentialsSchema = z.object({
  id: idSchema,
  client_id: z.string(),
  client_secret: z.string(),
})
export type IntegrationAppCredentials = z.infer<typeof integrationAppCredentialsSchema>

export const authorizedAppSchema = z.object({
  grant_id: idSchema,
  app_name: z.string(),
  organization_name: z.string(),
  scopes: z.array(z.string()),
  authorized_at: isoDateTimeSchema,
  last_used_at: isoDateTimeSchema,
})
export type AuthorizedApp = z.infer<typeof authorizedAppSchema>

export const authorizedAppListSchema = z.object({ results: z.array(authorizedAppSchema) })
export type AuthorizedAppList = z.infer<typeof authorizedAppListSchema>

/** The authorization request the consent screen shows, as /o/authorize/ received it. */
export const consentRequestSchema = oauthAuthorizeQuerySchema
export type ConsentRequest = z.infer<typeof consentRequestSchema>

export const consentDetailsSchema = z.object({
  app_name: z.string(),
  organization_name: z.string(),
  redirect_uri: z.string(),
  scopes: z.array(z.object({ scope: z.string(), description: z.string() })),
})
export type ConsentDetails = z.infer<typeof consentDetailsSchema>

export const consentDecisionSchema = consentRequestSchema.extend({
  decision: z.enum(['allow', 'deny']),
})
export type ConsentDecision = z.infer<typeof consentDecisionSchema>

/** Where the browser goes next: the app's redirect URI with a code, or with error=access_denied. */
export const consentOutcomeSchema = z.object({ redirect_to: z.string() })
export type ConsentOutcome = z.infer<typeof consentOutcomeSchema>

/**
 * The consent page's two calls, made with the portal's own session (the decision, an unsafe method under
 * /api/, carries the CSRF double submit).
 */
export const OAUTH_CONSENT_ENDPOINTS = {
  /** What the page shows for an authorization request: the app, its organization, its scopes. */
  consentDetails: defineEndpoint({
    method: 'GET',
    path: '/api/oauth/consent/',
    access: 'SIGNED_IN',
    query: consentRequestSchema,
    answers: { 200: consentDetailsSchema },
  }),
  /** Allow or deny: answers where the browser goes next. */
  decideConsent: defineEndpoint({
    method: 'POST',
    path: '/api/oauth/consent/',
    access: 'SIGNED_IN',
    body: consentDecisionSchema,
    answers: { 200: consentOutcomeSchema },
  }),
}

/** An app's or a grant's id: anything but a UUID is refused before any lookup. */
export const integrationIdParamsSchema = z.object({ id: z.string().uuid() })

/**
 * An organisation's third-party apps, for its admins and the platform's; the apps the signed-in user
 * authorized, for everyone (their own only).
 */
export const INTEGRATION_ENDPOINTS = {
  apps: defineEndpoint({
    method: 'GET',
    path: '/api/integrations/apps/',
    access: 'ADMIN_ROLES',
    query: integrationAppListQuerySchema,
    answers: { 200: integrationAppListSchema },
  }),
  /** The answer carries the app's client secret, shown this once. */
  registerApp: defineEndpoint({
    method: 'POST',
    path: '/api/integrations/apps/',
    access: 'ADMIN_ROLES',
    body: integrationAppCreateSchema,
    answers: { 201: integrationAppCredentialsSchema },
  }),
  /** A new client secret, shown this once; the old one stops working at once. */
  rotateAppSecret: defineEndpoint({
    method: 'POST',
    path: '/api/integrations/apps/:id/rotate-secret/',
    access: 'ADMIN_ROLES',
    params: integrationIdParamsSchema,
    answers: { 200: integrationAppCredentialsSchema },
  }),
  /** Deletes the app and revokes every grant and token users gave it (answers 204). */
  deleteApp: defineEndpoint({
    method: 'DELETE',
    path: '/api/integrations/apps/:id/',
    access: 'ADMIN_ROLES',
    params: integrationIdParamsSchema,
  }),
  authorizedApps: defineEndpoint({
    method: 'GET',
    path: '/api/integrations/authorized-apps/',
    access: 'SIGNED_IN',
    answers: { 200: authorizedAppListSchema },
  }),
  /** Revokes an app the user authorized (answers 204): its tokens fail on the next request. */
  revokeAuthorizedApp: defineEndpoint({
    method: 'DELETE',
    path: '/api/integrations/authorized-apps/:id/',
    access: 'SIGNED_IN',
    params: integrationIdParamsSchema,
  }),
}
