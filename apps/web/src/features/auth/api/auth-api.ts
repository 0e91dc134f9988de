// Sign-in and password calls.
import {
  WEB_OAUTH_CLIENT_ID,
  oauthTokenResponseSchema,
  type PasswordChange,
  type PasswordResetConfirm,
} from '@blueconsent/contract/auth'
import { apiClient } from '../../../lib/api-client.ts'

export const requestPasswordReset = (email: string) => apiClient.post('/api/users/password-reset/', { email })

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  apiClient.post('/api/users/password-reset-confirm/', body)

export const changePassword = (body: PasswordChange) => apiClient.post('/api/users/password-change/', body)

/** The portal's own OAuth token endpoint: form-encoded authorization-code grant with the PKCE verifier. */
export const exchangeOAuthCode = (input: { code: string; codeVerifier: string; redirectUri: string }) =>
  apiClient.post(
    '/o/token/',
    new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: WEB_OAUTH_CLIENT_ID,
      code_verifier: input.codeVerifier,
    }),
    { schema: oauthTokenResponseSchema },
  )
