// Roles, organisation types and what each role may see.
import { z } from 'zod'

export const ROLES = [
  'ADMIN',
  'USER',
  'ACO_ADMIN',
  'ACO_USER',
  'PHYSICIAN_ADMIN',
  'PHYSICIAN_USER',
  'CLINICIAN',
  'AGENT_ADMIN',
  'AGENT_USER',
  'PATIENT',
] as const
export const roleSchema = z.enum(ROLES)
export type Role = z.infer<typeof roleSchema>

export const ORGANIZATION_TYPES = [
  'ACO',
  'PHYSICIAN_GROUP',
  'FQHC',
  'INSURANCE_AGENCY',
  'INDIVIDUAL',
] as const
export const organizationTypeSchema = z.enum(ORGANIZATION_TYPES)
export type OrganizationType = z.infer<typeof organizationTypeSchema>

export const ADMIN_ROLES = [
  'ADMIN',
  'ACO_ADMIN',
  'PHYSICIAN_ADMIN',
  'AGENT_ADMIN',
] as const satisfies readonly Role[]
export const ACO_ROLES = ['ACO_ADMIN', 'ACO_USER'] as const satisfies readonly Role[]
// CLINICIAN shares the physician feature set and works in physician groups and FQHCs.
export const PHYSICIAN_ROLES = [
  'PHYSICIAN_ADMIN',
  'PHYSICIAN_USER',
  'CLINICIAN',
] as const satisfies readonly Role[]
export const AGENT_ROLES = ['AGENT_ADMIN', 'AGENT_USER'] as const satisfies readonly Role[]
/** ACO and physician roles: MRN required, MRN/Medicare ID search, renewal, export. */
export const PROVIDER_ROLES = [...ACO_ROLES, ...PHYSICIAN_ROLES] as const satisfies readonly Role[]

/** Groups whose members pass the admin guard, besides superusers. */
export const ADMIN_GROUPS = ['Admin', 'Organization Admin', 'Tenant Admin'] as const
export type AdminGroup = (typeof ADMIN_GROUPS)[number]

/**
 * The admin guard: a superuser (the platform's ADMIN), or a member of an admin group. The server applies the
 * same rule to every admin endpoint; a group member who is not a superuser administers only their own
 * organisation.
 */
export const passesAdminGuard = (user: {
  is_superuser: boolean
  groups: readonly { name: string }[]
}): boolean =>
  user.is_superuser || user.groups.some((group) => (ADMIN_GROUPS as readonly string[]).includes(group.name))

export const isAdminRole = (role: Role): boolean => (ADMIN_ROLES as readonly Role[]).includes(role)
export const isAcoRole = (role: Role): boolean => (ACO_ROLES as readonly Role[]).includes(role)
export const isPhysicianRole = (role: Role): boolean => (PHYSICIAN_ROLES as readonly Role[]).includes(role)
export const isAgentRole = (role: Role): boolean => (AGENT_ROLES as readonly Role[]).includes(role)
export const isProviderRole = (role: Role): boolean => (PROVIDER_ROLES as readonly Role[]).includes(role)

/** Organisation types each role family must belong to. */
export const ORGANIZATION_TYPES_FOR_ROLE: Partial<Record<Role, readonly OrganizationType[]>> = {
  ACO_ADMIN: ['ACO'],
  ACO_USER: ['ACO'],
  PHYSICIAN_ADMIN: ['PHYSICIAN_GROUP', 'FQHC'],
  PHYSICIAN_USER: ['PHYSICIAN_GROUP', 'FQHC'],
  CLINICIAN: ['PHYSICIAN_GROUP', 'FQHC'],
  AGENT_ADMIN: ['INSURANCE_AGENCY'],
  AGENT_USER: ['INSURANCE_AGENCY'],
}

export function roleFitsOrganizationType(role: Role, type: OrganizationType | null | undefined): boolean {
  const allowed = ORGANIZATION_TYPES_FOR_ROLE[role]
  if (!allowed) return true
  return type != null && allowed.includes(type)
}

export const ROLE_HOME: Record<Role, string> = {
  ADMIN: '/app/admin-dashboard',
  ACO_ADMIN: '/app/aco-dashboard',
  ACO_USER: '/app/care-management',
  PHYSICIAN_ADMIN: '/app/physician-dashboard',
  PHYSICIAN_USER: '/app/physician-dashboard',
  AGENT_ADMIN: '/app/agent-dashboard',
  AGENT_USER: '/app/agent-dashboard',
  USER: '/app/dashboard',
  CLINICIAN: '/app/dashboard',
  PATIENT: '/app/dashboard',
}

export const roleHome = (role: Role | null | undefined): string => (role ? ROLE_HOME[role] : '/app/dashboard')

/** Labels in the app shell's user menu. */
export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrator',
  ACO_ADMIN: 'ACO Admin',
  ACO_USER: 'ACO Provider',
  PHYSICIAN_ADMIN: 'Physician Admin',
  PHYSICIAN_USER: 'Physician',
  CLINICIAN: 'Clinician',
  AGENT_ADMIN: 'Agent Admin',
  AGENT_USER: 'Agent',
  USER: 'User',
  PATIENT: 'Patient',
}

/** Labels on the account settings page, which differ for three roles. */
export const SETTINGS_ROLE_LABELS: Record<Role, string> = {
  ...ROLE_LABELS,
  ADMIN: 'System Administrator',
  ACO_USER: 'ACO Provider',
  AGENT_USER: 'Insurance Agent',
}

export const FEATURES = [
  'dashboard',
  'patient-search',
  'claim-details',
  'claim-export',
  'medication-management',
  'risk-scores',
  'cost-analysis',
  'notes',
  'team',
] as const
export type Feature = (typeof FEATURES)[number]

const ACO_FEATURES: readonly Feature[] = [
  'dashboard',
  'patient-search',
  'claim-details',
  'claim-export',
  'medication-management',
  'risk-scores',
  'cost-analysis',
  'notes',
]
const PHYSICIAN_FEATURES: readonly Feature[] = [
  'dashboard',
  'patient-search',
  'claim-details',
  'medication-management',
  'risk-scores',
  'notes',
]
const AGENT_FEATURES: readonly Feature[] = ['dashboard', 'patient-search', 'medication-management']

export const FEATURES_BY_ROLE: Record<Role, readonly Feature[]> = {
  ACO_ADMIN: [...ACO_FEATURES, 'team'],
  ACO_USER: ACO_FEATURES,
  PHYSICIAN_ADMIN: [...PHYSICIAN_FEATURES, 'team'],
  PHYSICIAN_USER: PHYSICIAN_FEATURES,
  CLINICIAN: PHYSICIAN_FEATURES,
  AGENT_ADMIN: [...AGENT_FEATURES, 'team'],
  AGENT_USER: AGENT_FEATURES,
  ADMIN: [],
  USER: [],
  PATIENT: [],
}

export const hasFeature = (role: Role, feature: Feature): boolean => FEATURES_BY_ROLE[role].includes(feature)

export type DisplayOptions = {
  costs: boolean
  riskScore: boolean
  diagnoses: boolean
  providerDetails: boolean
  clinicalDetails: boolean
  mbi: boolean
  dualStatus: boolean
  medicareVisit: boolean
  demographics: boolean
  notes: boolean
  claimDetails: boolean
  medicationDetails: boolean
  filters: boolean
  export: boolean
  edit: boolean
  claimsPerPage: number
  /** Component variant: detailed and clinical edit notes; basic reads them. */
  variant: 'aco-detailed' | 'physician-clinical' | 'basic'
}

const NOTHING_EXTRA: DisplayOptions = {
  costs: false,
  riskScore: false,
  diagnoses: false,
  providerDetails: false,
  clinicalDetails: false,
  mbi: false,
  dualStatus: false,
  medicareVisit: false,
  demographics: false,
  notes: false,
  claimDetails: false,
  medicationDetails: false,
  filters: false,
  export: false,
  edit: false,
  claimsPerPage: 10,
  variant: 'basic',
}

const PROVIDER_DISPLAY: DisplayOptions = {
  costs: true,
  riskScore: true,
  diagnoses: true,
  providerDetails: true,
  clinicalDetails: true,
  mbi: true,
  dualStatus: true,
  medicareVisit: true,
  demographics: true,
  notes: true,
  claimDetails: true,
  medicationDetails: true,
  filters: true,
  export: true,
  edit: true,
  claimsPerPage: 20,
  variant: 'aco-detailed',
}

export function displayOptionsFor(role: Role): DisplayOptions {
  if (isAcoRole(role)) return PROVIDER_DISPLAY
  if (isPhysicianRole(role)) return { ...PROVIDER_DISPLAY, claimsPerPage: 15, variant: 'physician-clinical' }
  if (isAgentRole(role)) return { ...NOTHING_EXTRA, providerDetails: true, medicationDetails: true }
  return NOTHING_EXTRA
}

/** Permission names carried on the user ('permissions (list of names)'). The server is the authority. */
export const PERMISSIONS = [
  'authorization_requests.create',
  'authorization_requests.view_organization',
  'patients.view',
  'patients.view_claims',
  'patients.export',
  'patients.edit_notes',
  'team.manage',
  'billing.manage',
  'tins.manage',
  'invitations.send',
  'audit.view',
] as const
export type Permission = (typeof PERMISSIONS)[number]
export const permissionSchema = z.enum(PERMISSIONS)

export function permissionsFor(
  role: Role,
  organizationType: OrganizationType | null | undefined,
): Permission[] {
  const permissions: Permission[] = []
  const dataRole = isProviderRole(role) || isAgentRole(role)
  if (dataRole) permissions.push('authorization_requests.create', 'patients.view')
  if (isProviderRole(role)) permissions.push('patients.view_claims', 'patients.export', 'patients.edit_notes')
  if (isAdminRole(role)) {
    permissions.push('team.manage', 'invitations.send', 'billing.manage', 'audit.view')
    if (role !== 'ADMIN') permissions.push('authorization_requests.view_organization')
  }
  if (role === 'ACO_ADMIN' && organizationType === 'ACO') permissions.push('tins.manage')
  if (organizationType === 'INDIVIDUAL' && !permissions.includes('billing.manage'))
    permissions.push('billing.manage')
  return permissions
}
