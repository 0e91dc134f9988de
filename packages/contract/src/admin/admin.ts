// The admin area's people side: the overview, users and organisations under /api/admin/. A
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
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'

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
  notYourOrganization: 'You cannot deactivate your own organization.',
  organizationDeactivated:
    'The organization was deactivated: its members are signed out and its messages and pulls are held.',
  organizationReactivated: 'The organization was reactivated: its members can sign in again.',
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
  /** Why the organisation is deactivated or reactivated: kept in the audit log with the change. */
  reason: z.string().trim().max(500).optional(),
})
export type AdminOrganizationUpdate = z.input<typeof adminOrganizationUpdateSchema>

/** The admin area: every endpoint is behind the admin guard; the server filters by the admin's scope. */
export const ADMIN_ENDPOINTS = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/overview/',
    access: 'ADMIN_GUARD',
    answers: { 200: adminOverviewSchema },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/',
    access: 'ADMIN_GUARD',
    query: adminUserListQuerySchema,
    answers: { 200: adminUserListSchema },
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: adminUserDetailSchema },
  }),
  changeRole: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id/role/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    body: adminRoleUpdateSchema,
    answers: { 200: adminUserDetailSchema },
  }),
  changeGroups: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:id/groups/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    body: adminGroupsUpdateSchema,
    answers: { 200: adminUserDetailSchema },
  }),
  deactivateUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/deactivate/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: adminUserDetailSchema },
  }),
  reactivateUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/reactivate/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: adminUserDetailSchema },
  }),
  sendPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/send-password-reset/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: adminActionResultSchema },
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/resend-verification/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: adminActionResultSchema },
  }),
  organizations: defineEndpoint({
    method: 'GET',
    path: '/api/admin/organizations/',
    access: 'ADMIN_GUARD',
    query: adminOrganizationListQuerySchema,
    answers: { 200: adminOrganizationListSchema },
  }),
  createOrganization: defineEndpoint({
    method: 'POST',
    path: '/api/admin/organizations/',
    access: 'ADMIN_GUARD',
    body: adminOrganizationCreateSchema,
    answers: { 201: adminOrganizationSchema },
  }),
  organization: defineEndpoint({
    method: 'GET',
    path: '/api/admin/organizations/:id/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: adminOrganizationSchema },
  }),
  updateOrganization: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/organizations/:id/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    body: adminOrganizationUpdateSchema,
    answers: { 200: adminOrganizationSchema },
  }),
}
