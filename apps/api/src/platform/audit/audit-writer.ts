// Append-only audit rows for reads of patient data. Details carry ids, counts and
// the names of the search parameters used: never names, MBIs, MRNs or contact details. What a search asked
// for goes in sealed (`sealSearchQuery`), readable only through the audit endpoints. A read of one
// patient's data says why it was allowed in `reason` (`accessReason`): the authorization it relied on.
import type { Actor } from '../identity/principal.ts'
import type { DbOrTx } from '../db/client.ts'
import type { auditLog } from '../db/schema/audit.ts'
import { decrypt, encrypt, type CryptoKeys } from '../lib/crypto.ts'
import { insertAuditLog } from './audit.repository.ts'

export type PatientAuditEntry = {
  action: string
  patientId: string | null
  targetType?: string
  targetId?: string | null
  details?: Record<string, string | number | boolean | null | string[]>
  /**
   * The "why" of the audit row for a read of one patient's data: the legal basis it relied on
   * (`accessReason`). Searches and audit exports leave it out (null).
   */
  reason?: string
  /** From `sealSearchQuery`: the search as typed, encrypted. */
  sealedQuery?: string
  at: Date
}

/**
 * An audit row's reason for a read of one patient: the caller's active authorization request it relied on
 * (agents: their own), or that it was served without one (a revoked patient's identity-only read, say).
 */
export const accessReason = (authorizationId: string | null): string =>
  authorizationId === null ? 'no active authorization' : `authorization ${authorizationId}`

/** A search's parameters as typed, encrypted for the audit row (they may hold an MBI, an MRN or an email). */
export const sealSearchQuery = (keys: CryptoKeys, query: Record<string, string>): string =>
  encrypt(keys, JSON.stringify(query))

export const openSearchQuery = (keys: CryptoKeys, sealed: string | null): Record<string, string> | null =>
  sealed === null ? null : (JSON.parse(decrypt(keys, sealed)) as Record<string, string>)

export async function writeAudit(db: DbOrTx, source: Actor, entry: PatientAuditEntry): Promise<void> {
  await insertAuditLog(db, {
    occurredAt: entry.at,
    actorUserId: source.principal.userId,
    organizationId: source.principal.organizationId,
    action: entry.action,
    targetType: entry.targetType ?? 'patient',
    targetId: entry.targetId ?? entry.patientId,
    patientId: entry.patientId,
    reason: entry.reason ?? null,
    ipAddress: source.ip,
    requestId: source.httpRequestId,
    details: entry.details ?? null,
    queryEncrypted: entry.sealedQuery ?? null,
  })
}

/** A row about a request or a patient written by a lifecycle step or a staff action. */
export type AuditRowInput = {
  action: string
  /** Defaults to the request; the MRN lookup audits the patient it found; a public support request itself; sign-in steps audit the user. */
  targetType?: 'authorization_request' | 'patient' | 'support_request' | 'user' | 'risk_gap'
  actorUserId: string | null
  organizationId: string | null
  /** The target's id (the request, the patient for `targetType: 'patient'`, the user for 'user'). */
  requestId: string
  patientId: string | null
  ipAddress?: string | null
  httpRequestId?: string | null
  reason?: string | null
  details?: Record<string, string | number | boolean | null>
  at: Date
}

export async function writeAuditRow(db: DbOrTx, entry: AuditRowInput): Promise<void> {
  await insertAuditLog(db, auditRowOf(entry))
}

/**
 * The row `writeAuditRow` inserts, for a writer that inserts it in one statement with the change it records
 * (an event row and its audit row, one round trip).
 */
export function auditRowOf(entry: AuditRowInput): typeof auditLog.$inferInsert {
  return {
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
  }
}
