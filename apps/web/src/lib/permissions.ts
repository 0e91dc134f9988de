// The contract's permission rule (permissionsFor) for a signed-in user, so a guard and the navigation that
// links to its page ask the same question. The server checks the permission again on every call.
import { type User } from '@blueconsent/contract/auth'
import {
  isAgentRole,
  isProviderRole,
  permissionsFor,
  roleFitsOrganizationType,
  type Permission,
} from '@blueconsent/contract/shared'

export const userHasPermission = (
  user: Pick<User, 'role' | 'organization'>,
  permission: Permission,
): boolean => permissionsFor(user.role, user.organization?.organization_type).includes(permission)

/**
 * The patient pages' guard: the user passes any of the ACO, physician or agent guards, each a role
 * family in its kind of organisation. RequirePatientAccess applies it to
 * the routes and the shell's Patients link asks it too, so no link leads to /app/unauthorized.
 */
export const passesPatientGuards = (user: Pick<User, 'role' | 'organization'>): boolean =>
  (isProviderRole(user.role) || isAgentRole(user.role)) &&
  roleFitsOrganizationType(user.role, user.organization?.organization_type)
