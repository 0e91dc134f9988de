// The shell's navigation by role.
import { type User } from '@blueconsent/contract/auth'
import {
  ACO_ROLES,
  ADMIN_ROLES,
  AGENT_ROLES,
  ORGANIZATION_TYPES,
  PHYSICIAN_ROLES,
  isAdminRole,
  isProviderRole,
  passesAdminGuard,
  type OrganizationType,
  type Role,
} from '@blueconsent/contract/shared'
import { paths } from '@/app/paths.ts'
import { userHasPermission } from '@/lib/permissions.ts'

export type NavItem = { label: string; to: string }

export function navItemsFor(
  user: Pick<User, 'role' | 'organization'> & Partial<Pick<User, 'is_superuser' | 'groups'>>,
): NavItem[] {
  const items: NavItem[] = [{ label: 'Dashboard', to: paths.dashboard }]
  // Every signed-in user sees Patients; the page itself answers per its guard (role in its kind of
  // organisation), sending anyone else to /app/unauthorized with the reason.
  items.push({ label: 'Patients', to: paths.authorization })
  items.push({ label: 'Data Access', to: paths.careManagement })
  // The recapture and suspect worklist for ACO and physician roles (their route guard's roles).
  if (isProviderRole(user.role)) items.push({ label: 'Risk gaps', to: paths.riskGaps })
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

type RolePage = NavItem & { roles: readonly Role[]; organizationTypes: readonly OrganizationType[] }

/**
 * The pages of a role family (its members and reports, its clients, quotes and policies, its appointments),
 * reached from the account menu: the same role and organisation rules as the routes' guards, checked against
 * them in route-table.test.ts.
 */
export const ROLE_PAGES: readonly RolePage[] = [
  { label: 'ACO Members', to: paths.acoMembers, roles: ACO_ROLES, organizationTypes: ['ACO'] },
  { label: 'ACO Reports', to: paths.acoReports, roles: ACO_ROLES, organizationTypes: ['ACO'] },
  {
    label: 'Appointments',
    to: paths.physicianAppointments,
    roles: PHYSICIAN_ROLES,
    organizationTypes: ['PHYSICIAN_GROUP', 'FQHC'],
  },
  { label: 'Clients', to: paths.agentClients, roles: AGENT_ROLES, organizationTypes: ['INSURANCE_AGENCY'] },
  { label: 'Quotes', to: paths.agentQuotes, roles: AGENT_ROLES, organizationTypes: ['INSURANCE_AGENCY'] },
  { label: 'Policies', to: paths.agentPolicies, roles: AGENT_ROLES, organizationTypes: ['INSURANCE_AGENCY'] },
  // An organisation's own apps (OAuth clients): its administrators register them.
  {
    label: 'Integrations',
    to: paths.integrations,
    roles: ADMIN_ROLES,
    organizationTypes: ORGANIZATION_TYPES,
  },
]

export function rolePagesFor(user: Pick<User, 'role' | 'organization'>): NavItem[] {
  const type = user.organization?.organization_type
  return ROLE_PAGES.filter(
    (page) => page.roles.includes(user.role) && type !== undefined && page.organizationTypes.includes(type),
  ).map(({ label, to }) => ({ label, to }))
}

/**
 * Whether an item is current only on its own page: true when another item lives under its path (Admin at
 * /app/admin and Audit log at /app/admin/audit), so that one nav item is current at a time.
 */
export const matchesExactly = (item: NavItem, items: readonly NavItem[]): boolean =>
  items.some((other) => other.to !== item.to && other.to.startsWith(`${item.to}/`))
