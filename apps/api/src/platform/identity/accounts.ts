// Reading and changing accounts for the other features (password reset, the OAuth server, the access
// plugin, the demo seed): the queries stay in auth.repository.ts, private to this feature.
import { SIGNUP_MESSAGES } from '@blueconsent/contract/signup'
import type { DbOrTx } from '../db/client.ts'
import { fieldError, type UniqueConflicts } from '../errors.ts'
import { createAccountBatches, type AccountBatches } from './account-batches.ts'
import {
  activeTinsOf,
  insertAccount,
  insertOrganization,
  listOrganizations,
  markEmailVerified,
  organizationLetsIn,
  findOrganization,
  findUserByEmail,
  findUserById,
  listUserTinIds,
  revokeUserOAuthGrants,
  revokeOrganizationOAuthGrants,
  revokeOrganizationSessions,
  revokeUserSessions,
  setUserActive,
  updatePasswordHash,
  type Account,
  type NewAccount,
  type OrganizationRow,
  type UserRow,
} from './auth.repository.ts'

export type { Account, NewAccount, OrganizationRow, UserRow }

/** Creates a user with their TINs (invitation acceptance, sign-up); the caller owns the transaction. */
export const createAccount = (db: DbOrTx, account: NewAccount): Promise<UserRow> => insertAccount(db, account)

/** The organisation's active TINs, with their numbers still sealed. */
export const activeTinsOfOrganization = activeTinsOf

/** A new customer's organisation (sign-up); the caller owns the transaction. */
export const createOrganization = insertOrganization

/** The owner of the address followed its verification link. */
export const verifyEmail = markEmailVerified

/**
 * Ends what the user authorized third-party apps to do (a role change, a second factor turned off): the
 * apps' access tokens fail on their next request and their refresh tokens are refused.
 */
export const endAppGrants = (db: DbOrTx, userId: string, at: Date): Promise<void> =>
  revokeUserOAuthGrants(db, userId, at)

/**
 * Ends every session of a user at once (a deactivated member): their access tokens stop working too, and
 * so do the apps they authorized.
 */
export async function endUserSessions(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await revokeUserSessions(db, userId, at)
  await revokeUserOAuthGrants(db, userId, at)
}

/**
 * An organisation deactivated: every member's session and every app grant ends at once (their access tokens
 * name those sessions and grants), so reactivation means signing in, and authorizing apps, again.
 */
export async function endOrganizationSessions(db: DbOrTx, organizationId: string, at: Date): Promise<void> {
  await revokeOrganizationSessions(db, organizationId, at)
  await revokeOrganizationOAuthGrants(db, organizationId, at)
}

/** A member removed from a team: they can no longer sign in, and every session and app grant ends at once. */
export async function deactivateUser(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await setUserActive(db, userId, false)
  await endUserSessions(db, userId, at)
}

/** Two accounts made for one address at once (sign-up, accepted invitations): the second is told it is taken. */
export const ACCOUNT_CONFLICTS: UniqueConflicts = new Map([
  ['users_email_lower_key', () => fieldError('email', SIGNUP_MESSAGES.emailTaken)],
])

/**
 * Whether the user may hold a session: active, in an active organisation (or none). Every way in (sign-in,
 * refresh, a second factor, an OAuth token) asks this; each request's access check reads the same two flags
 * in its one account query.
 */
export async function mayHoldSession(db: DbOrTx, user: Pick<UserRow, 'isActive' | 'organizationId'>) {
  return user.isActive && (await organizationLetsIn(db, user.organizationId))
}

/** Organisations for a pick-list: every one, or only `onlyId`. */
export const organizationOptions = listOrganizations

export const userByEmail = (db: DbOrTx, email: string): Promise<UserRow | undefined> =>
  findUserByEmail(db, email)

export const userById = (db: DbOrTx, id: string): Promise<UserRow | undefined> => findUserById(db, id)

export const organizationById = (db: DbOrTx, id: string | null): Promise<OrganizationRow | undefined> =>
  findOrganization(db, id)

/** The TINs a user works under (an all-TIN user's list is every TIN of the organisation). */
export const tinIdsOf = (db: DbOrTx, user: UserRow): Promise<string[]> => listUserTinIds(db, user)

const batchesByDb = new WeakMap<DbOrTx, AccountBatches>()

/**
 * Who a bearer token's subject is right now, with role, organisation and TIN scope, read after the call
 * (batched with the other requests waiting at the same moment, see account-batches.ts).
 */
export function accountForRequest(
  db: DbOrTx,
  userId: string,
  refs: { sessionFamilyId?: string | undefined; grantId?: string | undefined } = {},
): Promise<Account | undefined> {
  let batches = batchesByDb.get(db)
  if (!batches) {
    batches = createAccountBatches(db)
    batchesByDb.set(db, batches)
  }
  return batches.load({
    userId,
    sessionFamilyId: refs.sessionFamilyId ?? null,
    grantId: refs.grantId ?? null,
  })
}

/**
 * A new password ends every session of the user but `keepSessionFamily` (the one changing it, if any), and
 * every app grant: a stolen session or app token does not survive the change.
 */
export async function replacePassword(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  at: Date,
  keepSessionFamily?: string,
): Promise<void> {
  await updatePasswordHash(db, userId, passwordHash, at)
  await revokeUserSessions(db, userId, at, keepSessionFamily)
  await revokeUserOAuthGrants(db, userId, at)
}
