// Password reset and change.
import { setTimeout as delay } from 'node:timers/promises'
import {
  OLD_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_RESET_INVALID_TOKEN_MESSAGE,
  type PasswordChange,
  type PasswordResetConfirm,
} from '@blueconsent/contract/auth'
import type { AppContext } from '../../platform/context.ts'
import { fieldError, notAuthenticated } from '../../platform/errors.ts'
import {
  hashNewPassword,
  replacePassword,
  userByEmail,
  userById,
  verifyPassword,
} from '../../platform/identity/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './reset-token.ts'

/**
 * Every reset request takes at least this long, so the response time says nothing about whether the
 * address has an account (hashing and queueing take a few milliseconds; this floor covers them).
 */
export const RESET_REQUEST_FLOOR_MS = 250

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await Promise.all([delay(RESET_REQUEST_FLOOR_MS), sendResetIfAccountExists(ctx, email)])
}

async function sendResetIfAccountExists(ctx: AppContext, email: string): Promise<void> {
  const user = await userByEmail(ctx.db, email)
  if (!user || !user.isActive) return
  const now = ctx.clock()
  const link = `${ctx.config.publicUrl}/app/password-reset/${encodeUid(user.id)}/${makeResetToken(ctx.keys.signing, user, now)}`
  const name = user.firstName || 'there'
  await ctx.db.transaction(async (tx) => {
    await queueEmail(ctx, tx, {
      template: 'password-reset',
      to: user.email,
      subject: 'Reset your BlueConsent password',
      text: [
        `Hello ${name},`,
        '',
        'Someone asked to reset the password for your BlueConsent account. To choose a new password, open this link:',
        '',
        link,
        '',
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays the same.',
      ].join('\n'),
    })
  })
}

export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirm): Promise<void> {
  const now = ctx.clock()
  const userId = decodeUid(input.uid)
  const user = userId ? await userById(ctx.db, userId) : undefined
  if (!user || !user.isActive || !checkResetToken(ctx.keys.verifying, user, input.token, now)) {
    throw fieldError('token', PASSWORD_RESET_INVALID_TOKEN_MESSAGE)
  }
  const passwordHash = await hashNewPassword(input.password, 'password', { email: user.email })
  await ctx.db.transaction(async (tx) => {
    // Whoever had the old password is signed out everywhere.
    await replacePassword(tx, user.id, passwordHash, now)
  })
}

export async function changePassword(
  ctx: AppContext,
  userId: string,
  currentSessionFamily: string | null,
  input: PasswordChange,
): Promise<void> {
  const user = await userById(ctx.db, userId)
  if (!user) throw notAuthenticated()
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw fieldError('old_password', OLD_PASSWORD_INCORRECT_MESSAGE)
  }
  const now = ctx.clock()
  const passwordHash = await hashNewPassword(input.new_password, 'new_password', { email: user.email })
  await ctx.db.transaction(async (tx) => {
    await replacePassword(tx, user.id, passwordHash, now, currentSessionFamily ?? undefined)
  })
}
