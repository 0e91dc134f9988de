// Authorization requests and health plans.
import { z } from 'zod'
import { SETTINGS_LIMITS } from '../organization-settings/organization-settings.ts'
import { roleSchema } from '../shared/access.ts'
import { HEALTH_PLAN } from '../shared/constants.ts'
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
  contactRequired: 'Enter the patient’s email address or phone number.',
} as const

export const healthPlanSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() })
export type HealthPlan = z.infer<typeof healthPlanSchema>
export const healthPlanListSchema = z.array(healthPlanSchema)
export const DEFAULT_HEALTH_PLAN_SLUG = HEALTH_PLAN.slug

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
  authorized_at: z.string().nullable(),
  /** When a denied, revoked or expired request ended; null while it is live. */
  ended_at: z.string().nullable(),
  message: z.string().nullable(),
  requester: z.object({ id: z.string(), name: z.string(), role: roleSchema }),
  renewal_of: z.string().nullable(),
  identity_review: z.enum(['none', 'pending', 'confirmed', 'rejected']),
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

/** Whether the display should treat a request as expired (expires_at in the past, whatever its status). */
export function isDisplayExpired(
  request: Pick<AuthorizationRequest, 'expires_at'>,
  now: number = Date.now(),
): boolean {
  return request.expires_at != null && Date.parse(request.expires_at) <= now
}

export type RequestGroup = 'pending' | 'approved' | 'other'
export function requestGroup(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at'>,
  now: number = Date.now(),
): RequestGroup {
  if (isDisplayExpired(request, now)) return 'other'
  if (PENDING_AUTHORIZATION_STATUSES.includes(request.status)) return 'pending'
  if (request.status === 'authorized') return 'approved'
  return 'other'
}

/** 'Nd Nh remaining', 'Nh Nm remaining', 'Nm remaining' or 'Expired'. */
export function timeRemainingText(expiresAt: string | null, now: number = Date.now()): string | null {
  if (expiresAt == null) return null
  const remainingMs = Date.parse(expiresAt) - now
  if (!(remainingMs > 0)) return 'Expired'
  const minutes = Math.floor(remainingMs / 60_000)
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor((minutes % (24 * 60)) / 60)
  if (days > 0) return `${days}d ${hours}h remaining`
  if (hours > 0) return `${hours}h ${minutes % 60}m remaining`
  return `${minutes}m remaining`
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

/** The status label, 'Expires in N days' under 30 days for approved requests. */
export function statusLabel(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at'>,
  now: number = Date.now(),
): string {
  if (isDisplayExpired(request, now)) return AUTHORIZATION_STATUS_LABELS.expired
  if (request.status === 'authorized' && request.expires_at) {
    const days = Math.ceil((Date.parse(request.expires_at) - now) / 86_400_000)
    if (days < 30) return `Expires in ${days} day${days === 1 ? '' : 's'}`
  }
  return AUTHORIZATION_STATUS_LABELS[request.status] ?? 'Pending'
}
