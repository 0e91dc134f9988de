// Sign-up: the organisation and its first administrator in one transaction (an agency's AGENT_ADMIN, a
// practice's PHYSICIAN_ADMIN, an ACO's ACO_ADMIN), then a verification email; the account signs in once
// the link is followed. Answers about addresses say no more than whether one is free.
import { setTimeout as delay } from 'node:timers/promises'
import { SIGNUP_MESSAGES, type SignupParsed, type VerifyEmailResult } from '@blueconsent/contract/signup'
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError } from '../../platform/errors.ts'
import {
  completeSignIn,
  createAccount,
  createOrganization,
  hashNewPassword,
  mayHoldSession,
  userByEmail,
  userById,
  verifyEmail,
  type ClientInfo,
  type SecondFactorGate,
  type SignIn,
  type UserRow,
} from '../../platform/identity/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import { checkVerifyToken, makeVerifyToken, verifyTokenIssuedAt, verifyTokenUserId } from './verify-token.ts'

/** Resend takes at least this long whatever happened, so its timing says nothing about the address. */
export const RESEND_FLOOR_MS = 250

const FIRST_ADMIN: Record<SignupParsed['account_type'], Role> = {
  agent: 'AGENT_ADMIN',
  physician: 'PHYSICIAN_ADMIN',
  aco: 'ACO_ADMIN',
}

function organizationTypeOf(input: SignupParsed): OrganizationType {
  if (input.account_type === 'agent') return 'INSURANCE_AGENCY'
  if (input.account_type === 'physician') return input.organization_type
  return 'ACO'
}

function identifiersOf(input: SignupParsed) {
  if (input.account_type === 'agent') return { npn: input.npn, license_state: input.license_state }
  if (input.account_type === 'physician') return { npi: input.npi }
  return {}
}

export async function signUp(
  ctx: AppContext,
  input: SignupParsed,
): Promise<{ detail: string; email: string }> {
  const passwordHash = await hashNewPassword(input.password, 'password', { email: input.email })
  await ctx.db.transaction(async (tx) => {
    if (await userByEmail(tx, input.email)) throw fieldError('email', SIGNUP_MESSAGES.emailTaken)
    const now = ctx.clock()
    const organization = await createOrganization(tx, {
      name: input.organization_name,
      organizationType: organizationTypeOf(input),
      identifiers: identifiersOf(input),
      // A self-service organisation starts unfinished: its admin completes the setup wizard first.
      setupCompletedAt: null,
      createdAt: now,
    })
    const user = await createAccount(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      role: FIRST_ADMIN[input.account_type],
      organizationId: organization.id,
      allTins: true,
      tinIds: [],
      emailVerifiedAt: null,
      at: now,
    })
    await sendVerification(ctx, tx, user)
  })
  return { detail: SIGNUP_MESSAGES.checkEmail, email: input.email }
}

async function sendVerification(ctx: AppContext, tx: DbOrTx, user: UserRow) {
  const link = `${ctx.config.publicUrl}/signup/verify/${makeVerifyToken(ctx.keys.signing, user, ctx.clock())}`
  await queueEmail(ctx, tx, {
    template: 'email-verification',
    to: user.email,
    subject: 'Verify your email address for BlueConsent',
    text: [
      `Hello ${user.firstName || 'there'},`,
      '',
      'Welcome to BlueConsent. To verify your email address and finish setting up your account, open this link:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
    ].join('\n'),
  })
}

export async function isEmailAvailable(ctx: AppContext, email: string): Promise<boolean> {
  return !(await userByEmail(ctx.db, email.trim().toLowerCase()))
}

const invalidLink = (): AppError => new AppError(404, 'not_found', SIGNUP_MESSAGES.invalidLink)

/**
 * How recent a verification link must be to sign its user in as well as verify the address.
 *
 * Following the link proves control of the mailbox; the password was chosen moments before by whoever signed
 * up. A link signs in only when it is single-use (verifying changes what the token signs, so a second use is
 * refused) and recent: an older link, found later in a mailbox, forwarded or synced to another device, only
 * verifies, and its holder still needs the password. Within that window the link is no stronger than a
 * password-reset link, which also lets its holder in. A second factor, when one is due, still comes first.
 */
export const VERIFY_SIGN_IN_SECONDS = 30 * 60

export type EmailConfirmation = { body: VerifyEmailResult; session: SignIn['session'] | null }

export async function confirmEmail(
  ctx: AppContext,
  token: string,
  client: ClientInfo,
  secondFactor: SecondFactorGate,
): Promise<EmailConfirmation> {
  const userId = verifyTokenUserId(token)
  const user = userId ? await userById(ctx.db, userId) : undefined
  const now = ctx.clock()
  if (!user || !checkVerifyToken(ctx.keys.verifying, user, token, now)) throw invalidLink()
  await verifyEmail(ctx.db, user.id, now)
  const issuedAt = verifyTokenIssuedAt(token)
  const recent = issuedAt !== null && now.getTime() - issuedAt.getTime() <= VERIFY_SIGN_IN_SECONDS * 1000
  const verified = await userById(ctx.db, user.id)
  const verifiedOnly: EmailConfirmation = {
    body: { detail: SIGNUP_MESSAGES.verified, session: null },
    session: null,
  }
  if (!recent || !verified || !(await mayHoldSession(ctx.db, verified))) return verifiedOnly
  if (await secondFactor.afterPassword(ctx, verified, { rememberMe: false, client })) return verifiedOnly
  const signIn = await completeSignIn(ctx, verified, false, client)
  return { body: { detail: SIGNUP_MESSAGES.verifiedSignedIn, session: signIn.body }, session: signIn.session }
}

export async function resendVerification(ctx: AppContext, email: string): Promise<{ detail: string }> {
  await Promise.all([
    delay(RESEND_FLOOR_MS),
    (async () => {
      const user = await userByEmail(ctx.db, email.trim().toLowerCase())
      if (!user || user.emailVerifiedAt || !user.isActive) return
      await ctx.db.transaction((tx) => sendVerification(ctx, tx, user))
    })(),
  ])
  return { detail: SIGNUP_MESSAGES.resent }
}
