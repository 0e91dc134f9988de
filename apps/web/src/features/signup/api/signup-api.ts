// Sign-up's public calls.
import {
  checkEmailResultSchema,
  signupCreatedSchema,
  signupDetailSchema,
  verifyEmailResultSchema,
  type Signup,
  type VerifyEmailResult,
} from '@blueconsent/contract/signup'
import { apiClient } from '../../../lib/api-client.ts'

export const createAccount = (body: Signup) =>
  apiClient.post('/api/users/', body, { schema: signupCreatedSchema, public: true })

export const checkEmail = (email: string) =>
  apiClient.post('/api/users/check-email/', { email }, { schema: checkEmailResultSchema, public: true })

// One call per link: the link works once, so a page rendered twice (React's development double effects, a
// remount) shares the first answer instead of spending the link again and showing it as invalid.
const verifications = new Map<string, Promise<VerifyEmailResult>>()

export function verifyEmail(token: string): Promise<VerifyEmailResult> {
  let pending = verifications.get(token)
  if (!pending) {
    pending = apiClient
      .post('/api/users/verify-email/', { token }, { schema: verifyEmailResultSchema, public: true })
      .catch((error: unknown) => {
        verifications.delete(token)
        throw error
      })
    verifications.set(token, pending)
  }
  return pending
}

export const resendVerification = (email: string) =>
  apiClient.post('/api/users/resend-verification/', { email }, { schema: signupDetailSchema, public: true })
