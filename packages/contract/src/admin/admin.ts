// The admin area's people side (issue 16): the overview, users and organisations under /api/admin/. A
// superuser administers every organisation; an admin-group member only their own (anything else is 404).
import { z } from 'zod'
import {
  ADMIN_GROUPS,
  ROLES,
  organizationTypeSchema,
  roleFitsOrganizationType,
  roleSchema,
  type OrganizationType,
  type Role,
} from '../shared/access.ts'
import { idSchema, isoDateTimeSchema, paginated } from '../shared/common.ts'

export const ADMIN_MESSAGES = {
  lastPlatformAdmin:
    'This is the last active platform administrator: they cannot be deactivated or given another role.',
  superuserOnly: 'Only a platform administrator can grant or remove administrator access.',
  roleDoesNotFit: 'This role does not fit the organization’s type.',
  notYourself: 'You cannot deactivate your own account.',
  inactiveUser: 'This user is inactive. Reactivate them first.',
  alreadyVerified: 'This email address is already verified.',
  resetSent: 'A password reset link was sent.',
  verificationSent: 'A new verification link was sent.',
  deactivated: 'The user was deactivated and signed out everywhere.',
  reactivated: 'The user was reactivated.',
  nameRequired: 'Enter the organization’s name.',
  loadFailed: 'Failed to load. Please try again.',
} as const

const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
}

/** Counts the dashboard shows; failed outbox messages belong to no organisation, so only the platform sees them. */
export const adminOverviewSchema = z.object({
  scope: z.enum(['platform', 'organization']),
  organizations: z.number().int(),
  active_users: z.number().int(),
  requests_by_status: z.record(z.string(), z.number().int()),
  failed_ingestions: z.number().int(),
  failed_outbox_messages: z.number().int().nullable(),
  support_requests_waiting: z.number().int(),
  organizations_setup_unfinished: z.number().int(),
  billing_past_due: z.number().int(),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>

export const ADMIN_USER_ORDERINGS = [
  'name',
  '-name',
  'email',
  '-email',
  'role',
  '-role',
  'date_joined',
  '-date_joined',
  'last_login',
  '-last_login',
] as const
export type AdminUserOrdering = (typeof ADMIN_USER_ORDERINGS)[number]

export const adminUserListQuerySchema = z.looseObject({
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
  organization_id: idSchema.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  ordering: z.enum(ADMIN_USER_ORDERINGS).default('name'),
  ...pageFields,
})
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>

export const adminUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  organization_id: idSchema.nullable(),
  organization_name: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  groups: z.array(z.string()),
  date_joined: isoDateTimeSchema,
  last_login_at: isoDateTimeSchema.nullable(),
})
export type AdminUser = z.infer<typeof adminUserSchema>
export const adminUserListSchema = paginated(adminUserSchema)
export type AdminUserList = z.infer<typeof adminUserListSchema>

export const adminUserDetailSchema = adminUserSchema.extend({
  organization_type: organizationTypeSchema.nullable(),
  email_verified: z.boolean(),
  all_tins: z.boolean(),
  tins: z.array(z.object({ id: idSchema, provider_org_name: z.string(), masked_value: z.string() })),
  two_factor_enabled: z.boolean(),
  active_sessions: z.array(
    z.object({
      id: idSchema,
      started_at: isoDateTimeSchema,
      last_used_at: isoDateTimeSchema.nullable(),
      user_agent: z.string().nullable(),
      ip_address: z.string().nullable(),
    }),
  ),
  recent_sign_ins: z.array(z.object({ at: isoDateTimeSchema, ip_address: z.string().nullable() })),
  /** What this user recently read or changed (audit rows they made): action names, never patient details. */
  recent_activity: z.array(
    z.object({ at: isoDateTimeSchema, action: z.string(), target_type: z.string().nullable() }),
  ),
})
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>

export const adminRoleUpdateSchema = z.object({ role: roleSchema })
export type AdminRoleUpdate = z.infer<typeof adminRoleUpdateSchema>

export const adminGroupSchema = z.enum(ADMIN_GROUPS)
export const adminGroupsUpdateSchema = z.object({
  groups: z.array(adminGroupSchema).max(ADMIN_GROUPS.length),
})
export type AdminGroupsUpdate = z.infer<typeof adminGroupsUpdateSchema>

export const adminActionResultSchema = z.object({ detail: z.string() })

/** Roles an administrator may give a member of an organisation of this type (the ADMIN role: platform only). */
export function assignableRoles(type: OrganizationType | null, actorIsSuperuser: boolean): Role[] {
  return ROLES.filter(
    (role) =>
      role !== 'PATIENT' && (role !== 'ADMIN' || actorIsSuperuser) && roleFitsOrganizationType(role, type),
  )
}

const text = (max: number) => z.string().trim().max(max)
export const adminAddressSchema = z.object({
  street: text(200),
  city: text(100),
  state: text(2),
  zip: text(10),
})
export type AdminAddress = z.infer<typeof adminAddressSchema>

export const adminOrganizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  organization_type: organizationTypeSchema,
  is_active: z.boolean(),
  member_count: z.number().int(),
  active_member_count: z.number().int(),
  tin_count: z.number().int(),
  billing_status: z.string().nullable(),
  setup_completed_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  address: adminAddressSchema.nullable(),
})
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>
export const adminOrganizationListSchema = paginated(adminOrganizationSchema)
export type AdminOrganizationList = z.infer<typeof adminOrganizationListSchema>

export const adminOrganizationListQuerySchema = z.looseObject({
  search: z.string().trim().max(100).optional(),
  ...pageFields,
})

export const adminOrganizationCreateSchema = z.object({
  name: z.string().trim().min(1, ADMIN_MESSAGES.nameRequired).max(200),
  organization_type: organizationTypeSchema,
  address: adminAddressSchema.nullable().optional(),
  is_active: z.boolean().default(true),
})
export type AdminOrganizationCreate = z.input<typeof adminOrganizationCreateSchema>
export const adminOrganizationUpdateSchema = adminOrganizationCreateSchema.partial().extend({
  is_active: z.boolean().optional(),
})
export type AdminOrganizationUpdate = z.input<typeof adminOrganizationUpdateSchema>
