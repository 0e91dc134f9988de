import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { isNull, sql, type SQL } from 'drizzle-orm'
import { BLUEBUTTON_API_VERSIONS, ingestionRuns } from './bluebutton.ts'
import { patients } from './patients.ts'

// Medicare data as pulled from Blue Button and mapped by @blueconsent/bluebutton. Each row keeps the mapped
// record (what the UI shows) and the original FHIR resource (for the FHIR export). Re-pulls upsert on the
// resource id, so a pull is idempotent.
//
// A pull whose Medicare beneficiary does not match the requested patient writes its rows quarantined: tagged
// with its run (`held_run_id`), apart from the patient's released rows (each unique key covers one side
// only), and read by nothing but the review until an administrator confirms the identity (the rows are then
// released over the patient's) or rejects it (the run's rows are deleted, the patient's earlier data untouched).
/**
 * The one condition every read of clinical data carries: only released rows, never a held pull's. A new read
 * path that forgets it fails quarantine.int.test.ts (which plants a held pull and reads every route).
 */
export const released = (
  table: typeof claims | typeof coverages | typeof medications | typeof riskScores,
): SQL => isNull(table.heldRunId)

const money = (name: string) => bigint(name, { mode: 'number' })
/**
 * The Blue Button version of the pull that last stored the row (null: stored before versions were recorded).
 * CMS names the same claim, drug event and coverage differently in each version, so a pull after a version
 * switch stores everything anew and then deletes what is still marked with another version.
 */
const storedByVersion = () => text('api_version', { enum: BLUEBUTTON_API_VERSIONS })

export const coverages = pgTable(
  'coverages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    heldRunId: uuid('held_run_id').references(() => ingestionRuns.id, { onDelete: 'cascade' }),
    resourceId: text('resource_id').notNull(),
    apiVersion: storedByVersion(),
    part: text('part'),
    status: text('status'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    resource: jsonb('resource').$type<Record<string, unknown>>().notNull(),
    sourceLastUpdated: timestamp('source_last_updated', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coverages_patient_resource_key')
      .on(table.patientId, table.resourceId)
      .where(sql`held_run_id is null`),
    uniqueIndex('coverages_held_resource_key')
      .on(table.heldRunId, table.resourceId)
      .where(sql`held_run_id is not null`),
  ],
)

export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    heldRunId: uuid('held_run_id').references(() => ingestionRuns.id, { onDelete: 'cascade' }),
    resourceId: text('resource_id').notNull(),
    apiVersion: storedByVersion(),
    claimType: text('claim_type').notNull(),
    billableStart: date('billable_start', { mode: 'string' }),
    billableEnd: date('billable_end', { mode: 'string' }),
    typeOfBill: text('type_of_bill'),
    providerNpi: text('provider_npi'),
    providerName: text('provider_name'),
    submittedCents: money('submitted_cents'),
    allowedCents: money('allowed_cents'),
    medicarePaidCents: money('medicare_paid_cents'),
    patientPaysCents: money('patient_pays_cents'),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    resource: jsonb('resource').$type<Record<string, unknown>>().notNull(),
    sourceLastUpdated: timestamp('source_last_updated', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('claims_patient_resource_key')
      .on(table.patientId, table.resourceId)
      .where(sql`held_run_id is null`),
    uniqueIndex('claims_held_resource_key')
      .on(table.heldRunId, table.resourceId)
      .where(sql`held_run_id is not null`),
    index('claims_patient_date_idx').on(table.patientId, table.billableEnd),
  ],
)

export const claimDiagnoses = pgTable(
  'claim_diagnoses',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    code: text('code').notNull(),
    system: text('system').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.claimId, table.sequence] }),
    index('claim_diagnoses_code_idx').on(table.code),
  ],
)

export const claimProcedures = pgTable(
  'claim_procedures',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    code: text('code').notNull(),
    system: text('system').notNull(),
    performedOn: date('performed_on', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.claimId, table.sequence] })],
)

export const claimLines = pgTable(
  'claim_lines',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    hcpcs: text('hcpcs'),
    modifiers: jsonb('modifiers').$type<string[]>().notNull().default([]),
    serviceStart: date('service_start', { mode: 'string' }),
    serviceEnd: date('service_end', { mode: 'string' }),
    quantity: numeric('quantity'),
    placeOfService: text('place_of_service'),
    providerNpi: text('provider_npi'),
    submittedCents: money('submitted_cents'),
    allowedCents: money('allowed_cents'),
    medicarePaidCents: money('medicare_paid_cents'),
  },
  (table) => [primaryKey({ columns: [table.claimId, table.sequence] })],
)

export const medications = pgTable(
  'medications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    heldRunId: uuid('held_run_id').references(() => ingestionRuns.id, { onDelete: 'cascade' }),
    resourceId: text('resource_id').notNull(),
    apiVersion: storedByVersion(),
    ndc: text('ndc'),
    drugName: text('drug_name'),
    fillDate: date('fill_date', { mode: 'string' }),
    daysSupply: integer('days_supply'),
    endDate: date('end_date', { mode: 'string' }),
    quantity: numeric('quantity'),
    refillNumber: integer('refill_number'),
    prescriberNpi: text('prescriber_npi'),
    prescriberName: text('prescriber_name'),
    pharmacyName: text('pharmacy_name'),
    brandGeneric: text('brand_generic'),
    totalCostCents: money('total_cost_cents'),
    patientPayCents: money('patient_pay_cents'),
    planPaidCents: money('plan_paid_cents'),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    resource: jsonb('resource').$type<Record<string, unknown>>().notNull(),
    sourceLastUpdated: timestamp('source_last_updated', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('medications_patient_resource_key')
      .on(table.patientId, table.resourceId)
      .where(sql`held_run_id is null`),
    uniqueIndex('medications_held_resource_key')
      .on(table.heldRunId, table.resourceId)
      .where(sql`held_run_id is not null`),
    index('medications_patient_fill_idx').on(table.patientId, table.fillDate),
  ],
)

// Each computation is kept (model, payment year, when); the newest is the patient's current score.
export const riskScores = pgTable(
  'risk_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    heldRunId: uuid('held_run_id').references(() => ingestionRuns.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    paymentYear: integer('payment_year').notNull(),
    score: numeric('score', { precision: 8, scale: 3 }).notNull(),
    segment: text('segment').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('risk_scores_patient_idx').on(table.patientId, table.calculatedAt),
    index('risk_scores_held_run_idx')
      .on(table.heldRunId)
      .where(sql`held_run_id is not null`),
  ],
)
