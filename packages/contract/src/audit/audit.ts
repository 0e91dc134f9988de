// The audit log as its readers see it: entries, the list, and the search's filters.
import { z } from 'zod'
import { paginated } from '../shared/common.ts'

export const AUDIT_ACTIONS = [
  'patient.search',
  'patient.read',
  'patient.basic_info',
  'patient.risk_score',
  'patient.consolidated',
  'patient.export',
  'claim.read',
  'patient_note.list',
  'patient_note.create',
  'patient_note.update',
  'patient_note.delete',
  'audit.export',
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
  'claim.read': 'viewed a claim of',
  'patient_note.list': 'read the notes on',
  'patient_note.create': 'added a note on',
  'patient_note.update': 'edited a note on',
  'patient_note.delete': 'deleted a note on',
  'audit.export': 'exported the audit log',
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
}

/** Actions whose object is the patient: the sentence ends with their name ('… opened the record of Rosa'). */
const ABOUT_A_PATIENT = new Set<string>([
  'patient.read',
  'patient.basic_info',
  'patient.risk_score',
  'patient.consolidated',
  'patient.export',
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
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
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
