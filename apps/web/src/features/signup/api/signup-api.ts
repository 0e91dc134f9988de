// Sign-up's public calls.
import type { Signup, VerifyEmailResult } from '@blueconsent/contract/signup'
import { callEndpoint } from '@/lib/endpoints.ts'

export const createAccount = (body: Signup) => callEndpoint('signup.signUp', { body, public: true })

export const checkEmail = (email: string) =>
  callEndpoint('signup.checkEmail', { body: { email }, public: true })

// One call per link: the link works once, so a page rendered twice (React's development double effects, a
// remount) shares the first answer instead of spending the link again and showing it as invalid.
const verifications = new Map<string, Promise<VerifyEmailResult>>()

export function verifyEmail(token: string): Promise<VerifyEmailResult> {
  let pending = verifications.get(token)
  if (!pending) {
    pending = callEndpoint('signup.verifyEmail', { body: { token }, public: true }).catch(
      (error: unknown) => {
        verifications.delete(token)
        throw error
      },
    )
    verifications.set(token, pending)
  }
  return pending
}

export const resendVerification = (email: string) =>
  callEndpoint('signup.resendVerification', { body: { email }, public: true })
