// Subscription billing with team seats: billing account, payments, team members, payment methods, their
// statuses, rules and messages. Money is integer cents everywhere.
import { z } from 'zod'
import { BILLING } from '../shared/constants.ts'
import { ownValue } from '../shared/own-keys.ts'
import { roleFitsOrganizationType, roleSchema, type OrganizationType } from '../shared/access.ts'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'
import { INVITE_ROLE_LABELS } from '../invitations/invitations.ts'

export const BILLING_ACCOUNT_KINDS = ['INDIVIDUAL', 'TEAM_ADMIN', 'TEAM_USER'] as const
export type BillingAccountKind = (typeof BILLING_ACCOUNT_KINDS)[number]

export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past Due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
}
export const subscriptionStatusLabel = (status: string | null | undefined): string =>
  (status && ownValue(SUBSCRIPTION_STATUS_LABELS, status)) || 'Unknown'
/** Active and trialing count as an active subscription. */
export const isActiveSubscription = (status: string | null | undefined): boolean =>
  status === 'active' || status === 'trialing'
/** Behind on payment: data stays readable, new authorization requests wait until the card is fixed. */
export const isPaymentOverdue = (status: string | null | undefined): boolean =>
  status === 'past_due' || status === 'unpaid'

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
}
export const paymentStatusLabel = (status: string | null | undefined): string =>
  (status && ownValue(PAYMENT_STATUS_LABELS, status)) || 'Unknown'

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const
export const PAYMENT_METHOD_TYPE_LABELS: Record<string, string> = {
  card: 'card',
  bank_transfer: 'bank transfer',
  ach: 'ACH',
}

/** Stripe card errors shown as they are and never retried. */
export const NON_RETRYABLE_PAYMENT_ERRORS = [
  'card_declined',
  'incorrect_cvc',
  'expired_card',
  'processing_error',
  'incorrect_number',
  'invalid_request_error',
  'authentication_required',
] as const

export const BILLING_MESSAGES = {
  alreadyTeamMember: 'This person is already a member of your organization',
  loadFailed: 'Failed to load billing information',
  cancelFailed: 'Failed to cancel subscription',
  portalFailed: 'Failed to open customer portal',
  checkoutFailed: 'Failed to create checkout session',
  paymentPortalFailed: 'Failed to open payment portal',
  inviteFailed: 'Failed to send invitation',
  removeMemberFailed: 'Failed to remove team member',
  canceled: 'Subscription canceled. You can continue using the service until your billing period ends.',
  noSubscription: 'No Subscription Found',
  trialEndingSoon: 'Trial Ending Soon',
  noPaymentHistory: 'No payment history yet',
  publishableKeyMissing: 'Stripe publishable key not configured',
  paymentFormFailed: 'Unable to initialize payment form. Please refresh and try again.',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  roleRequired: 'Role is required',
  roleNotForOrganization: 'This role does not fit your organization',
  notBillingManager: 'Only the account owner or a team administrator can manage billing.',
  notTeamAdmin: 'Only a team administrator can manage team members and seats.',
  individualOnly: 'Checkout is for individual accounts; a team subscribes through team sign-up.',
  paymentOverdue:
    'Your subscription payment is overdue. Update your payment method on the Billing page to send new authorization requests; your existing data stays available.',
  invitationInvalid: 'This invitation is invalid or has expired',
  noFreeSeat: 'Every seat is taken. Add a seat before inviting another member.',
} as const

/** A team's members and pending invitations each hold a seat: a subscription buys at least that many. */
export const seatsForMembersText = (held: number): string =>
  held === 1
    ? 'Your team already has 1 member or invitation: choose at least 1 seat'
    : `Your team already has ${held} members and invitations: choose at least ${held} seats`

export const TEAM_MEMBER_ROLES = ['PHYSICIAN_USER', 'ACO_USER', 'AGENT_USER'] as const
/** The member roles a team of this organisation type can hold: an ACO's members are ACO users, and so on. */
export const teamMemberRolesFor = (
  type: OrganizationType | null | undefined,
): (typeof TEAM_MEMBER_ROLES)[number][] =>
  TEAM_MEMBER_ROLES.filter((role) => roleFitsOrganizationType(role, type))

/** The invitation forms' names for these roles: a team invites members as the admin invitations do. */
export const TEAM_MEMBER_ROLE_LABELS: Record<(typeof TEAM_MEMBER_ROLES)[number], string> = {
  PHYSICIAN_USER: INVITE_ROLE_LABELS.PHYSICIAN_USER,
  ACO_USER: INVITE_ROLE_LABELS.ACO_USER,
  AGENT_USER: INVITE_ROLE_LABELS.AGENT_USER,
}

export const paymentSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  payment_method: z.string().nullable(),
  stripe_invoice_id: z.string(),
  // Beyond the shared payment fields: a server that sends none still renders the history.
  invoice_url: z.string().nullable().optional(),
})
export type Payment = z.infer<typeof paymentSchema>

export const teamMemberSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: roleSchema,
  }),
  is_active: z.boolean(),
  created_at: z.string(),
})
export type TeamMember = z.infer<typeof teamMemberSchema>

export const pendingTeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
})
export type PendingTeamInvitation = z.infer<typeof pendingTeamInvitationSchema>

/**
 * The billing account as the browser reads it. The fields every billing server sends are required; the ones
 * this server adds (seat price, cancel-at-period-end, the member list) are optional, so an answer without them
 * still renders. An account type the client does not know is read as a team member's, who manages nothing:
 * the page then shows the subscription without offering actions it cannot know are allowed.
 */
export const billingAccountSchema = z.object({
  account_type: z.enum(BILLING_ACCOUNT_KINDS).catch('TEAM_USER'),
  subscription_status: z.string().nullable(),
  team_name: z.string().nullable(),
  monthly_cost: z.number().int(),
  seat_price: z.number().int().optional(),
  trial_end_date: z.string().nullable(),
  next_billing_date: z.string().nullable(),
  cancel_at_period_end: z.boolean().optional(),
  seats_active: z.number().int(),
  seats_total: z.number().int(),
  created_at: z.string(),
  payment_history: z.array(paymentSchema),
  pending_invitations: z.array(pendingTeamInvitationSchema),
  team_members: z.array(teamMemberSchema).optional(),
})
export type BillingAccount = z.infer<typeof billingAccountSchema>

export const billingActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('customer_portal'), return_url: z.string().url().max(2000) }),
])
export type BillingAction = z.infer<typeof billingActionSchema>
export const billingActionResponseSchema = z.object({
  detail: z.string(),
  redirect_url: z.string().optional(),
})

export const checkoutRequestSchema = z.object({
  success_url: z.string().url().max(2000),
  cancel_url: z.string().url().max(2000),
})
/** A team's first subscription: its name and seats (the admin's own included), paid through checkout. */
export const teamSignupSchema = z.object({
  team_name: z.string().trim().min(2, 'Team name must be at least 2 characters').max(120),
  seats: z.number().int().min(1, 'At least one seat').max(500),
  success_url: z.string().url().max(2000),
  cancel_url: z.string().url().max(2000),
})
export type TeamSignup = z.infer<typeof teamSignupSchema>

export const checkoutResponseSchema = z.object({ checkout_url: z.string(), session_id: z.string() })
export const verifyCheckoutRequestSchema = z.object({ session_id: z.string().min(1).max(255) })
/** Where the checkout session stands, with the account as it is once a completed session was applied. */
export const verifyCheckoutResponseSchema = z.object({
  status: z.string(),
  payment_status: z.string().nullable().optional(),
  account: billingAccountSchema.nullable(),
})

export const seatChangeSchema = z.object({ user_id: z.string().max(200).optional() })
export const seatChangeResponseSchema = z.object({
  detail: z.string(),
  seats_total: z.number().int(),
  prorated_amount: z.number().int(),
})

export const teamInvitationCreateSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, BILLING_MESSAGES.emailRequired)
    .email(BILLING_MESSAGES.invalidEmail)
    .max(254),
  role: z.enum(TEAM_MEMBER_ROLES, { message: BILLING_MESSAGES.roleRequired }),
})
export const teamInvitationResponseSchema = z.object({
  detail: z.string(),
  invitation: pendingTeamInvitationSchema,
})
export const teamInvitationResendSchema = z.object({ invitation_id: z.string().max(200) })
export const teamInvitationVerifySchema = z.object({
  email: z.string(),
  role: z.string(),
  team_name: z.string(),
})
export const teamInvitationAcceptSchema = z.object({
  token: z.string().min(1).max(200),
  user: z.object({
    first_name: z.string().trim().min(1, 'First name is required').max(50),
    last_name: z.string().trim().min(1, 'Last name is required').max(50),
    password: z
      .string()
      .min(1, 'Password is required')
      .min(8, 'Password must be at least 8 characters')
      .max(256),
    password_confirm: z.string(),
  }),
})

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
  is_default: z.boolean(),
})
export type PaymentMethod = z.infer<typeof paymentMethodSchema>
export const paymentMethodListSchema = z.object({ results: z.array(paymentMethodSchema) })
export const paymentMethodSetupRequestSchema = z.object({ return_url: z.string().url().max(2000) })
export const paymentMethodSetupSchema = z.object({
  client_secret: z.string(),
  setup_intent_id: z.string(),
  /** Set when there is no publishable key (the local stand-in): the browser goes there to type the card. */
  hosted_setup_url: z.string().nullable(),
  publishable_key: z.string().nullable(),
})

export const SEAT_PRICE_CENTS = BILLING.seatPriceCents
/** Days of free trial for an account that never subscribed. */
export const TRIAL_DAYS = 14

/** '$19.99': cents shown as en-US currency. */
export const formatMoney = (cents: number, currency = 'usd'): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)

const detailSchema = z.object({ detail: z.string() })
const tokenParamsSchema = z.object({ token: z.string().max(200) })

/**
 * Signed-in routes leave who may manage what to the server's rules; the team invitation's verify and accept
 * are public (the invitee has no account yet), and so is Stripe's webhook, verified by its signature over the
 * raw body instead.
 */
export const BILLING_ENDPOINTS = {
  individualAccount: defineEndpoint({
    method: 'GET',
    path: '/api/billing/individual/billing/',
    access: 'SIGNED_IN',
    answers: { 200: billingAccountSchema },
  }),
  individualAction: defineEndpoint({
    method: 'POST',
    path: '/api/billing/individual/billing/',
    access: 'SIGNED_IN',
    body: billingActionSchema,
    answers: { 200: billingActionResponseSchema },
  }),
  teamAccount: defineEndpoint({
    method: 'GET',
    path: '/api/billing/team/billing/',
    access: 'SIGNED_IN',
    answers: { 200: billingAccountSchema },
  }),
  teamAction: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/billing/',
    access: 'SIGNED_IN',
    body: billingActionSchema,
    answers: { 200: billingActionResponseSchema },
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/billing/individual/checkout/',
    access: 'SIGNED_IN',
    body: checkoutRequestSchema,
    answers: { 200: checkoutResponseSchema },
  }),
  verifyCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/billing/verify-checkout/',
    access: 'SIGNED_IN',
    body: verifyCheckoutRequestSchema,
    answers: { 200: verifyCheckoutResponseSchema },
  }),
  teamSignup: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/signup/',
    access: 'SIGNED_IN',
    body: teamSignupSchema,
    answers: { 200: checkoutResponseSchema },
  }),
  addSeat: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/billing/seats/add/',
    access: 'SIGNED_IN',
    body: seatChangeSchema,
    answers: { 200: seatChangeResponseSchema },
  }),
  removeSeat: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/billing/seats/remove/',
    access: 'SIGNED_IN',
    body: seatChangeSchema,
    answers: { 200: seatChangeResponseSchema },
  }),
  createTeamInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/invitations/create/',
    access: 'SIGNED_IN',
    body: teamInvitationCreateSchema,
    answers: { 200: teamInvitationResponseSchema },
  }),
  resendTeamInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/invitations/resend/',
    access: 'SIGNED_IN',
    body: teamInvitationResendSchema,
    answers: { 200: detailSchema },
  }),
  verifyTeamInvitation: defineEndpoint({
    method: 'GET',
    path: '/api/billing/team/invitations/verify/:token/',
    access: 'PUBLIC',
    params: tokenParamsSchema,
    answers: { 200: teamInvitationVerifySchema },
  }),
  acceptTeamInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/billing/team/invitations/accept/',
    access: 'PUBLIC',
    body: teamInvitationAcceptSchema,
  }),
  paymentMethods: defineEndpoint({
    method: 'GET',
    path: '/api/billing/payment-methods/',
    access: 'SIGNED_IN',
    answers: { 200: paymentMethodListSchema },
  }),
  setupPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/api/billing/payment-methods/setup/',
    access: 'SIGNED_IN',
    body: paymentMethodSetupRequestSchema,
    answers: { 200: paymentMethodSetupSchema },
  }),
  setDefaultPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/api/billing/payment-methods/:id/default/',
    access: 'SIGNED_IN',
    params: idParamsSchema,
    answers: { 200: detailSchema },
  }),
  removePaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/api/billing/payment-methods/:id/',
    access: 'SIGNED_IN',
    params: idParamsSchema,
    answers: { 200: detailSchema },
  }),
  /** Stripe's events: the body is read as the exact string Stripe signed. */
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/billing/webhooks/stripe/',
    access: 'PUBLIC',
  }),
}
