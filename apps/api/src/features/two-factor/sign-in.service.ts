// Two-factor at sign-in. After a right password the auth feature asks `twoFactorGate`: an account with
// two-factor on gets a challenge to answer with a code; an account whose organisation requires two-factor but
// which has none yet gets a challenge to enrol with. A challenge is random, stored hashed, lives 5 minutes,
// is used once and dies after 5 wrong answers. Only a right answer starts a session (auth's completeSignIn),
// so no path (the portal's login, /o/authorize/ behind it) has tokens without the second factor.
import {
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_METHODS,
  type LoginEnrolmentResponse,
  type TwoFactorSetup,
} from '@blueconsent/contract/two-factor'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { randomToken, sha256Hex } from '../../platform/lib/crypto.ts'
import {
  completeSignIn,
  userById,
  type SecondFactorGate,
  type SignIn,
  type UserRow,
} from '../../platform/identity/index.ts'
import { enableWithFirstCode } from './settings.service.ts'
import {
  countChallengeAttempt,
  endChallenge,
  findChallenge,
  findEnrolment,
  insertChallenge,
  type ChallengeRow,
} from './two-factor.repository.ts'
import {
  assertNotLocked,
  checkAnswer,
  failureError,
  organizationRequiresTwoFactor,
  queueSecurityAlert,
  signInAuditor,
  startEnrolment,
  type SignInSource,
} from './two-factor.service.ts'

const challengeInvalid = (): AppError =>
  new AppError(401, 'token_not_valid', TWO_FACTOR_MESSAGES.challengeExpired)

async function newChallenge(ctx: AppContext, user: UserRow, rememberMe: boolean): Promise<string> {
  const token = randomToken()
  const now = ctx.clock()
  await insertChallenge(ctx.db, {
    userId: user.id,
    tokenHash: sha256Hex(token),
    rememberMe,
    expiresAt: new Date(now.getTime() + TWO_FACTOR.challengeLifetimeSeconds * 1000),
    createdAt: now,
  })
  return token
}

/** Handed to the auth feature by app.ts: what a right password is answered with when a second factor is due. */
export const twoFactorGate: SecondFactorGate = {
  async afterPassword(ctx, user, attempt) {
    const enrolment = await findEnrolment(ctx.db, user.id)
    if (enrolment?.enabledAt) {
      return {
        two_factor_required: true,
        challenge: await newChallenge(ctx, user, attempt.rememberMe),
        methods: [...TWO_FACTOR_METHODS],
      }
    }
    if (await organizationRequiresTwoFactor(ctx.db, user)) {
      return {
        two_factor_enrollment_required: true,
        challenge: await newChallenge(ctx, user, attempt.rememberMe),
      }
    }
    return null
  },
}

/** The live challenge behind a token and its user (active, address verified), or 401. */
async function openChallenge(
  ctx: AppContext,
  token: string,
): Promise<{ challenge: ChallengeRow; user: UserRow }> {
  const challenge = await findChallenge(ctx.db, sha256Hex(token))
  const now = ctx.clock()
  if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime())
    throw challengeInvalid()
  if (challenge.attempts >= TWO_FACTOR.maxFailedCodes) throw challengeInvalid()
  const user = await userById(ctx.db, challenge.userId)
  if (!user || !user.isActive || !user.emailVerifiedAt) throw challengeInvalid()
  return { challenge, user }
}

/** A wrong answer to a challenge: counted, and the challenge dies at the limit. */
async function countWrongAnswer(ctx: AppContext, db: DbOrTx, challenge: ChallengeRow): Promise<void> {
  const attempts = await countChallengeAttempt(db, challenge.id)
  if (attempts >= TWO_FACTOR.maxFailedCodes) await endChallenge(db, challenge.id, ctx.clock())
}

/** POST /api/jwt/login/two-factor/: a code or a recovery code for a two-factor challenge; signs in. */
export async function signInWithCode(
  ctx: AppContext,
  input: { challenge: string; code?: string | undefined; recovery_code?: string | undefined },
  source: SignInSource,
): Promise<SignIn> {
  const { challenge, user } = await openChallenge(ctx, input.challenge)
  const enrolment = await findEnrolment(ctx.db, user.id)
  if (!enrolment?.enabledAt) throw challengeInvalid()
  const now = ctx.clock()
  assertNotLocked(enrolment, now)
  const audit = signInAuditor(ctx, user, source)
  const answer = input.code !== undefined ? { code: input.code } : { recoveryCode: input.recovery_code }
  const result = await ctx.db.transaction(async (tx) => {
    const outcome = await checkAnswer(ctx, tx, enrolment, answer, audit)
    if (!outcome.ok) {
      await countWrongAnswer(ctx, tx, challenge)
      // The lockout also ends this sign-in: a new one needs the password again.
      if (outcome.locked) await endChallenge(tx, challenge.id, now)
      return outcome
    }
    if (!(await endChallenge(tx, challenge.id, now))) return 'used' as const
    if (outcome.method === 'recovery_code') await queueSecurityAlert(ctx, tx, user, 'recovery_code_used')
    return outcome
  })
  if (result === 'used') throw challengeInvalid()
  if (!result.ok) throw failureError(result, input.code !== undefined ? 'code' : 'recovery_code', now)
  return completeSignIn(ctx, user, challenge.rememberMe, source.client)
}

/** The challenge of an enrolment the organisation requires (the user has no two-factor on yet). */
async function openEnrolmentChallenge(ctx: AppContext, token: string) {
  const opened = await openChallenge(ctx, token)
  if ((await findEnrolment(ctx.db, opened.user.id))?.enabledAt) throw challengeInvalid()
  return opened
}

/** POST /api/jwt/login/two-factor/setup/: a secret and QR code for the user signing in. */
export async function enrolmentSetUp(
  ctx: AppContext,
  input: { challenge: string },
  source: SignInSource,
): Promise<TwoFactorSetup> {
  const { user } = await openEnrolmentChallenge(ctx, input.challenge)
  return ctx.db.transaction((tx) => startEnrolment(ctx, tx, user, signInAuditor(ctx, user, source)))
}

/** POST /api/jwt/login/two-factor/confirm/: the first code turns two-factor on and finishes the sign-in. */
export async function enrolmentConfirm(
  ctx: AppContext,
  input: { challenge: string; code: string },
  source: SignInSource,
): Promise<SignIn & { body: LoginEnrolmentResponse }> {
  const { challenge, user } = await openEnrolmentChallenge(ctx, input.challenge)
  const enrolment = await findEnrolment(ctx.db, user.id)
  if (!enrolment) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.noSetup)
  const codes = await enableWithFirstCode(
    ctx,
    user,
    enrolment,
    input.code,
    signInAuditor(ctx, user, source),
    (tx) => countWrongAnswer(ctx, tx, challenge),
  )
  if (!(await endChallenge(ctx.db, challenge.id, ctx.clock()))) throw challengeInvalid()
  const signIn = await completeSignIn(ctx, user, challenge.rememberMe, source.client)
  return { ...signIn, body: { ...signIn.body, recovery_codes: codes.recovery_codes } }
}
