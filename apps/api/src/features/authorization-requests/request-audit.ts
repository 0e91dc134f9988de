// Append-only audit rows for authorization requests (DESIGN.md §5). Details carry ids and states only:
// never names, contact details or MRNs.
import type { DbOrTx } from '../../db/client.ts'
import { auditLog } from '../../db/schema/audit.ts'

export type AuditEntry = {
  action: string
  /** Defaults to the request; the MRN lookup audits the patient it found. */
  targetType?: 'authorization_request' | 'patient'
  actorUserId: string | null
  organizationId: string | null
  /** The target's id (the request, or the patient for `targetType: 'patient'`). */
  requestId: string
  patientId: string | null
  ipAddress?: string | null
  httpRequestId?: string | null
  reason?: string | null
  details?: Record<string, string | number | boolean | null>
  at: Date
}

export async function writeRequestAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    occurredAt: entry.at,
    actorUserId: entry.actorUserId,
    organizationId: entry.organizationId,
    action: entry.action,
    targetType: entry.targetType ?? 'authorization_request',
    targetId: entry.requestId,
    patientId: entry.patientId,
    reason: entry.reason ?? null,
    ipAddress: entry.ipAddress ?? null,
    requestId: entry.httpRequestId ?? null,
    details: entry.details ?? null,
  })
}
