// Identity's public face: the caller (Principal, Actor, actorOf), sign-in and sessions (routes, the account's session list, the hook for a
// second factor and the sign-in it completes), the per-request account read, login
// lockout and token signing (built once per app), password hashing, and account reads for other features.
export {
  ACCOUNT_CONFLICTS,
  accountForRequest,
  activeTinsOfOrganization,
  createAccount,
  createOrganization,
  deactivateUser,
  endAppGrants,
  endOrganizationSessions,
  endUserSessions,
  mayHoldSession,
  organizationById,
  organizationOptions,
  replacePassword,
  tinIdsOf,
  userByEmail,
  userById,
  verifyEmail,
  type Account,
  type NewAccount,
  type OrganizationRow,
  type UserRow,
} from './accounts.ts'
export { actorOf, type Actor, type Principal } from './principal.ts'
export { authRoutes, type AuthRouteOptions } from './auth.routes.ts'
export {
  completeSignIn,
  sessionFromRefreshToken,
  type ClientInfo,
  type SecondFactorGate,
  type SecondFactorHold,
  type SignIn,
} from './auth.service.ts'
export { clientOf, setRefreshCookie } from './refresh-cookie.ts'
export { createLoginThrottle, createRedisCounterStore, type LoginThrottle } from './lockout.ts'
export { createDatabaseCounterStore } from './lockout.repository.ts'
export { hashPassword, verifyPassword } from './passwords.ts'
export { hashNewPassword, passwordWeakness } from './password-policy.ts'
export { loadSessionUser, sessionUserOf, type SessionUser } from './session-user.ts'
export { createTokenSigner, type AccessClaims, type TokenSigner } from './tokens.ts'
