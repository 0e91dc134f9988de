import { sql } from 'drizzle-orm'
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { tins } from './tins.ts'

// A beneficiary as known to one organisation (the tenant). Contact details, MRN, MBI and the Blue Button
// patient id are encrypted; equality search goes through keyed hashes beside them.
// The name stays in clear so search can find partial and misspelt names (patient-name-index.ts).
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tinId: uuid('tin_id').references(() => tins.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    givenNames: jsonb('given_names').$type<string[]>().notNull().default([]),
    familyName: text('family_name'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender'),
    deceasedDate: date('deceased_date', { mode: 'string' }),
    mrnEncrypted: text('mrn_encrypted'),
    mrnHash: text('mrn_hash'),
    mbiEncrypted: text('mbi_encrypted'),
    mbiHash: text('mbi_hash'),
    emailEncrypted: text('email_encrypted'),
    emailHash: text('email_hash'),
    phoneEncrypted: text('phone_encrypted'),
    phoneHash: text('phone_hash'),
    bluebuttonPatientEncrypted: text('bluebutton_patient_encrypted'),
    bluebuttonPatientHash: text('bluebutton_patient_hash'),
    // Blue Button gives state and ZIP only; street, city and phone come from the organisation.
    state: text('state'),
    postalCode: text('postal_code'),
    dataAsOf: timestamp('data_as_of', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('patients_organization_mrn_key')
      .on(table.organizationId, table.mrnHash)
      .where(sql`${table.mrnHash} is not null`),
    index('patients_organization_mbi_idx').on(table.organizationId, table.mbiHash),
    index('patients_organization_email_idx').on(table.organizationId, table.emailHash),
    index('patients_organization_phone_idx').on(table.organizationId, table.phoneHash),
    index('patients_organization_tin_idx').on(table.organizationId, table.tinId),
  ],
)
