// Sign-in and the session: the CSRF cookie, the password step of sign-in, refreshing the access token from
// the refresh cookie, who the token belongs to, and signing out. The login answer may instead ask for the
// second factor, so its schema lives with the two-factor calls. They are reached through the endpoint table
// (`ENDPOINTS['auth.login']`) rather than `@blueconsent/contract/auth`: the sign-in page imports that entry,
// and the two-factor schemas would then load with it.
import { detailSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { loginAnswerSchema } from '../two-factor/index.ts'
import {
  csrfResponseSchema,
  loginRequestSchema,
  refreshResponseSchema,
  verifyResponseSchema,
} from './auth.ts'

export const AUTH_ENDPOINTS = {
  /** Sets the `csrftoken` cookie (when missing) and answers its value. */
  csrf: defineEndpoint({
    method: 'GET',
    path: '/api/csrf/',
    access: 'PUBLIC',
    answers: { 200: csrfResponseSchema },
  }),
  /** The password step; a complete sign-in also sets the refresh cookie. */
  login: defineEndpoint({
    method: 'POST',
    path: '/api/jwt/login/',
    access: 'PUBLIC',
    body: loginRequestSchema,
    answers: { 200: loginAnswerSchema },
  }),
  /** A new access token from the refresh cookie, which is rotated (or cleared when refused). */
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/jwt/refresh/',
    access: 'PUBLIC',
    answers: { 200: refreshResponseSchema },
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/jwt/verify/',
    access: 'SIGNED_IN',
    answers: { 200: verifyResponseSchema },
  }),
  /** Public, so a client whose access token has lapsed can still end its session. */
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout/',
    access: 'PUBLIC',
    answers: { 200: detailSchema },
  }),
}
