// The signed-in user's own two-factor: state, set-up with the password, confirmation with a first code (which
// turns it on and issues recovery codes), new recovery codes and turning it off (password and a code; not
// while the organisation requires it). Each step is audited; on and off send a security alert.
import {
  TWO_FACTOR_MESSAGES,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@blueconsent/contract/two-factor'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notAuthenticated, permissionDenied } from '../../platform/errors.ts'
import { endAppGrants, userById, verifyPassword, type UserRow } from '../../platform/identity/index.ts'
import {
  countUnusedRecoveryCodes,
  deleteEnrolment,
  enableEnrolment,
  findEnrolment,
  type EnrolmentRow,
} from './two-factor.repository.ts'
import {
  assertNotLocked,
  checkAnswer,
  failureError,
  issueRecoveryCodes,
  organizationRequiresTwoFactor,
  queueSecurityAlert,
  signedInAuditor,
  startEnrolment,
  type Answer,
  type Auditor,
} from './two-factor.service.ts'

const conflict = (message: string): AppError => new AppError(409, 'conflict', message)

/** The caller's account, for a portal session only: integrators' OAuth tokens do not manage two-factor. */
async function callerOf(ctx: AppContext, source: Actor): Promise<UserRow> {
  if (source.principal.clientId) throw permissionDenied()
  const user = await userById(ctx.db, source.principal.userId)
  if (!user || !user.isActive) throw notAuthenticated()
  return user
}

async function checkPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw fieldError('password', TWO_FACTOR_MESSAGES.passwordIncorrect)
}

/** '123456' is an authenticator code; anything else is taken as a recovery code. */
const answerOf = (code: string): Answer =>
  /^\d{6}$/.test(code.replace(/\s+/g, '')) ? { code: code.replace(/\s+/g, '') } : { recoveryCode: code }

export async function twoFactorStatus(ctx: AppContext, source: Actor): Promise<TwoFactorStatus> {
  const user = await callerOf(ctx, source)
  const enrolment = await findEnrolment(ctx.db, user.id)
  const now = ctx.clock()
  const locked = enrolment?.lockedUntil && enrolment.lockedUntil > now ? enrolment.lockedUntil : null
  return {
    state: !enrolment ? 'off' : enrolment.enabledAt ? 'on' : 'pending',
    required: await organizationRequiresTwoFactor(ctx.db, user),
    enabled_at: enrolment?.enabledAt?.toISOString() ?? null,
    recovery_codes_remaining: enrolment?.enabledAt ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
    locked_until: locked ? locked.toISOString() : null,
  }
}

export async function setUpTwoFactor(
  ctx: AppContext,
  source: Actor,
  password: string,
): Promise<TwoFactorSetup> {
  const user = await callerOf(ctx, source)
  await checkPassword(user, password)
  if ((await findEnrolment(ctx.db, user.id))?.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn)
  return ctx.db.transaction((tx) => startEnrolment(ctx, tx, user, signedInAuditor(ctx, source)))
}

/** Confirms a pending enrolment with its first code, in one transaction with the codes and the alert. */
export async function confirmTwoFactor(ctx: AppContext, source: Actor, code: string): Promise<RecoveryCodes> {
  const user = await callerOf(ctx, source)
  const enrolment = await findEnrolment(ctx.db, user.id)
  if (!enrolment) throw conflict(TWO_FACTOR_MESSAGES.noSetup)
  if (enrolment.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn)
  return enableWithFirstCode(ctx, user, enrolment, code, signedInAuditor(ctx, source))
}

/** Shared with enrolment at sign-in: the first code turns two-factor on and issues the recovery codes. */
export async function enableWithFirstCode(
  ctx: AppContext,
  user: UserRow,
  enrolment: EnrolmentRow,
  code: string,
  audit: Auditor,
  onFailure?: (tx: DbOrTx) => Promise<void>,
): Promise<RecoveryCodes> {
  const now = ctx.clock()
  assertNotLocked(enrolment, now)
  const result = await ctx.db.transaction(async (tx) => {
    const outcome = await checkAnswer(ctx, tx, enrolment, { code }, audit)
    if (!outcome.ok) {
      await onFailure?.(tx)
      return outcome
    }
    if (outcome.step === null || !(await enableEnrolment(tx, user.id, outcome.step, now)))
      throw conflict(TWO_FACTOR_MESSAGES.noSetup)
    const codes = await issueRecoveryCodes(ctx, tx, user.id)
    await audit(tx, 'two_factor.enable')
    await queueSecurityAlert(ctx, tx, user, 'enabled')
    return codes
  })
  if ('ok' in result) throw failureError(result, 'code', now)
  return result
}

/** Password and a code, then `change` in the same transaction as the code's use. */
async function withReauth<T>(
  ctx: AppContext,
  source: Actor,
  input: { password: string; code: string },
  change: (tx: DbOrTx, user: UserRow) => Promise<T>,
  before?: (user: UserRow) => Promise<void>,
): Promise<T> {
  const user = await callerOf(ctx, source)
  const enrolment = await findEnrolment(ctx.db, user.id)
  if (!enrolment?.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn)
  await before?.(user)
  await checkPassword(user, input.password)
  const now = ctx.clock()
  assertNotLocked(enrolment, now)
  const audit = signedInAuditor(ctx, source)
  const result = await ctx.db.transaction(async (tx) => {
    const outcome = await checkAnswer(ctx, tx, enrolment, answerOf(input.code), audit)
    if (!outcome.ok) return { failed: outcome } as const
    return { failed: null, value: await change(tx, user) } as const
  })
  if (result.failed) throw failureError(result.failed, 'code', now)
  return result.value
}

export const regenerateRecoveryCodes = (
  ctx: AppContext,
  source: Actor,
  input: { password: string; code: string },
): Promise<RecoveryCodes> =>
  withReauth(ctx, source, input, async (tx, user) => {
    const codes = await issueRecoveryCodes(ctx, tx, user.id)
    await signedInAuditor(ctx, source)(tx, 'two_factor.recovery_codes_regenerate')
    return codes
  })

export const disableTwoFactor = (
  ctx: AppContext,
  source: Actor,
  input: { password: string; code: string },
): Promise<void> =>
  withReauth(
    ctx,
    source,
    input,
    async (tx, user) => {
      await deleteEnrolment(tx, user.id)
      // Apps were authorized behind the second factor; without it they must be authorized again.
      await endAppGrants(tx, user.id, ctx.clock())
      await signedInAuditor(ctx, source)(tx, 'two_factor.disable')
      await queueSecurityAlert(ctx, tx, user, 'disabled')
    },
    async (user) => {
      if (await organizationRequiresTwoFactor(ctx.db, user))
        throw new AppError(403, 'permission_denied', TWO_FACTOR_MESSAGES.requiredCannotDisable)
    },
  )
