import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { patients } from './patients.ts'
import { users } from './users.ts'

// The recapture and suspect worklist, computed when a pull completes (never on read). A gap is keyed per
// patient (`gap_key`: its type and HCC or condition), so a recomputation updates its figures and keeps the
// status staff gave it; a gap the new data no longer shows is kept with `current` false while it carries a
// status, so the status returns with the gap. The organisation is copied from the patient for the list index.
export const riskGaps = pgTable(
  'risk_gaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    gapKey: text('gap_key').notNull(),
    type: text('type').notNull(),
    condition: text('condition').notNull(),
    model: text('model').notNull(),
    hcc: text('hcc'),
    hccLabel: text('hcc_label'),
    value: numeric('value', { precision: 8, scale: 3 }).notNull(),
    rxHcc: text('rx_hcc'),
    rxHccLabel: text('rx_hcc_label'),
    rxValue: numeric('rx_value', { precision: 8, scale: 3 }).notNull(),
    trumpedBy: text('trumped_by'),
    confidence: text('confidence'),
    suggestedCode: text('suggested_code'),
    lastDate: date('last_date', { mode: 'string' }),
    providerNpi: text('provider_npi'),
    providerName: text('provider_name'),
    /** `{claims, fills, rule}` as the contract serves them. */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    current: boolean('current').notNull().default(true),
    status: text('status').notNull().default('open'),
    statusReason: text('status_reason'),
    deferUntil: date('defer_until', { mode: 'string' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('risk_gaps_patient_key').on(table.patientId, table.gapKey),
    index('risk_gaps_worklist_idx')
      .on(table.organizationId, table.status, table.value.desc(), table.id)
      .where(sql`current`),
    index('risk_gaps_provider_idx')
      .on(table.organizationId, table.providerNpi)
      .where(sql`current`),
  ],
)

// Per patient: the Part D (RxHCC) score with its trace and what the data cannot show, from the same computation.
export const riskGapPatients = pgTable('risk_gap_patients', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  partD: jsonb('part_d').$type<Record<string, unknown>>(),
  caveats: jsonb('caveats').$type<string[]>().notNull(),
  /** `{code, message}` per limitation of the record (migration 0033), e.g. short_history. */
  dataLimitations: jsonb('data_limitations')
    .$type<{ code: string; message: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
})
