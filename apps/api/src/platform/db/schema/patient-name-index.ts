import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { organizations } from './organizations.ts'
import { patients } from './patients.ts'

// Name search at scale (1 million patients: bench/patients): a trigram index over every patient's full name answers
// "smth" by visiting every row of every organisation that shares a trigram with it. Instead each
// organisation gets a vocabulary of the distinct words of its patients' names (a few thousand rows even
// for 50,000 patients) where prefix, infix and misspelt matches are cheap, and a word → patient postings
// table that turns the matched words into patients by btree equality. Both are kept by triggers on
// `patients` (migration 0005), so every writer, including bulk loads, keeps them in step.

/** One row per (organisation, word of a patient's name, patient). */
export const patientNameTerms = pgTable(
  'patient_name_terms',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.term, table.patientId] }),
    index('patient_name_terms_patient_idx').on(table.patientId),
  ],
)

/** The distinct name words of an organisation's patients, with how many patients carry each. */
export const patientNameVocabulary = pgTable(
  'patient_name_vocabulary',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    patients: integer('patients').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.term] }),
    // Prefix LIKE through a btree whatever the database's collation.
    index('patient_name_vocabulary_prefix_idx').on(table.organizationId, table.term.op('text_pattern_ops')),
    index('patient_name_vocabulary_trgm_idx').using('gin', table.term.op('gin_trgm_ops')),
  ],
)

/**
 * Changes to the vocabulary's counts waiting for their transaction's commit, which applies them in one go
 * (migration 0035): creating patients with a common name at the same moment then never waits on the word's
 * row for a whole transaction. No foreign key: the rows of an organisation being deleted still arrive here.
 */
export const patientNameVocabularyChanges = pgTable(
  'patient_name_vocabulary_changes',
  {
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    organizationId: uuid('organization_id').notNull(),
    term: text('term').notNull(),
    delta: integer('delta').notNull(),
  },
  (table) => [index('patient_name_vocabulary_changes_transaction_idx').on(table.transactionId)],
)
