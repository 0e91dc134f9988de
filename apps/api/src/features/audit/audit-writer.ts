// Append-only audit rows for reads of patient data (DESIGN.md §5, issue 6). Details carry ids, counts and
// the names of the search parameters used: never names, MBIs, MRNs or contact details.
import type { DbOrTx } from '../../db/client.ts'
import { auditLog } from '../../db/schema/audit.ts'
import type { Principal } from '../../plugins/access.ts'

export type AuditSource = { principal: Principal; ip: string; httpRequestId: string }

export type PatientAuditEntry = {
  action: string
  patientId: string | null
  targetType?: string
  targetId?: string | null
  details?: Record<string, string | number | boolean | null | string[]>
  at: Date
}

export async function writeAudit(db: DbOrTx, source: AuditSource, entry: PatientAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    occurredAt: entry.at,
    actorUserId: source.principal.userId,
    organizationId: source.principal.organizationId,
    action: entry.action,
    targetType: entry.targetType ?? 'patient',
    targetId: entry.targetId ?? entry.patientId,
    patientId: entry.patientId,
    ipAddress: source.ip,
    requestId: source.httpRequestId,
    details: entry.details ?? null,
  })
}
