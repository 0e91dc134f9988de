// The shell's navigation by role.
import { type User } from '@blueconsent/contract/auth'
import { isAdminRole, passesAdminGuard } from '@blueconsent/contract/shared'
import { paths } from '../../../app/paths.ts'
import { userHasPermission } from '../../../lib/permissions.ts'

export type NavItem = { label: string; to: string }

export function navItemsFor(
  user: Pick<User, 'role' | 'organization'> & Partial<Pick<User, 'is_superuser' | 'groups'>>,
): NavItem[] {
  const items: NavItem[] = [{ label: 'Dashboard', to: paths.dashboard }]
  // Every signed-in user sees Patients; the page itself answers per its guard (role in its kind of
  // organisation), sending anyone else to /app/unauthorized with the reason.
  items.push({ label: 'Patients', to: paths.authorization })
  items.push({ label: 'Data Access', to: paths.careManagement })
  if (isAdminRole(user.role) || user.organization?.organization_type === 'INDIVIDUAL') {
    items.push({ label: 'Billing', to: paths.billing })
  }
  if (isAdminRole(user.role)) items.push({ label: 'Team', to: paths.team })
  // The TIN registry for the ACO's own admin.
  if (user.role === 'ACO_ADMIN' && user.organization?.organization_type === 'ACO')
    items.push({ label: 'TINs', to: paths.tinManagement })
  // The audit log for the roles its guard lets in.
  if (userHasPermission(user, 'audit.view')) items.push({ label: 'Audit log', to: paths.adminAudit })
  // The admin area for whoever passes the admin guard (a superuser or an admin-group member).
  if (passesAdminGuard({ is_superuser: user.is_superuser ?? false, groups: user.groups ?? [] }))
    items.push({ label: 'Admin', to: paths.admin })
  return items
}
