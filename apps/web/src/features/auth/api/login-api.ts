import type { LoginRequest } from '@blueconsent/contract/auth'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'

/** The password step of sign-in; its answer may ask for the second factor. */
export const login = (body: LoginRequest) => callEndpoint('auth.login', { body })

/** A new link for an address that signed up but has not verified yet; the answer is the same either way. */
export const resendVerification = (email: string) =>
  callEndpointUnparsed('signup.resendVerification', { body: { email } }) as Promise<{ detail: string }>
