// The second step of sign-in, for the lazily loaded two-factor step only (so the login route's chunk stays
// what it was: nothing here is imported by the login page itself).
import { callEndpoint } from '@/lib/endpoints.ts'

/** A code or a recovery code for the challenge the password step answered with. */
export const loginWithSecondFactor = (body: { challenge: string; code?: string; recovery_code?: string }) =>
  callEndpoint('two-factor.login', { body })

/** Enrolment at sign-in (the organisation requires two-factor): the authenticator's secret and QR code. */
export const loginEnrolmentSetup = (challenge: string) =>
  callEndpoint('two-factor.loginSetup', { body: { challenge } })

/** Enrolment at sign-in: the first code turns two-factor on and signs in, with the recovery codes. */
export const loginEnrolmentConfirm = (challenge: string, code: string) =>
  callEndpoint('two-factor.loginConfirm', { body: { challenge, code } })
