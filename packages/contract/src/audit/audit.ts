// The audit log as its readers see it: entries, the list, and the search's filters.
import { z } from 'zod'
import { paginated } from '../shared/common.ts'
import { isoDateOrTimeSchema } from '../shared/dates.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const AUDIT_ACTIONS = [
  'patient.search',
  'patient.read',
  'patient.basic_info',
  'patient.risk_score',
  'patient.consolidated',
  'patient.export',
  'patient.coverage',
  'patient.adherence',
  'patient.brief',
  'visit_planner.read',
  'claim.read',
  'patient_note.list',
  'patient_note.create',
  'patient_note.update',
  'patient_note.delete',
  'audit.export',
  'audit.partitions_dropped',
  'ingestion.api_version_switched',
  'patient.tin_change',
  'tin.create',
  'tin.update',
  'tin.deactivate',
  'tin.reactivate',
  'tin.bulk_attach',
  'tin.patients_list',
  'tin.unassigned_list',
  'invitation.send',
  'invitation.resend',
  'invitation.revoke',
  'member.update',
  'profile.read',
  'profile.update',
  'address.read',
  'address.update',
  'preferences.update',
  'setup.complete',
  'report.risk_view',
  'report.risk_export',
  'risk_gaps.list',
  'risk_gaps.export',
  'risk_gaps.patient',
  'risk_gaps.status',
  'billing.checkout_started',
  'billing.portal_opened',
  'billing.cancel',
  'billing.seat_add',
  'billing.seat_remove',
  'billing.team_invite',
  'billing.team_invite_resend',
  'billing.payment_method_setup',
  'billing.payment_method_default',
  'billing.payment_method_remove',
  'support.request_submitted',
  'two_factor.setup',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.recovery_codes_regenerate',
  'two_factor.recovery_code_used',
  'two_factor.code_failed',
  'two_factor.locked',
  'organization.two_factor_requirement',
  'session.revoke',
  'session.revoke_others',
  'auth.sign_in',
  'admin.user_role_change',
  'admin.user_groups_change',
  'admin.user_deactivate',
  'admin.user_reactivate',
  'admin.user_password_reset',
  'admin.user_verification_resend',
  'admin.user_read',
  'admin.user_list',
  'admin.overview_read',
  'admin.organization_create',
  'admin.organization_update',
  'admin.organization_deactivate',
  'admin.organization_reactivate',
  'admin.organization_list',
  'admin.organization_read',
  'admin.report_viewed',
  'admin.report_exported',
  'admin.settings_updated',
  'admin.support_viewed',
  'admin.support_replied',
  'admin.support_assigned',
  'admin.support_status_changed',
  'admin.template_updated',
  'integration.app_create',
  'integration.app_secret_rotate',
  'integration.app_delete',
  'integration.grant_revoke',
  'oauth.consent_allow',
  'oauth.consent_deny',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What each action did, as the filter offers it and a sentence says it (after the person's name). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'patient.search': 'searched for patients',
  'patient.read': 'opened the record of',
  'patient.basic_info': 'viewed the basic details of',
  'patient.risk_score': 'viewed the risk score of',
  'patient.consolidated': 'viewed the medications and claims of',
  'patient.export': 'exported the record of',
  'patient.coverage': 'viewed the Medicare coverage of',
  'patient.adherence': 'viewed the medication adherence of',
  'patient.brief': 'opened the pre-visit brief of',
  'visit_planner.read': 'opened the visit planner',
  'claim.read': 'viewed a claim of',
  'patient_note.list': 'read the notes on',
  'patient_note.create': 'added a note on',
  'patient_note.update': 'edited a note on',
  'patient_note.delete': 'deleted a note on',
  'audit.export': 'exported the audit log',
  'audit.partitions_dropped': 'deleted the audit log’s months older than the retention period',
  'ingestion.api_version_switched':
    'replaced, after a Blue Button version change, the earlier copy of the Medicare data of',
  'patient.tin_change': 'moved to another TIN',
  'tin.create': 'registered a TIN',
  'tin.update': 'edited a TIN',
  'tin.deactivate': 'deactivated a TIN',
  'tin.reactivate': 'reactivated a TIN',
  'tin.bulk_attach': 'attached patients to a TIN',
  'tin.patients_list': 'listed the patients of a TIN',
  'tin.unassigned_list': 'listed the patients without a TIN',
  'invitation.send': 'sent an invitation',
  'invitation.resend': 'resent an invitation',
  'invitation.revoke': 'revoked an invitation',
  'member.update': 'changed a member’s access',
  'profile.read': 'viewed a member’s profile',
  'profile.update': 'updated a profile',
  'address.read': 'viewed a member’s address',
  'address.update': 'updated an address',
  'preferences.update': 'changed their preferences',
  'setup.complete': 'completed the organization’s setup',
  'report.risk_view': 'viewed the risk report',
  'report.risk_export': 'exported the risk report',
  'risk_gaps.list': 'viewed the risk gap worklist',
  'risk_gaps.export': 'exported the risk gap worklist',
  'risk_gaps.patient': 'viewed the risk gaps and Part D score of',
  'risk_gaps.status': 'changed the status of a risk gap of',
  'billing.checkout_started': 'started a subscription checkout',
  'billing.portal_opened': 'opened the billing portal',
  'billing.cancel': 'canceled the subscription',
  'billing.seat_add': 'added a seat',
  'billing.seat_remove': 'removed a seat',
  'billing.team_invite': 'invited someone onto a seat',
  'billing.team_invite_resend': 'resent a seat invitation',
  'billing.payment_method_setup': 'started adding a card',
  'billing.payment_method_default': 'changed the default card',
  'billing.payment_method_remove': 'removed a card',
  'support.request_submitted': 'sent a support request',
  'two_factor.setup': 'started setting up two-factor authentication',
  'two_factor.enable': 'turned on two-factor authentication',
  'two_factor.disable': 'turned off two-factor authentication',
  'two_factor.recovery_codes_regenerate': 'generated new two-factor recovery codes',
  'two_factor.recovery_code_used': 'used a two-factor recovery code',
  'two_factor.code_failed': 'entered a wrong two-factor code',
  'two_factor.locked': 'was locked out of two-factor sign-in after too many wrong codes',
  'organization.two_factor_requirement': 'changed the organization’s two-factor requirement',
  'session.revoke': 'signed out one of their sessions',
  'session.revoke_others': 'signed out all their other sessions',
  'auth.sign_in': 'signed in',
  'admin.user_role_change': 'changed a user’s role',
  'admin.user_groups_change': 'changed a user’s groups',
  'admin.user_deactivate': 'deactivated a user',
  'admin.user_reactivate': 'reactivated a user',
  'admin.user_password_reset': 'sent a user a password reset link',
  'admin.user_verification_resend': 'resent a user’s email verification',
  'admin.user_read': 'viewed a user’s details',
  'admin.user_list': 'listed users',
  'admin.overview_read': 'viewed the admin overview',
  'admin.organization_create': 'created an organization',
  'admin.organization_update': 'edited an organization',
  'admin.organization_deactivate': 'deactivated an organization',
  'admin.organization_reactivate': 'reactivated an organization',
  'admin.organization_list': 'listed organizations',
  'admin.organization_read': 'viewed an organization',
  'admin.report_viewed': 'viewed the admin report',
  'admin.report_exported': 'exported the admin report as CSV',
  'admin.settings_updated': 'changed an organization’s settings',
  'admin.support_viewed': 'viewed a support request',
  'admin.support_replied': 'replied to a support request',
  'admin.support_assigned': 'assigned a support request',
  'admin.support_status_changed': 'changed a support request’s status',
  'admin.template_updated': 'edited a message template',
  'integration.app_create': 'registered a third-party app',
  'integration.app_secret_rotate': 'rotated a third-party app’s secret',
  'integration.app_delete': 'deleted a third-party app',
  'integration.grant_revoke': 'revoked a third-party app’s access to their account',
  'oauth.consent_allow': 'allowed a third-party app to access their account',
  'oauth.consent_deny': 'denied a third-party app access to their account',
}

/** Actions whose object is the patient: the sentence ends with their name ('… opened the record of Rosa'). */
const ABOUT_A_PATIENT = new Set<string>([
  'patient.read',
  'patient.basic_info',
  'patient.risk_score',
  'patient.consolidated',
  'patient.export',
  'patient.coverage',
  'patient.adherence',
  'patient.brief',
  'claim.read',
  'patient_note.list',
  'patient_note.create',
  'patient_note.update',
  'patient_note.delete',
  'patient.tin_change',
])

const isKnownAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action)

/** 'authorization_request.message_queued' → 'authorization request: message queued', for actions without a sentence. */
const spokenAction = (action: string): string => action.replace(/_/g, ' ').replace('.', ': ')

/**
 * One audit row as a sentence people read: who did what to whom. Names appear only when the log carries
 * them (the reader's own organisation); otherwise 'Someone' and 'a patient', never an id.
 */
export function auditSentence(
  entry: Pick<AuditEntry, 'action' | 'actor_name' | 'actor_user_id' | 'patient_name' | 'patient_id'>,
): string {
  const who = entry.actor_name ?? (entry.actor_user_id ? 'A former user' : 'The system')
  const patient = entry.patient_name ?? (entry.patient_id ? 'a patient' : null)
  if (!isKnownAction(entry.action)) {
    const about = patient ? ` (${patient})` : ''
    return `${who}: ${spokenAction(entry.action)}${about}`
  }
  const what = AUDIT_ACTION_LABELS[entry.action]
  if (entry.action === 'patient.tin_change') return `${who} moved ${patient ?? 'a patient'} to another TIN`
  if (ABOUT_A_PATIENT.has(entry.action)) return `${who} ${what} ${patient ?? 'a patient'}`
  return `${who} ${what}`
}

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor_user_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  organization_id: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  patient_id: z.string().nullable(),
  /** The patient's name, when the row belongs to the reader's organisation's patient. */
  patient_name: z.string().nullable().optional(),
  /**
   * Why a read of one patient's data was allowed: `authorization <request id>` (the caller's active
   * authorization it relied on) or `no active authorization`; null for searches and audit exports.
   */
  reason: z.string().nullable(),
  ip_address: z.string().nullable(),
  request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** A patient search as typed (parameter → value); stored encrypted, shown only to the audit's readers. */
  query: z.record(z.string(), z.string()).nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditListSchema = paginated(auditEntrySchema)
export type AuditList = z.infer<typeof auditListSchema>

/** GET /api/admin/audit/ (and /export/ as CSV): filters are optional; from/to are ISO dates or date-times. */
export const auditQuerySchema = z
  .object({
    user: z.string().uuid().optional(),
    patient: z.string().uuid().optional(),
    action: z.string().max(64).optional(),
    from: isoDateOrTimeSchema.optional(),
    to: isoDateOrTimeSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .passthrough()
export type AuditQuery = z.infer<typeof auditQuerySchema>

/** GET /api/admin/audit/people/: the people in the reader's log, for the person filter. */
export const auditPeopleSchema = z.object({
  results: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type AuditPeople = z.infer<typeof auditPeopleSchema>

/** Admin roles with 'audit.view'. */
export const AUDIT_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/',
    access: 'AUDIT_VIEW',
    query: auditQuerySchema,
    answers: { 200: auditListSchema },
  }),
  people: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/people/',
    access: 'AUDIT_VIEW',
    answers: { 200: auditPeopleSchema },
  }),
  /** The same search as a CSV file. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/export/',
    access: 'AUDIT_VIEW',
    query: auditQuerySchema,
  }),
}
