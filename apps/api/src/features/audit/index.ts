// The audit feature's public face: the append-only writers every feature records with, and the routes
// of the audit search.
export {
  accessReason,
  openSearchQuery,
  sealSearchQuery,
  writeAudit,
  writeAuditRow,
  type AuditRowInput,
  type AuditSource,
  type PatientAuditEntry,
} from './audit-writer.ts'
export { auditRoutes } from './audit.routes.ts'
