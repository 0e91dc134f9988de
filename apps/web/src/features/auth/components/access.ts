// Route access rules: roles, an admin requirement, organisation types.
import { type User } from '@blueconsent/contract/auth'
import { isAdminRole, type OrganizationType, type Role } from '@blueconsent/contract/shared'

export type AccessRule = {
  roles?: readonly Role[]
  admin?: boolean
  organizationTypes?: readonly OrganizationType[]
}

const ADMIN_GROUPS = ['Admin', 'Organization Admin', 'Tenant Admin']

/** Admin guard: an admin role, a superuser, or a member of an admin group. */
export const isAdminUser = (user: User): boolean =>
  isAdminRole(user.role) ||
  user.is_superuser ||
  user.groups.some((group) => ADMIN_GROUPS.includes(group.name))

export function canAccess(user: User, rule: AccessRule): boolean {
  if (rule.roles && !rule.roles.includes(user.role)) return false
  if (rule.admin && !isAdminUser(user)) return false
  if (rule.organizationTypes) {
    const type = user.organization?.organization_type
    if (!type || !rule.organizationTypes.includes(type)) return false
  }
  return true
}
