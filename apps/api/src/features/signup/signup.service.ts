// Sign-up: the organisation and its first administrator in one transaction (an agency's AGENT_ADMIN, a
// practice's PHYSICIAN_ADMIN, an ACO's ACO_ADMIN), then a verification email; the account signs in once
// the link is followed. Answers about addresses say no more than whether one is free.
import { setTimeout as delay } from 'node:timers/promises'
import { SIGNUP_MESSAGES, type SignupParsed } from '@blueconsent/contract/signup'
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { AppError, fieldError } from '../../errors.ts'
import {
  createAccount,
  createOrganization,
  hashPassword,
  userByEmail,
  userById,
  verifyEmail,
  type UserRow,
} from '../auth/index.ts'
import { queueEmail } from '../outbox/index.ts'
import { checkVerifyToken, makeVerifyToken, verifyTokenUserId } from './verify-token.ts'

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
  const passwordHash = await hashPassword(input.password)
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

export async function confirmEmail(ctx: AppContext, token: string): Promise<{ detail: string }> {
  const userId = verifyTokenUserId(token)
  const user = userId ? await userById(ctx.db, userId) : undefined
  if (!user || !checkVerifyToken(ctx.keys.signing, user, token, ctx.clock())) throw invalidLink()
  await verifyEmail(ctx.db, user.id, ctx.clock())
  return { detail: SIGNUP_MESSAGES.verified }
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
