import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

// Append-only: no code path updates or deletes these rows, and triggers refuse UPDATE, DELETE and TRUNCATE
// whoever the caller is (migrations 0002, 0006 and 0030). On both databases the table is partitioned by month
// of occurred_at (migration 0030: the monthly partitions, a default partition, and the function the daily job
// calls to create months ahead), so the primary key holds the partition key too. A search's text may hold an
// MBI or contact details, so it is kept encrypted (`query_encrypted`), unlike the ids and counts in `details`.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    organizationId: uuid('organization_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    patientId: uuid('patient_id'),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    queryEncrypted: text('query_encrypted'),
  },
  (table) => [
    primaryKey({ name: 'audit_log_pkey', columns: [table.id, table.occurredAt] }),
    index('audit_log_occurred_idx').on(table.occurredAt),
    index('audit_log_patient_idx').on(table.patientId),
    index('audit_log_actor_idx').on(table.actorUserId),
  ],
)
