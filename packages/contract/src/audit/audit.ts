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
] as const

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
