// The audit feature's public face: the append-only writers every feature records with, and the routes
// of the audit search.
export {
  accessReason,
  auditRowOf,
  openSearchQuery,
  sealSearchQuery,
  writeAudit,
  writeAuditRow,
  type AuditRowInput,
  type PatientAuditEntry,
} from './audit-writer.ts'
export { auditRoutes } from './audit.routes.ts'
export { lastPatientDataRead } from './last-read.ts'
export { createAuditPartitions, startAuditPartitionsWorker } from './partitions-worker.ts'
export { dropExpiredAuditPartitions, startAuditRetentionWorker } from './retention-worker.ts'
