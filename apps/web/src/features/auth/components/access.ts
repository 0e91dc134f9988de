// Route access rules: roles, an admin requirement, organisation types.
import { type User } from '@blueconsent/contract/auth'
import { passesAdminGuard, type OrganizationType, type Role } from '@blueconsent/contract/shared'

export type AccessRule = {
  roles?: readonly Role[]
  admin?: boolean
  organizationTypes?: readonly OrganizationType[]
}

/** Admin guard: a superuser or a member of an admin group (the server applies the same rule). */
export const isAdminUser = (user: User): boolean => passesAdminGuard(user)

export function canAccess(user: User, rule: AccessRule): boolean {
  if (rule.roles && !rule.roles.includes(user.role)) return false
  if (rule.admin && !isAdminUser(user)) return false
  if (rule.organizationTypes) {
    const type = user.organization?.organization_type
    if (!type || !rule.organizationTypes.includes(type)) return false
  }
  return true
}
