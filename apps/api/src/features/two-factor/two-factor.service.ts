// Two-factor rules shared by the account's settings and sign-in: checking a code (authenticator or recovery)
// with replay refusal and the lockout, issuing recovery codes, the security alert email and audit rows.
import {
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@blueconsent/contract/two-factor'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { writeAudit, writeAuditRow } from '../../platform/audit/index.ts'
import type { ClientInfo, UserRow } from '../../platform/identity/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.ts'
import { newTotpSecret, otpauthUri, qrCodeDataUrl, verifyTotp } from './totp.ts'
import {
  findOrganizationRequirement,
  recordFailedCode,
  replaceRecoveryCodes,
  resetFailures,
  savePendingEnrolment,
  useRecoveryCode,
  useStep,
  type EnrolmentRow,
} from './two-factor.repository.ts'
import { formatMoment } from '@blueconsent/contract/durations'

type AuditDetails = Record<string, string | number | boolean | null>

/** Writes one audit row about the user's own two-factor, in the caller's transaction. */
export type Auditor = (db: DbOrTx, action: string, details?: AuditDetails) => Promise<void>

/** A signed-in user acting on their own account. */
export const signedInAuditor =
  (ctx: AppContext, source: Actor): Auditor =>
  (db, action, details) =>
    writeAudit(db, source, {
      action,
      patientId: null,
      targetType: 'user',
      targetId: source.principal.userId,
      ...(details ? { details } : {}),
      at: ctx.clock(),
    })

/** Someone part-way through signing in as `user` (right password, no session yet). */
export type SignInSource = { client: ClientInfo; httpRequestId: string }

export const signInAuditor =
  (ctx: AppContext, user: UserRow, source: SignInSource): Auditor =>
  (db, action, details) =>
    writeAuditRow(db, {
      action,
      targetType: 'user',
      actorUserId: user.id,
      organizationId: user.organizationId,
      requestId: user.id,
      patientId: null,
      ipAddress: source.client.ip,
      httpRequestId: source.httpRequestId,
      ...(details ? { details } : {}),
      at: ctx.clock(),
    })

export async function organizationRequiresTwoFactor(db: DbOrTx, user: UserRow): Promise<boolean> {
  if (!user.organizationId) return false
  return (await findOrganizationRequirement(db, user.organizationId))?.requireTwoFactor ?? false
}

export function lockedError(lockedUntil: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000))
  return new AppError(429, 'locked_out', TWO_FACTOR_MESSAGES.locked, { 'Retry-After': String(seconds) })
}

/** Refuses at once while wrong codes have locked the user's two-factor. */
export function assertNotLocked(enrolment: EnrolmentRow, now: Date): void {
  if (enrolment.lockedUntil && enrolment.lockedUntil.getTime() > now.getTime())
    throw lockedError(enrolment.lockedUntil, now)
}

/** A new pending secret: what the authenticator app needs (QR and the secret for typing in). */
export async function startEnrolment(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  audit: Auditor,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret()
  await savePendingEnrolment(db, user.id, encrypt(ctx.keys, secret), ctx.clock())
  await audit(db, 'two_factor.setup')
  const uri = otpauthUri(secret, user.email)
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) }
}

export type Answer = { code?: string | undefined; recoveryCode?: string | undefined }
export type CheckOutcome =
  | { ok: true; method: 'totp' | 'recovery_code'; step: number | null }
  | { ok: false; locked: boolean; lockedUntil: Date | null }

/**
 * Checks an answer in the caller's transaction: an authenticator code within a step either way and newer
 * than the last one used, or an unused recovery code (used up here). A wrong answer counts towards the
 * lockout and is audited; the caller commits and then throws (`failureError`), so the count survives.
 */
export async function checkAnswer(
  ctx: AppContext,
  db: DbOrTx,
  enrolment: EnrolmentRow,
  answer: Answer,
  audit: Auditor,
): Promise<CheckOutcome> {
  const now = ctx.clock()
  if (answer.code !== undefined) {
    const secret = decrypt(ctx.keys, enrolment.secretEncrypted)
    const step = await verifyTotp(secret, answer.code, now, enrolment.lastUsedStep)
    // Enrolment's first code is recorded by enableEnrolment; afterwards each step is used once.
    if (step !== null && (enrolment.enabledAt === null || (await useStep(db, enrolment.userId, step))))
      return { ok: true, method: 'totp', step }
  } else if (answer.recoveryCode !== undefined && enrolment.enabledAt !== null) {
    if (await useRecoveryCode(db, enrolment.userId, hashRecoveryCode(ctx.keys, answer.recoveryCode), now)) {
      // A right recovery code clears the wrong-code count as a right authenticator code does.
      await resetFailures(db, enrolment.userId)
      await audit(db, 'two_factor.recovery_code_used')
      return { ok: true, method: 'recovery_code', step: null }
    }
  }
  const lockedUntil = new Date(now.getTime() + TWO_FACTOR.lockoutSeconds * 1000)
  const { locked } = await recordFailedCode(db, enrolment.userId, TWO_FACTOR.maxFailedCodes, lockedUntil)
  await audit(db, 'two_factor.code_failed', {
    method: answer.code !== undefined ? 'totp' : 'recovery_code',
  })
  if (locked) await audit(db, 'two_factor.locked', { locked_minutes: TWO_FACTOR.lockoutSeconds / 60 })
  return { ok: false, locked, lockedUntil: locked ? lockedUntil : null }
}

/** The error a failed check answers with, after its transaction committed. */
export function failureError(
  outcome: Extract<CheckOutcome, { ok: false }>,
  field: 'code' | 'recovery_code',
  now: Date,
): Error {
  if (outcome.locked && outcome.lockedUntil) return lockedError(outcome.lockedUntil, now)
  return fieldError(
    field,
    field === 'recovery_code' ? TWO_FACTOR_MESSAGES.invalidRecoveryCode : TWO_FACTOR_MESSAGES.invalidCode,
  )
}

/** Ten new recovery codes replace any old ones; the plain codes are returned once, to show. */
export async function issueRecoveryCodes(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
): Promise<RecoveryCodes> {
  const codes = generateRecoveryCodes()
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashRecoveryCode(ctx.keys, code)),
    ctx.clock(),
  )
  return { recovery_codes: codes }
}

const ALERTS = {
  enabled: {
    subject: 'Two-factor authentication is on for your BlueConsent account',
    line: 'Two-factor authentication was turned on for your BlueConsent account. Signing in now needs a code from your authenticator app (or one of your recovery codes) after your password.',
  },
  disabled: {
    subject: 'Two-factor authentication was turned off for your BlueConsent account',
    line: 'Two-factor authentication was turned off for your BlueConsent account. Signing in now needs only your password.',
  },
  recovery_code_used: {
    subject: 'A recovery code was used on your BlueConsent account',
    line: 'One of your two-factor recovery codes was just used on your BlueConsent account. It cannot be used again.',
  },
} as const

/**
 * A security alert about the account itself: always sent (the preference for optional security email does
 * not apply to these), through the outbox in the caller's transaction.
 */
export async function queueSecurityAlert(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  kind: keyof typeof ALERTS,
): Promise<void> {
  const alert = ALERTS[kind]
  const when = formatMoment(ctx.clock(), 'en')
  await queueEmail(ctx, db, {
    template: 'security-alert',
    to: user.email,
    subject: alert.subject,
    text: [
      `Hello ${user.firstName || 'there'},`,
      '',
      alert.line,
      '',
      `When: ${when}`,
      '',
      `If this was not you, change your password now at ${ctx.config.publicUrl}/app/account?tab=security and contact support.`,
    ].join('\n'),
  })
}
