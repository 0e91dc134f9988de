// Authorization requests and health plans.
import { z } from 'zod'
import { SETTINGS_LIMITS } from '../organization-settings/organization-settings.ts'
import { roleSchema } from '../shared/access.ts'
import { AUTHORIZATION, HEALTH_PLAN } from '../shared/constants.ts'
import { effectiveAccessEnd, expiresInLabel, timeRemainingText } from '../durations/durations.ts'
import { MESSAGES, isValidPhone } from '../shared/validators.ts'

export const AUTHORIZATION_STATUSES = [
  'pending',
  'consent_pending',
  'authorized',
  'denied',
  'expired',
  'revoked',
] as const
export const authorizationStatusSchema = z.enum(AUTHORIZATION_STATUSES)
export type AuthorizationStatus = z.infer<typeof authorizationStatusSchema>

/** Status labels; anything unknown reads 'Pending'. */
export const AUTHORIZATION_STATUS_LABELS: Record<AuthorizationStatus, string> = {
  pending: 'Pending',
  consent_pending: 'Awaiting Consent',
  authorized: 'Approved',
  denied: 'Rejected',
  expired: 'Expired',
  revoked: 'Revoked',
}
export const ACTIVE_AUTHORIZATION_STATUSES: readonly AuthorizationStatus[] = [
  'pending',
  'consent_pending',
  'authorized',
]
export const PENDING_AUTHORIZATION_STATUSES: readonly AuthorizationStatus[] = ['pending', 'consent_pending']

export const AUTHORIZATION_TYPES = ['healthcare_provider', 'insurance_agent'] as const
export const authorizationTypeSchema = z.enum(AUTHORIZATION_TYPES)
export type AuthorizationType = z.infer<typeof authorizationTypeSchema>

export const CONTACT_METHODS = ['email', 'phone'] as const
export const contactMethodSchema = z.enum(CONTACT_METHODS)
export type ContactMethod = z.infer<typeof contactMethodSchema>

export const AUTHORIZATION_MESSAGES = {
  alreadyActive: 'This patient already has an active authorization. View their data in the Patient tab.',
  patientAlreadyAuthorized: 'Patient Already Authorized',
  emptyList: 'No authorization requests found. Create one using the form above.',
  loadFailed: 'Failed to load authorization requests',
  healthPlansFailed: 'Failed to load health plans',
  createFailed: 'Failed to create authorization request',
  revokeFailed: 'Failed to cancel/revoke authorization request',
  statusFailed: 'Failed to check authorization status',
  detailsFailed: 'Failed to get authorization details',
  resendFailed: 'Failed to resend authorization request',
  resendLimit: 'This request has already been resent 3 times today. Try again tomorrow.',
  resendNotPending: 'Only pending requests can be resent.',
  revokeNotActive: 'Only pending or authorized requests can be cancelled or revoked.',
  retryPullNotFailed: 'Only an approved authorization whose last data pull failed can be pulled again.',
  retryPullFailed: 'Failed to start the data pull again',
  contactRequired: 'Enter the patient’s email address or phone number.',
} as const

export const healthPlanSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() })
export type HealthPlan = z.infer<typeof healthPlanSchema>
export const healthPlanListSchema = z.array(healthPlanSchema)
export const DEFAULT_HEALTH_PLAN_SLUG = HEALTH_PLAN.slug

export const IDENTITY_REVIEW_STATUSES = ['none', 'pending', 'confirmed', 'rejected'] as const
export const IDENTITY_DIFFERENCES = ['name', 'birth_date'] as const
export type IdentityDifference = (typeof IDENTITY_DIFFERENCES)[number]

export const BIRTH_DATE_HINT =
  'Optional, recommended: it lets us check that the Medicare record belongs to this patient.'

/** A date of birth (YYYY-MM-DD, a real day, not in the future, not before 1900). */
export const patientBirthDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().slice(0, 10) === value &&
      value >= '1900-01-01' &&
      date.getTime() <= Date.now()
    )
  }, 'Enter a real date of birth, not in the future.')

/**
 * The identity check of a request: what was asked for and what Medicare returned, side by side. The Medicare
 * side (and the reviewer's reason) is filled in only for the roles that review identities; a requester sees
 * that a review is pending and its outcome.
 */
export const identityReviewSchema = z.object({
  status: z.enum(IDENTITY_REVIEW_STATUSES),
  requested_name: z.string(),
  requested_birth_date: z.string().nullable(),
  medicare_name: z.string().nullable(),
  medicare_birth_date: z.string().nullable(),
  /** The last 4 characters of the Medicare Beneficiary Identifier Medicare returned. */
  medicare_id_last4: z.string().nullable(),
  differences: z.array(z.enum(IDENTITY_DIFFERENCES)),
  /** When the beneficiary consented at Medicare. */
  consented_at: z.string().nullable(),
  reviewed_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  reason: z.string().nullable(),
})
export type IdentityReview = z.infer<typeof identityReviewSchema>

/** POST .../{id}/identity-review/: confirm or reject, always with the reviewer's reason. */
export const identityDecisionSchema = z.object({
  decision: z.enum(['confirm', 'reject']),
  reason: z.string().trim().min(1, 'Give a reason for this decision.').max(500),
})
export type IdentityDecisionInput = z.infer<typeof identityDecisionSchema>

/** POST /api/healthplans/requests/. The server checks MRN by role. */
export const createAuthorizationRequestSchema = z
  .object({
    health_plan: z.string().trim().min(1, MESSAGES.required).max(50),
    patient_mrn: z.string().trim().max(64).nullish(),
    patient_identifier: z.string().trim().max(254).optional(),
    contact_method: contactMethodSchema,
    contact_value: z.string().trim().min(1, MESSAGES.required).max(254),
    authorization_type: authorizationTypeSchema.optional(),
    /**
     * How many days a provider's authorization lasts once the patient agrees; left out, the organisation's
     * default (admin settings) applies, else 13 months. Agents' authorizations always last about 10 hours.
     */
    duration_days: z
      .number()
      .int()
      .min(SETTINGS_LIMITS.defaultDurationDays.min)
      .max(SETTINGS_LIMITS.defaultDurationDays.max)
      .optional(),
    metadata: z.object({
      patient_name: z.string().trim().min(1, MESSAGES.required).max(100),
    }),
    /**
     * Optional, recommended: checked against the birth date Medicare holds, so a record that belongs to
     * someone else is held for review instead of filed under this patient.
     */
    patient_birth_date: patientBirthDateSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.contact_method === 'email' && !z.email().safeParse(body.contact_value).success) {
      ctx.addIssue({ code: 'custom', path: ['contact_value'], message: MESSAGES.email })
    }
    if (body.contact_method === 'phone' && !isValidPhone(body.contact_value)) {
      ctx.addIssue({ code: 'custom', path: ['contact_value'], message: MESSAGES.phone })
    }
  })
export type CreateAuthorizationRequest = z.infer<typeof createAuthorizationRequestSchema>

export const ingestionSchema = z.object({
  status: z.enum(['not_started', 'queued', 'running', 'completed', 'failed', 'held_for_review']),
  pages_fetched: z.number().int().nonnegative(),
  pages_total: z.number().int().nonnegative().nullable(),
  last_synced_at: z.string().nullable(),
  error: z.string().nullable(),
})
export type Ingestion = z.infer<typeof ingestionSchema>

export const authorizationRequestSchema = z.object({
  request_id: z.string(),
  status: authorizationStatusSchema,
  health_plan: healthPlanSchema.omit({ id: true }),
  patient_id: z.string().nullable(),
  patient_mrn: z.string().nullable(),
  patient_email: z.string().nullable(),
  patient_phone: z.string().nullable(),
  patient_name: z.string(),
  metadata: z.object({ patient_name: z.string() }),
  authorization_type: authorizationTypeSchema,
  contact_method: contactMethodSchema,
  created_at: z.string(),
  expires_at: z.string().nullable(),
  /**
   * When Medicare's own access ends (Blue Button's grant end, or a one-time grant's hour); null when unknown
   * or before the patient agreed. Optional so that answers from before it was served still parse.
   */
  medicare_access_ends_at: z.string().nullable().optional(),
  authorized_at: z.string().nullable(),
  /** When a denied, revoked or expired request ended; null while it is live. */
  ended_at: z.string().nullable(),
  message: z.string().nullable(),
  requester: z.object({ id: z.string(), name: z.string(), role: roleSchema }),
  renewal_of: z.string().nullable(),
  identity_review: identityReviewSchema,
  ingestion: ingestionSchema,
  resends_today: z.number().int().nonnegative(),
})
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>

/** `status` and `message` are the documented answer; this API adds the pull's progress, which clients may ignore. */
export const authorizationStatusResponseSchema = z.object({
  status: authorizationStatusSchema,
  message: z.string().nullable(),
  ingestion: ingestionSchema.optional(),
})

/** GET /api/healthplans/requests/lookup/?mrn=: the create form's MRN blur check ('Patient Already Authorized'). */
export const mrnLookupResponseSchema = z.object({
  already_authorized: z.boolean(),
  patient_id: z.string().nullable(),
  request_id: z.string().nullable(),
  status: authorizationStatusSchema.nullable(),
})
export type MrnLookupResponse = z.infer<typeof mrnLookupResponseSchema>

/** The most requests one 'Clear My Requests' can hide or its Undo show again. */
export const UNHIDE_MAX_REQUESTS = 500

/** POST /api/healthplans/requests/unhide/: the Undo of 'Clear My Requests', and 'Show again' on hidden ones. */
export const unhideRequestsSchema = z.object({
  request_ids: z.array(z.uuid()).min(1).max(UNHIDE_MAX_REQUESTS),
})
export type UnhideRequests = z.infer<typeof unhideRequestsSchema>
/** The ids shown again: the caller's own hidden requests among those asked for. */
export const unhideRequestsResponseSchema = z.object({ unhidden: z.array(z.string()) })
export type UnhideRequestsResponse = z.infer<typeof unhideRequestsResponseSchema>

/** Whether the display should treat a request as expired (expires_at in the past, whatever its status). */
export function isDisplayExpired(
  request: Pick<AuthorizationRequest, 'expires_at'>,
  now: number = Date.now(),
): boolean {
  return request.expires_at != null && Date.parse(request.expires_at) <= now
}

export type RequestGroup = 'pending' | 'approved' | 'other'
/** My Requests' three groups; the dashboard's tiles for the same requests use the same words. */
export const REQUEST_GROUP_LABELS: Record<RequestGroup, string> = {
  pending: 'Pending',
  approved: AUTHORIZATION_STATUS_LABELS.authorized,
  other: 'Other',
}
export function requestGroup(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at'>,
  now: number = Date.now(),
): RequestGroup {
  if (isDisplayExpired(request, now)) return 'other'
  if (PENDING_AUTHORIZATION_STATUSES.includes(request.status)) return 'pending'
  if (request.status === 'authorized') return 'approved'
  return 'other'
}

/**
 * What the time column says: time remaining for pending and approved requests, and for ended ones how and
 * when they ended ('Rejected on Nov 3, 2026'); never time remaining on an ended request.
 */
export function requestTimeText(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at' | 'ended_at'>,
  now: number = Date.now(),
): string | null {
  if (requestGroup(request, now) !== 'other') return timeRemainingText(request.expires_at, now)
  const expired = isDisplayExpired(request, now) || request.status === 'expired'
  const how = expired ? AUTHORIZATION_STATUS_LABELS.expired : AUTHORIZATION_STATUS_LABELS[request.status]
  const when = expired && request.status !== 'expired' ? request.expires_at : request.ended_at
  // Without a date the status badge already says how it ended.
  if (!when) return null
  const date = new Date(when).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
  return `${how} on ${date}`
}

/** The status label, 'Expires in N days' under 30 days for approved requests (hours and minutes under a day). */
/** What a request whose Medicare record waits for an identity review is called wherever its status shows. */
export const IDENTITY_REVIEW_LABEL = 'Under identity review'

export function statusLabel(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at'>,
  now: number = Date.now(),
): string {
  if (isDisplayExpired(request, now)) return AUTHORIZATION_STATUS_LABELS.expired
  if (request.status === 'authorized' && request.expires_at) {
    const expiring = expiresInLabel(request.expires_at, now, AUTHORIZATION.renewalWindowDays)
    if (expiring) return expiring
  }
  return AUTHORIZATION_STATUS_LABELS[request.status] ?? 'Pending'
}

// ── The dashboard's request tiles ─────────────────────────────────────────────────────────────────────────

const HOUR_MS = 3_600_000
/** A request unanswered for longer than this needs attention (a reminder, a call). */
export const AWAITING_ALERT_HOURS = 48

const isHeldForReview = (request: Pick<AuthorizationRequest, 'identity_review' | 'ingestion'>): boolean =>
  request.identity_review.status === 'pending' || request.ingestion.status === 'held_for_review'

/** When access ends as staff plan around it: Medicare's grant end when a provider's grant ends first. */
export const staffAccessEnd = (
  request: Pick<AuthorizationRequest, 'authorization_type' | 'expires_at' | 'medicare_access_ends_at'>,
): string | null =>
  effectiveAccessEnd(request.authorization_type, request.expires_at, request.medicare_access_ends_at)

/** The tiles that count requests one by one (the dashboard's Patients with data counts patients instead). */
export const REQUEST_BUCKETS = [
  'awaiting',
  'approved',
  'heldForReview',
  'rejected',
  'expired',
  'revoked',
  'awaitingOver48h',
  'expiringWithin30Days',
] as const
export type RequestBucket = (typeof REQUEST_BUCKETS)[number]

/** Each tile's label, on the dashboard and above the list it opens. */
export const REQUEST_BUCKET_LABELS: Record<RequestBucket, string> = {
  awaiting: REQUEST_GROUP_LABELS.pending,
  approved: REQUEST_GROUP_LABELS.approved,
  heldForReview: `${REQUEST_GROUP_LABELS.approved}, data held for review`,
  rejected: AUTHORIZATION_STATUS_LABELS.denied,
  expired: AUTHORIZATION_STATUS_LABELS.expired,
  revoked: AUTHORIZATION_STATUS_LABELS.revoked,
  awaitingOver48h: `${REQUEST_GROUP_LABELS.pending} over ${AWAITING_ALERT_HOURS} hours`,
  expiringWithin30Days: 'Approvals expiring within 30 days',
}
export const isRequestBucket = (value: string | null): value is RequestBucket =>
  (REQUEST_BUCKETS as readonly (string | null)[]).includes(value)

/**
 * The tiles a request counts under. The tiles' numbers and the lists they open both come from here, so a
 * tile showing 2 opens a list of exactly those 2 requests.
 */
export function requestBuckets(request: AuthorizationRequest, now: number = Date.now()): RequestBucket[] {
  const group = requestGroup(request, now)
  if (group === 'pending')
    return now - Date.parse(request.created_at) > AWAITING_ALERT_HOURS * HOUR_MS
      ? ['awaiting', 'awaitingOver48h']
      : ['awaiting']
  if (group === 'approved' && isHeldForReview(request)) return ['heldForReview']
  if (group === 'approved') {
    const end = staffAccessEnd(request)
    const left = end ? Date.parse(end) - now : Infinity
    return left < AUTHORIZATION.renewalWindowDays * 24 * HOUR_MS
      ? ['approved', 'expiringWithin30Days']
      : ['approved']
  }
  if (isDisplayExpired(request, now) || request.status === 'expired') return ['expired']
  if (request.status === 'denied') return ['rejected']
  if (request.status === 'revoked') return ['revoked']
  return []
}

// ── What needs attention (the dashboard's figures and Data Access) ──────────────────────────────────────────

/**
 * The server-counted sets behind the dashboard's figures. The figure and the list it opens
 * (GET /api/healthplans/requests/?attention=…) are read with one condition each on the server.
 */
export const REQUEST_ATTENTION = [
  'waiting_over_48h',
  'ending_within_30_days',
  'pull_failed',
  'authorized',
] as const
export type RequestAttention = (typeof REQUEST_ATTENTION)[number]
export const requestAttentionSchema = z.enum(REQUEST_ATTENTION)

export const REQUEST_ATTENTION_LABELS: Record<RequestAttention, string> = {
  waiting_over_48h: 'Waiting over 48 hours',
  ending_within_30_days: 'Ending within 30 days',
  pull_failed: 'Data pulls failed',
  authorized: 'Requests authorized',
}
