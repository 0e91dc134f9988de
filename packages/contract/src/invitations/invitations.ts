// Invitations: an admin invites staff by email with a role (and, for roles limited to TINs, the TINs), singly
// or in bulk; the invitee sets a name and password through the emailed link. The server applies the same
// role and TIN rules the form shows.
import { z } from 'zod'
import { idSchema, isoDateTimeSchema } from '../shared/common.ts'
import { isAdminRole, roleSchema, type Role } from '../shared/access.ts'
import { PASSWORD_MIN_LENGTH } from '../shared/constants.ts'
import { MESSAGES } from '../shared/validators.ts'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'
import { loginResponseSchema } from '../auth/auth.ts'

export const INVITATION_MESSAGES = {
  loadFailed: 'Failed to load invitations',
  resendFailed: 'Failed to resend invitation',
  revokeFailed: 'Failed to revoke invitation',
  invalidOrExpired: 'This invitation is invalid or has expired',
  invalidLink: 'Invalid invitation link',
  createAccountFailed: 'Failed to create account. Please try again.',
  bulkFailed: 'Failed to send invitations. Please try again.',
  sendFailed: 'Failed to send invitation. Please try again.',
  resent: 'Invitation resent successfully',
  revoked: 'Invitation revoked successfully',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  roleRequired: 'Role is required',
  emailsRequired: 'At least one email address is required',
  selectTin: 'Select at least one Tin',
  adminsGetAllTins: 'Administrators automatically receive access to all active Tins.',
  tinCatalogFailed: 'Failed to load Tin catalog.',
  noActiveTins: 'No active Tins available. Add Tins before inviting scoped users.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordRequired: 'Password is required',
  // What the inviter may learn: only about their own organisation. An address with an account elsewhere is
  // invited like any other; the email tells its owner what to do.
  alreadyMember: 'This email is already a member of this organization',
  /** On the invitation link itself: its owner may learn their own address has an account. */
  accountExists: 'This email already has an account',
  accountReadySignedIn: 'Your account is ready. Welcome to BlueConsent.',
  alreadyInvited: 'This email already has a pending invitation',
  roleNotGrantable: 'You cannot invite someone with this role',
  tinNotYours: 'Choose TINs of your own organization',
} as const

/** 'Successfully sent N invitation(s)' */
export const bulkSentText = (count: number): string => `Successfully sent ${count} invitation(s)`

/** How long an invitation link works unless configured otherwise. */
export const INVITATION_TTL_HOURS = 48
/** Bulk invitations per call. */
export const BULK_INVITE_MAX = 100

/** Roles limited to chosen TINs; the other roles see every patient their role allows. */
export const TIN_SCOPED_ROLES = [
  'PHYSICIAN_ADMIN',
  'PHYSICIAN_USER',
  'ACO_USER',
] as const satisfies readonly Role[]
/** A scoped role that is not an admin must be given at least one TIN; admins receive all active TINs. */
export const needsTinSelection = (role: Role): boolean =>
  (TIN_SCOPED_ROLES as readonly Role[]).includes(role) && !isAdminRole(role)

/**
 * Who may invite whom. Nobody grants a role above their own, and an organisation admin invites into their own
 * organisation, so only the roles of its kind (and the plain USER) are theirs to give.
 */
export const GRANTABLE_ROLES: Partial<Record<Role, readonly Role[]>> = {
  ADMIN: [
    'ADMIN',
    'USER',
    'ACO_ADMIN',
    'ACO_USER',
    'PHYSICIAN_ADMIN',
    'PHYSICIAN_USER',
    'CLINICIAN',
    'AGENT_ADMIN',
    'AGENT_USER',
  ],
  ACO_ADMIN: ['ACO_ADMIN', 'ACO_USER', 'USER'],
  PHYSICIAN_ADMIN: ['PHYSICIAN_ADMIN', 'PHYSICIAN_USER', 'CLINICIAN', 'USER'],
  AGENT_ADMIN: ['AGENT_ADMIN', 'AGENT_USER', 'USER'],
}
export const grantableRoles = (inviter: Role): readonly Role[] => GRANTABLE_ROLES[inviter] ?? []

/** Role names on the invitation forms, the list and the email. */
export const INVITE_ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  USER: 'Regular User',
  ACO_ADMIN: 'ACO Administrator',
  ACO_USER: 'ACO User',
  PHYSICIAN_ADMIN: 'Physician Administrator',
  PHYSICIAN_USER: 'Physician User',
  CLINICIAN: 'Clinician',
  AGENT_ADMIN: 'Insurance Agent Administrator',
  AGENT_USER: 'Insurance Agent User',
  PATIENT: 'Patient',
}

/** One address on the single and the bulk form alike. */
export const invitationEmailSchema = z
  .string()
  .trim()
  .min(1, INVITATION_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email(INVITATION_MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase())

const roleField = z
  .string({ error: INVITATION_MESSAGES.roleRequired })
  .min(1, INVITATION_MESSAGES.roleRequired)
  .pipe(roleSchema)

const scopeFields = {
  role: roleField,
  organization_id: idSchema.nullish(),
  provider_organization_id: idSchema.nullish(),
  tin_ids: z.array(idSchema).max(500).optional(),
}

export const invitationSendSchema = z.object({ email: invitationEmailSchema, ...scopeFields })
export type InvitationSend = z.input<typeof invitationSendSchema>

/** Emails as typed: split on new lines or commas, blanks ignored. */
export const splitEmails = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((email) => email.trim())
    .filter((email) => email !== '')

export const invitationBulkSchema = z.object({
  emails: z
    .array(z.string().max(254))
    .min(1, INVITATION_MESSAGES.emailsRequired)
    .max(BULK_INVITE_MAX, `At most ${BULK_INVITE_MAX} addresses at a time`),
  ...scopeFields,
})
export type InvitationBulk = z.input<typeof invitationBulkSchema>

/** Why one address of a bulk invitation is not one (the single invitation's rule), or null. */
export const invitationEmailError = (email: string): string | null =>
  invitationEmailSchema.safeParse(email).error?.issues[0]?.message ?? null

/** The bulk form's own check, naming the first address that is not one. */
export function bulkEmailError(emails: readonly string[]): string | null {
  if (emails.length === 0) return INVITATION_MESSAGES.emailsRequired
  const bad = emails.find((email) => invitationEmailError(email) !== null)
  return bad === undefined ? null : `Invalid email format: ${bad}`
}

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const
export type InvitationStatus = (typeof INVITATION_STATUSES)[number]
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
}

export const invitationSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: roleSchema,
  created_at: isoDateTimeSchema,
  expires_at: isoDateTimeSchema,
  is_accepted: z.boolean(),
  // Beyond the shared invitation fields (id, email, role, dates, is_accepted): optional, so a server that
  // sends only those still lists its invitations; invitationStatusOf() reads the state from them.
  status: z.enum(INVITATION_STATUSES).optional().catch(undefined),
  organization_name: z.string().nullable().optional(),
  invited_by_email: z.string().nullable().optional(),
  tin_ids: z.array(idSchema).optional(),
})
export type Invitation = z.infer<typeof invitationSchema>

/** The invitation's state: the server's when it says, else accepted, expired or pending from its dates. */
export function invitationStatusOf(
  invitation: Pick<Invitation, 'status' | 'is_accepted' | 'expires_at'>,
  now: number = Date.now(),
): InvitationStatus {
  if (invitation.status) return invitation.status
  if (invitation.is_accepted) return 'accepted'
  return new Date(invitation.expires_at).getTime() <= now ? 'expired' : 'pending'
}
export const invitationListSchema = z.object({ count: z.number().int(), results: z.array(invitationSchema) })
export type InvitationList = z.infer<typeof invitationListSchema>

export const invitationSentSchema = z.object({
  detail: z.string(),
  invitation: invitationSchema.optional(),
  // Servers name the sign-in link one of three ways; loginLinkOf() takes whichever is there.
  login_url: z.string().optional(),
  tenant_login_url: z.string().optional(),
  extra_data: z.object({ login_url: z.string().optional() }).optional(),
})
export type InvitationSent = z.infer<typeof invitationSentSchema>

export const loginLinkOf = (sent: InvitationSent): string | undefined =>
  sent.tenant_login_url ?? sent.login_url ?? sent.extra_data?.login_url

export const invitationBulkResultSchema = z.object({
  detail: z.string(),
  sent: z.number().int(),
  results: z.array(z.object({ email: z.string(), sent: z.boolean(), error: z.string().nullable() })),
})
export type InvitationBulkResult = z.infer<typeof invitationBulkResultSchema>

export const invitationResendSchema = z.object({ invitation_id: idSchema.optional() })

export const invitationVerifySchema = z.object({
  email: z.string(),
  role: roleSchema,
  organization_name: z.string().nullable(),
})
export type InvitationVerify = z.infer<typeof invitationVerifySchema>

export const invitationAcceptSchema = z
  .object({
    first_name: z.string().trim().min(1, INVITATION_MESSAGES.firstNameRequired).max(150),
    last_name: z.string().trim().min(1, INVITATION_MESSAGES.lastNameRequired).max(150),
    password: z
      .string()
      .min(1, INVITATION_MESSAGES.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMinChange)
      .max(256),
    password_confirm: z.string().max(256),
  })
  .refine((body) => body.password === body.password_confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['password_confirm'],
  })
export type InvitationAccept = z.input<typeof invitationAcceptSchema>
export const invitationAcceptedSchema = z.object({
  detail: z.string(),
  login_url: z.string(),
  email: z.string(),
  /** The new member's first session (they just chose the password); null when a second factor is due first. */
  session: loginResponseSchema.nullable(),
})
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>

/** The TINs offered on the invitation form. */
export const tinCatalogItemSchema = z.object({
  id: idSchema,
  tin_value: z.string(),
  display_name: z.string(),
  masked_tin: z.string(),
})
export type TinCatalogItem = z.infer<typeof tinCatalogItemSchema>
export const tinCatalogSchema = z.object({ results: z.array(tinCatalogItemSchema) })

export const organizationOptionSchema = z.object({ id: idSchema, name: z.string() })
export const organizationOptionsSchema = z.object({ results: z.array(organizationOptionSchema) })
export type OrganizationOption = z.infer<typeof organizationOptionSchema>

/** The TIN catalogue's query: the platform admin names the organisation, everyone else gets their own. */
export const tinCatalogQuerySchema = z.looseObject({ organization_id: z.string().uuid().optional() })
const tokenParamsSchema = z.object({ token: z.string().max(300) })

/**
 * Managing invitations is for the admin roles; checking and accepting a link is public (the random token is
 * the credential), as is the only thing those calls reveal: the invited address and role.
 */
export const INVITATION_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/',
    access: 'ADMIN_ROLES',
    answers: { 200: invitationListSchema },
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/users/invitations/send/',
    access: 'ADMIN_ROLES',
    body: invitationSendSchema,
    answers: { 201: invitationSentSchema },
  }),
  sendBulk: defineEndpoint({
    method: 'POST',
    path: '/api/users/invitations/bulk/',
    access: 'ADMIN_ROLES',
    body: invitationBulkSchema,
    answers: { 200: invitationBulkResultSchema },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/users/invitations/:id/resend/',
    access: 'ADMIN_ROLES',
    params: idParamsSchema,
    body: invitationResendSchema.optional(),
    answers: { 200: invitationSchema },
  }),
  /** Answers 204. */
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/invitations/:id/',
    access: 'ADMIN_ROLES',
    params: idParamsSchema,
  }),
  tins: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/tins/',
    access: 'ADMIN_ROLES',
    query: tinCatalogQuerySchema,
    answers: { 200: tinCatalogSchema },
  }),
  organizations: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/',
    access: 'ADMIN_ROLES',
    answers: { 200: organizationOptionsSchema },
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/users/invitations/verify/:token/',
    access: 'PUBLIC',
    params: tokenParamsSchema,
    answers: { 200: invitationVerifySchema },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/users/invitations/accept/:token/',
    access: 'PUBLIC',
    params: tokenParamsSchema,
    body: invitationAcceptSchema,
    answers: { 201: invitationAcceptedSchema },
  }),
}
