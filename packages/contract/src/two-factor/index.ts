// Two-factor sign-in with TOTP (RFC 6238) and recovery codes, and the account's active sessions.
// Beyond the original portal, whose Security tab only promised a two-factor card 'coming soon'.
import { z } from 'zod'
import { loginResponseSchema } from '../auth/auth.ts'
import { detailSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const TWO_FACTOR = {
  issuer: 'BlueConsent',
  digits: 6,
  periodSeconds: 30,
  /** A code of the step before or after the current one is still accepted (clock drift). */
  toleranceSteps: 1,
  recoveryCodeCount: 10,
  challengeLifetimeSeconds: 5 * 60,
  /** Wrong codes in a row (across challenges) before two-factor sign-in locks. */
  maxFailedCodes: 5,
  lockoutSeconds: 15 * 60,
} as const

export const TWO_FACTOR_MESSAGES = {
  title: 'Two-factor authentication',
  codePrompt: 'Enter the 6-digit code from your authenticator app',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticator: 'Use your authenticator app instead',
  recoveryPrompt: 'Enter one of your recovery codes',
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  invalidRecoveryCode: 'That recovery code is not valid or has already been used.',
  codeFormat: 'Enter the 6 digits from your authenticator app',
  recoveryFormat: 'Enter a recovery code like abcde-23456',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  locked: 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes.',
  passwordIncorrect: 'Your current password is incorrect.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  noSetup: 'Start the set-up again: no authenticator is waiting for confirmation.',
  requiredCannotDisable: 'Your organization requires two-factor authentication, so it cannot be turned off.',
  enrolmentRequired:
    'Your organization requires two-factor authentication. Set up an authenticator app to continue.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  regenerated: 'New recovery codes generated. The old ones no longer work.',
  recoveryCodesOnce: 'Save these recovery codes now. Each works once, and they will not be shown again.',
  requirementOn: 'Two-factor authentication is now required for every member of your organization.',
  requirementOff: 'Two-factor authentication is no longer required for your organization.',
  loadFailed: 'Failed to load two-factor settings',
  actionFailed: 'Something went wrong. Please try again.',
  sessionsLoadFailed: 'Failed to load your sessions',
  otherSessionsSignedOut: 'Every other session has been signed out.',
  sessionSignedOut: 'That session has been signed out.',
} as const

/** Six digits; spaces a user typed ('123 456') are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat))

/** A recovery code: ten letters and digits, typed with or without the hyphen and in either case. */
export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((value) => normalizeRecoveryCode(value))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, TWO_FACTOR_MESSAGES.recoveryFormat))

/** 'ABCDE-23456 ' → 'abcde23456': what a recovery code is hashed and compared as. */
export const normalizeRecoveryCode = (value: string): string => value.toLowerCase().replace(/[\s-]+/g, '')

/** Either an authenticator code or a recovery code (disable, regenerate). */
export const anyCodeSchema = z
  .string()
  .max(40)
  .transform((value) => value.trim())
  .refine(
    (value) =>
      /^\d{6}$/.test(value.replace(/\s+/g, '')) || /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(value)),
    {
      message: TWO_FACTOR_MESSAGES.codeFormat,
    },
  )

const passwordField = z.string().min(1, 'Current password is required').max(256)
const challengeField = z.string().min(1).max(200)

export const twoFactorStateSchema = z.enum(['off', 'pending', 'on'])
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>

export const twoFactorStatusSchema = z.object({
  state: twoFactorStateSchema,
  /** The user's organisation requires two-factor for every member. */
  required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_remaining: z.number().int().min(0),
  /** Set while wrong codes have locked two-factor sign-in. */
  locked_until: z.string().nullable(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

export const twoFactorSetupRequestSchema = z.object({ password: passwordField })
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr_code: z.string(),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>

export const twoFactorConfirmSchema = z.object({ code: totpCodeSchema })
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>

/** Regenerate the recovery codes or turn two-factor off: the password and a code (authenticator or recovery). */
export const twoFactorReauthSchema = z.object({ password: passwordField, code: anyCodeSchema })
export type TwoFactorReauth = z.input<typeof twoFactorReauthSchema>

// ---- Sign-in --------------------------------------------------------------------------------------------

export const TWO_FACTOR_METHODS = ['totp', 'recovery_code'] as const

/** POST /api/jwt/login/ with a right password when the account has two-factor on: no tokens yet. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
})
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>

/** POST /api/jwt/login/ when the organisation requires two-factor and the user has not set it up yet. */
export const twoFactorEnrolmentChallengeSchema = z.object({
  two_factor_enrollment_required: z.literal(true),
  challenge: z.string(),
})
export type TwoFactorEnrolmentChallenge = z.infer<typeof twoFactorEnrolmentChallengeSchema>

/** Every answer of POST /api/jwt/login/ (200). */
export const loginAnswerSchema = z.union([
  loginResponseSchema,
  twoFactorChallengeSchema,
  twoFactorEnrolmentChallengeSchema,
])
export type LoginAnswer = z.infer<typeof loginAnswerSchema>

export const loginTwoFactorRequestSchema = z
  .object({
    challenge: challengeField,
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: 'Send either a code or a recovery code',
    path: ['code'],
  })
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>

export const loginEnrolmentSetupRequestSchema = z.object({ challenge: challengeField })
export const loginEnrolmentConfirmRequestSchema = z.object({
  challenge: challengeField,
  code: totpCodeSchema,
})

/** Enrolment at sign-in ends signed in, with the recovery codes to save. */
export const loginEnrolmentResponseSchema = loginResponseSchema.extend({
  recovery_codes: z.array(z.string()),
})
export type LoginEnrolmentResponse = z.infer<typeof loginEnrolmentResponseSchema>

// ---- The organisation's requirement ---------------------------------------------------------------------

export const organizationSecuritySchema = z.object({ require_two_factor: z.boolean() })
export type OrganizationSecurity = z.infer<typeof organizationSecuritySchema>

// ---- Active sessions ------------------------------------------------------------------------------------

export const activeSessionSchema = z.object({
  id: z.string(),
  /** 'Chrome on macOS', from the browser's user agent; 'Unknown device' without one. */
  device: z.string(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
})
export type ActiveSession = z.infer<typeof activeSessionSchema>

export const activeSessionListSchema = z.object({
  count: z.number().int(),
  results: z.array(activeSessionSchema),
})
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>

export const signedOutCountSchema = z.object({ signed_out: z.number().int() })

/** 'Mozilla/5.0 (Macintosh; …) … Chrome/…' → 'Chrome on macOS'. Good enough to recognise one's own devices. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device'
  const ua = userAgent
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  if (system) return `A browser on ${system}`
  return 'Unknown device'
}

const organizationParamsSchema = z.object({ orgId: z.string().max(200) })

/** The user's own two-factor and sessions, the second step of sign-in, and the organisation's requirement. */
export const TWO_FACTOR_ENDPOINTS = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/two-factor/',
    access: 'SIGNED_IN',
    answers: { 200: twoFactorStatusSchema },
  }),
  setup: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/setup/',
    access: 'SIGNED_IN',
    body: twoFactorSetupRequestSchema,
    answers: { 200: twoFactorSetupSchema },
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/confirm/',
    access: 'SIGNED_IN',
    body: twoFactorConfirmSchema,
    answers: { 200: recoveryCodesSchema },
  }),
  recoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/recovery-codes/',
    access: 'SIGNED_IN',
    body: twoFactorReauthSchema,
    answers: { 200: recoveryCodesSchema },
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/disable/',
    access: 'SIGNED_IN',
    body: twoFactorReauthSchema,
    answers: { 200: detailSchema },
  }),
  /** The second step of sign-in: the challenge the password step answered with, and a code. */
  login: defineEndpoint({
    method: 'POST',
    path: '/api/jwt/login/two-factor/',
    access: 'PUBLIC',
    body: loginTwoFactorRequestSchema,
    answers: { 200: loginResponseSchema },
  }),
  /** Enrolment during sign-in, when the organisation requires two-factor and the user has none yet. */
  loginSetup: defineEndpoint({
    method: 'POST',
    path: '/api/jwt/login/two-factor/setup/',
    access: 'PUBLIC',
    body: loginEnrolmentSetupRequestSchema,
    answers: { 200: twoFactorSetupSchema },
  }),
  loginConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/jwt/login/two-factor/confirm/',
    access: 'PUBLIC',
    body: loginEnrolmentConfirmRequestSchema,
    answers: { 200: loginEnrolmentResponseSchema },
  }),
  organizationSecurity: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:orgId/security/',
    access: 'ADMIN_ROLES',
    params: organizationParamsSchema,
    answers: { 200: organizationSecuritySchema },
  }),
  setOrganizationSecurity: defineEndpoint({
    method: 'PUT',
    path: '/api/organizations/:orgId/security/',
    access: 'ADMIN_ROLES',
    params: organizationParamsSchema,
    body: organizationSecuritySchema,
    answers: { 200: organizationSecuritySchema },
  }),
  /** The caller's own sessions only. */
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/sessions/',
    access: 'SIGNED_IN',
    answers: { 200: activeSessionListSchema },
  }),
  signOutOtherSessions: defineEndpoint({
    method: 'POST',
    path: '/api/sessions/sign-out-others/',
    access: 'SIGNED_IN',
    answers: { 200: signedOutCountSchema },
  }),
  signOutSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/sessions/:id/',
    access: 'SIGNED_IN',
    params: z.object({ id: z.string().max(100) }),
    answers: { 200: detailSchema },
  }),
}
