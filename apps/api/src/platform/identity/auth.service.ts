// Sign-in and refresh sessions. No Fastify types here: routes translate.
import { randomUUID } from 'node:crypto'
import { type LoginRequest, type LoginResponse, type RefreshResponse } from '@blueconsent/contract/auth'
import type { LoginAnswer } from '@blueconsent/contract/two-factor'
import { ORGANIZATION_SUSPENDED_MESSAGE, SERVER_SESSION } from '@blueconsent/contract/shared'
import { SIGNUP_MESSAGES } from '@blueconsent/contract/signup'
import type { AppContext } from '../context.ts'
import type { DbOrTx } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { randomToken, sha256Hex } from '../lib/crypto.ts'
import {
  findRefreshSession,
  findUserByEmail,
  findUserById,
  insertRefreshSession,
  markRotated,
  organizationLetsIn,
  recordLogin,
  retireSuccessor,
  revokeFamily,
  unusedSuccessor,
  type RefreshSessionRow,
  type UserRow,
} from './auth.repository.ts'
import type { LockoutState } from './lockout.ts'
import { verifyPassword } from './passwords.ts'
import { writeAuditRow } from '../audit/index.ts'
import { mayHoldSession } from './accounts.ts'
import { loadSessionUser } from './session-user.ts'

/** What the route needs to set the refresh cookie. */
export type IssuedSession = { refreshToken: string; rememberMe: boolean; familyCreatedAt: Date }

/** Who is signing in from where: recorded on the session for the account's session list. */
export type ClientInfo = { ip: string; userAgent: string | null }

/** A finished sign-in: the answer's body and the session behind its refresh cookie. */
export type SignIn = { body: LoginResponse; session: IssuedSession }

/**
 * What stands between a right password and a session: two-factor (the two-factor feature provides it and
 * app.ts passes it in, so auth never imports that feature). `null` lets the sign-in finish; anything else is
 * sent instead of tokens, and no session exists until the second step calls `completeSignIn`.
 */
export type SecondFactorGate = {
  afterPassword(
    ctx: AppContext,
    user: UserRow,
    attempt: { rememberMe: boolean; client: ClientInfo },
  ): Promise<SecondFactorHold | null>
}
export type SecondFactorHold = Exclude<LoginAnswer, LoginResponse>

const INVALID_CREDENTIALS = 'Invalid email or password.'
const SESSION_INVALID = 'Your session has expired. Please log in again.'

const invalidSession = (): AppError => new AppError(401, 'token_not_valid', SESSION_INVALID)

function lockedOut(state: Extract<LockoutState, { locked: true }>): AppError {
  const headers = { 'Retry-After': String(state.retryAfterSeconds) }
  return state.scope === 'account'
    ? new AppError(
        429,
        'locked_out',
        'Too many login attempts. Please wait 1 minute before trying again.',
        headers,
      )
    : new AppError(429, 'rate_limited', 'Too many attempts. Please wait before trying again.', headers)
}

export async function login(
  ctx: AppContext,
  input: LoginRequest,
  client: ClientInfo,
  secondFactor: SecondFactorGate,
): Promise<SignIn | { body: SecondFactorHold; session: null }> {
  const { ip } = client
  const now = ctx.clock()
  const before = await ctx.throttle.check(input.email, ip, now.getTime())
  if (before.locked) throw lockedOut(before)
  const user = await findUserByEmail(ctx.db, input.email)
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password)
  if (!user || !valid) {
    const after = await ctx.throttle.recordFailure(input.email, ip, now.getTime())
    if (after.locked) throw lockedOut(after)
    throw new AppError(401, 'authentication_failed', INVALID_CREDENTIALS)
  }
  // Only a caller who knows the password learns that the account is disabled.
  if (!user.isActive) throw new AppError(403, 'permission_denied', 'This account is inactive.')
  await refuseSuspendedOrganization(ctx.db, user)
  if (!user.emailVerifiedAt) throw new AppError(403, 'email_not_verified', SIGNUP_MESSAGES.notVerified)
  await ctx.throttle.recordSuccess(input.email)
  const rememberMe = input.remember_me === true
  const hold = await secondFactor.afterPassword(ctx, user, { rememberMe, client })
  if (hold) return { body: hold, session: null }
  return completeSignIn(ctx, user, rememberMe, client)
}

const organizationSuspended = (): AppError =>
  new AppError(403, 'permission_denied', ORGANIZATION_SUSPENDED_MESSAGE)

/** A member of a deactivated organisation is refused like a deactivated user, with the reason. */
async function refuseSuspendedOrganization(db: DbOrTx, user: UserRow): Promise<void> {
  if (!(await organizationLetsIn(db, user.organizationId))) throw organizationSuspended()
}

/**
 * A sign-in refused before its password was even checked (a NUL in the body) is still a failed attempt: it
 * counts toward the account's and the address's lockout, so malformed attempts cannot probe without limit.
 */
export async function recordRefusedLogin(ctx: AppContext, body: unknown, client: ClientInfo): Promise<void> {
  const given = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined
  const email = typeof given === 'string' ? given.replaceAll('\0', '') : ''
  const after = await ctx.throttle.recordFailure(email, client.ip, ctx.clock().getTime())
  if (after.locked) throw lockedOut(after)
}

/**
 * Starts a session for a user who has proven who they are (password, and the second factor when the account
 * or its organisation asks for one): the access token, the refresh family and the last sign-in time.
 */
export async function completeSignIn(
  ctx: AppContext,
  user: UserRow,
  rememberMe: boolean,
  client: ClientInfo,
): Promise<SignIn> {
  // The organisation may have been deactivated between the password and the second factor.
  await refuseSuspendedOrganization(ctx.db, user)
  const now = ctx.clock()
  const session = await startSession(ctx, user, rememberMe, client, now)
  const sessionUser = await loadSessionUser(ctx.db, user)
  const access = await ctx.tokens.sign({ ...sessionUser.claims, sid: session.familyId }, now)
  await recordLogin(ctx.db, user.id, now)
  await auditSignIn(ctx, user, client, now)
  return {
    body: {
      access,
      expires_in: ctx.tokens.lifetimeSeconds,
      user: sessionUser.user,
      tin_scope: sessionUser.tinScope,
    },
    session,
  }
}

/** Every completed sign-in is audited: an administrator reads a user's recent sign-ins from the log. */
const auditSignIn = (ctx: AppContext, user: UserRow, client: ClientInfo, at: Date): Promise<void> =>
  writeAuditRow(ctx.db, {
    action: 'auth.sign_in',
    targetType: 'user',
    actorUserId: user.id,
    organizationId: user.organizationId,
    requestId: user.id,
    patientId: null,
    ipAddress: client.ip,
    at,
  })

async function startSession(
  ctx: AppContext,
  user: UserRow,
  rememberMe: boolean,
  client: ClientInfo,
  now: Date,
): Promise<IssuedSession & { familyId: string }> {
  const refreshToken = randomToken()
  const familyId = randomUUID()
  await insertRefreshSession(ctx.db, {
    familyId,
    userId: user.id,
    tokenHash: sha256Hex(refreshToken),
    rememberMe,
    familyCreatedAt: now,
    createdAt: now,
    userAgent: client.userAgent,
    ipAddress: client.ip,
    lastUsedAt: now,
  })
  return { refreshToken, rememberMe, familyCreatedAt: now, familyId }
}

export function isExpired(row: RefreshSessionRow, now: Date): boolean {
  const idleMs = now.getTime() - row.createdAt.getTime()
  const ageMs = now.getTime() - row.familyCreatedAt.getTime()
  return (
    idleMs > SERVER_SESSION.idleTimeoutSeconds * 1000 || ageMs > SERVER_SESSION.absoluteLifetimeSeconds * 1000
  )
}

/** The live session behind a refresh cookie, without using it up (for /o/authorize/). */
export async function sessionFromRefreshToken(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ user: UserRow; session: RefreshSessionRow } | null> {
  if (!token) return null
  const row = await findRefreshSession(ctx.db, sha256Hex(token))
  if (!row || row.revokedAt || row.rotatedAt || isExpired(row, ctx.clock())) return null
  const user = await findUserById(ctx.db, row.userId)
  return user && (await mayHoldSession(ctx.db, user)) ? { user, session: row } : null
}

export async function refresh(
  ctx: AppContext,
  token: string | undefined,
  client: ClientInfo,
): Promise<{ body: RefreshResponse; session: IssuedSession }> {
  if (!token) throw new AppError(401, 'not_authenticated', SESSION_INVALID)
  const now = ctx.clock()
  const row = await findRefreshSession(ctx.db, sha256Hex(token))
  if (!row) throw invalidSession()
  if (row.revokedAt || isExpired(row, now)) {
    // A retired token back while its family lives means two holders: end every session of that login.
    await revokeFamily(ctx.db, row.familyId, now)
    throw invalidSession()
  }
  const user = await findUserById(ctx.db, row.userId)
  if (!user || !(await mayHoldSession(ctx.db, user))) {
    // A deactivated user's or organisation's session ends here for good (reactivation means signing in).
    await revokeFamily(ctx.db, row.familyId, now)
    throw invalidSession()
  }
  const next = randomToken()
  const rotated = await ctx.db.transaction((tx) => rotate(tx, row, sha256Hex(next), client, now))
  if (!rotated) {
    // A used token came back: someone holds a copy. End every session descended from the same login.
    await revokeFamily(ctx.db, row.familyId, now)
    throw invalidSession()
  }
  const sessionUser = await loadSessionUser(ctx.db, user)
  const access = await ctx.tokens.sign({ ...sessionUser.claims, sid: row.familyId }, now)
  return {
    body: { access, expires_in: ctx.tokens.lifetimeSeconds },
    session: { refreshToken: next, rememberMe: row.rememberMe, familyCreatedAt: row.familyCreatedAt },
  }
}

/**
 * Uses up `row` and issues its successor. A token already used may be presented again only within the reuse
 * grace and only while nothing has used its successor: the answer carrying the successor was lost (the page
 * reloaded mid-refresh). The unused successor is then retired, so one token per login stays live; a holder
 * of the retired one who comes back later is caught above. Anything else is a replay: false.
 */
async function rotate(
  tx: DbOrTx,
  row: RefreshSessionRow,
  nextHash: string,
  client: ClientInfo,
  now: Date,
): Promise<boolean> {
  if (row.rotatedAt) {
    const graceEnds = row.rotatedAt.getTime() + SERVER_SESSION.refreshReuseGraceSeconds * 1000
    const successor = now.getTime() <= graceEnds ? await unusedSuccessor(tx, row, row.rotatedAt) : undefined
    if (!successor || !(await retireSuccessor(tx, successor.id, now))) return false
  } else if (!(await markRotated(tx, row.id, now))) {
    return false
  }
  await insertRefreshSession(tx, {
    familyId: row.familyId,
    userId: row.userId,
    tokenHash: nextHash,
    rememberMe: row.rememberMe,
    familyCreatedAt: row.familyCreatedAt,
    createdAt: now,
    // The session list shows the browser and address that last used the session.
    userAgent: client.userAgent ?? row.userAgent,
    ipAddress: client.ip,
    lastUsedAt: now,
  })
  return true
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return
  const row = await findRefreshSession(ctx.db, sha256Hex(token))
  if (row) await revokeFamily(ctx.db, row.familyId, ctx.clock())
}
