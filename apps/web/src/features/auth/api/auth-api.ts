// Sign-in and password calls.
import {
  WEB_OAUTH_CLIENT_ID,
  oauthTokenResponseSchema,
  type PasswordChange,
  type PasswordResetConfirm,
} from '@blueconsent/contract/auth'
import { apiClient } from '@/lib/api-client.ts'
import { callEndpointUnparsed } from '@/lib/endpoints.ts'

// The forms say what happened in their own words: the answers are read for their status only.
export const requestPasswordReset = (email: string) =>
  callEndpointUnparsed('passwords.requestReset', { body: { email } })

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  callEndpointUnparsed('passwords.confirmReset', { body })

export const changePassword = (body: PasswordChange) => callEndpointUnparsed('passwords.change', { body })

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
