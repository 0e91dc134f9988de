// Self-service sign-up: an insurance agency, a physician practice or an ACO creates its organisation and its
// first administrator in one step, then verifies the email address before the first sign-in.
import { z } from 'zod'
import { loginResponseSchema } from '../auth/auth.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { US_STATES } from '../shared/us-states.ts'
import { MESSAGES, passwordSchema } from '../shared/validators.ts'

export const SIGNUP_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  organizationRequired: 'Organization name is required',
  passwordRequired: 'Password is required',
  npi: 'An NPI is 10 digits and must pass the NPI check digit',
  npn: 'An NPN is 1 to 10 digits',
  licenseState: 'Choose the state that issued your license',
  practiceType: 'Choose physician group or FQHC',
  checkEmail: 'Check your email: we sent a link to verify your address. It works for 24 hours.',
  verified: 'Your email address is verified. You can sign in now.',
  verifiedSignedIn: 'Your email address is verified. Welcome to BlueConsent.',
  invalidLink: 'This verification link is invalid or has expired',
  notVerified: 'Please verify your email address before signing in. We sent you a link when you signed up.',
  resent: 'If that address has an account waiting for verification, we sent it a new link.',
  failed: 'Sign-up failed. Please try again.',
} as const

export const SIGNUP_KINDS = ['agent', 'physician', 'aco'] as const
export type SignupKind = (typeof SIGNUP_KINDS)[number]

/**
 * The NPI check digit: Luhn over the ten digits prefixed with 80840 (the health industry's issuer
 * prefix), as CMS specifies.
 */
export function isValidNpi(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false
  const digits = `80840${value}`.split('').map(Number)
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    const fromRight = digits.length - 1 - index
    let digit = digits[index] ?? 0
    if (fromRight % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

const STATE_CODES = US_STATES.map((state) => state.code) as [string, ...string[]]

/** A text field left empty arrives as nothing at all: it gets the field's own message, never zod's default. */
const text = (message: string) => z.string({ error: message })

const common = {
  first_name: text(SIGNUP_MESSAGES.firstNameRequired)
    .trim()
    .min(1, SIGNUP_MESSAGES.firstNameRequired)
    .max(150),
  last_name: text(SIGNUP_MESSAGES.lastNameRequired).trim().min(1, SIGNUP_MESSAGES.lastNameRequired).max(150),
  email: text(SIGNUP_MESSAGES.emailInvalid)
    .trim()
    .max(254)
    .pipe(z.email(SIGNUP_MESSAGES.emailInvalid))
    .transform((email) => email.toLowerCase()),
  password: text(SIGNUP_MESSAGES.passwordRequired)
    .min(1, SIGNUP_MESSAGES.passwordRequired)
    .pipe(passwordSchema),
  password_confirm: text(MESSAGES.passwordsDoNotMatch).max(256),
  organization_name: text(SIGNUP_MESSAGES.organizationRequired)
    .trim()
    .min(1, SIGNUP_MESSAGES.organizationRequired)
    .max(200),
}

export const signupSchema = z
  .discriminatedUnion('account_type', [
    z.object({
      account_type: z.literal('agent'),
      ...common,
      npn: text(SIGNUP_MESSAGES.npn)
        .trim()
        .regex(/^\d{1,10}$/, SIGNUP_MESSAGES.npn),
      license_state: z.enum(STATE_CODES, SIGNUP_MESSAGES.licenseState),
    }),
    z.object({
      account_type: z.literal('physician'),
      ...common,
      organization_type: z.enum(['PHYSICIAN_GROUP', 'FQHC'], SIGNUP_MESSAGES.practiceType),
      npi: text(SIGNUP_MESSAGES.npi).trim().refine(isValidNpi, SIGNUP_MESSAGES.npi),
    }),
    z.object({ account_type: z.literal('aco'), ...common }),
  ])
  .refine((body) => body.password === body.password_confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['password_confirm'],
  })
export type Signup = z.input<typeof signupSchema>
export type SignupParsed = z.output<typeof signupSchema>

export const signupCreatedSchema = z.object({ detail: z.string(), email: z.string() })
export const checkEmailSchema = z.object({ email: z.string().trim().max(254) })
export const checkEmailResultSchema = z.object({ available: z.boolean() })
export const verifyEmailSchema = z.object({ token: z.string().min(1).max(300) })
export const resendVerificationSchema = z.object({ email: z.string().trim().max(254) })
export const signupDetailSchema = z.object({ detail: z.string() })
/** The verification link followed: the address is verified and, when the link is recent, a session starts. */
export const verifyEmailResultSchema = z.object({
  detail: z.string(),
  session: loginResponseSchema.nullable(),
})
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>

/** Public by nature; the server limits each per client address. */
export const SIGNUP_ENDPOINTS = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/users/',
    access: 'PUBLIC',
    body: signupSchema,
    answers: { 201: signupCreatedSchema },
  }),
  checkEmail: defineEndpoint({
    method: 'POST',
    path: '/api/users/check-email/',
    access: 'PUBLIC',
    body: checkEmailSchema,
    answers: { 200: checkEmailResultSchema },
  }),
  /** A recent link also signs in (the refresh cookie is set and the session answered). */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/api/users/verify-email/',
    access: 'PUBLIC',
    body: verifyEmailSchema,
    answers: { 200: verifyEmailResultSchema },
  }),
  /** The same answer whether or not the address waits for verification. */
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/api/users/resend-verification/',
    access: 'PUBLIC',
    body: resendVerificationSchema,
    answers: { 200: signupDetailSchema },
  }),
  /** Another name for resendVerification that older clients call. */
  sendVerification: defineEndpoint({
    method: 'POST',
    path: '/api/users/send-verification/',
    access: 'PUBLIC',
    body: resendVerificationSchema,
    answers: { 200: signupDetailSchema },
  }),
}
