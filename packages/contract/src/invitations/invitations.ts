// Invitations: an admin invites staff by email with a role (and, for roles limited to TINs, the TINs), singly
// or in bulk; the invitee sets a name and password through the emailed link. The server applies the same
// role and TIN rules the form shows.
import { z } from 'zod'
import { idSchema, isoDateTimeSchema } from '../shared/common.ts'
import { isAdminRole, roleSchema, type Role } from '../shared/access.ts'
import { MESSAGES, passwordSchema } from '../shared/validators.ts'

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
  alreadyMember: 'This email already has an account',
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

const emailSchema = z
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

export const invitationSendSchema = z.object({ email: emailSchema, ...scopeFields })
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

/** The bulk form's own check, naming the first address that is not one. */
export function bulkEmailError(emails: readonly string[]): string | null {
  if (emails.length === 0) return INVITATION_MESSAGES.emailsRequired
  const bad = emails.find((email) => !z.email().safeParse(email).success)
  return bad ? `Invalid email format: ${bad}` : null
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
  status: z.enum(INVITATION_STATUSES),
  organization_name: z.string().nullable(),
  invited_by_email: z.string().nullable(),
  tin_ids: z.array(idSchema),
})
export type Invitation = z.infer<typeof invitationSchema>
export const invitationListSchema = z.object({ count: z.number().int(), results: z.array(invitationSchema) })
export type InvitationList = z.infer<typeof invitationListSchema>

export const invitationSentSchema = z.object({
  detail: z.string(),
  invitation: invitationSchema,
  login_url: z.string(),
})
export type InvitationSent = z.infer<typeof invitationSentSchema>

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
    password: z.string().min(1, INVITATION_MESSAGES.passwordRequired).pipe(passwordSchema),
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
