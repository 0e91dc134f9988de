import { ORGANIZATION_TYPES } from '@blueconsent/contract/shared'
import {
  bigint,
  boolean,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

/** Registry numbers an organisation gave at sign-up: NPI (practices), NPN and licence state (agencies). */
export type OrganizationIdentifiers = { npi?: string; npn?: string; license_state?: string }

/**
 * Settings an administrator may change per organisation; a missing key means the platform default.
 * default_duration_days: the authorization length (days) a new provider request starts with. The reminder
 * schedule is not kept here: its one home is the organization_settings table, which the lifecycle sweep reads.
 */
export type OrganizationSettings = { default_duration_days?: number }

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  organizationType: text('organization_type', { enum: ORGANIZATION_TYPES }).notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  // When set, every member must sign in with a second factor (they are asked to enrol at their next sign-in).
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  identifiers: jsonb('identifiers').$type<OrganizationIdentifiers>().notNull().default({}),
  // When the setup wizard was finished. Defaults to the moment of creation so that organisations made by
  // the seed, tests and administrators are ready; self-service sign-up creates them unfinished (null).
  setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }).defaultNow(),
  // The organisation's public profile from the wizard (address, main phone, support email, licence, clinic
  // TIN): one encrypted JSON document.
  profileEncrypted: text('profile_encrypted'),
  settings: jsonb('settings').$type<OrganizationSettings>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A counter per organisation that every committed change to what its staff see of requests (the requests,
 * their patients, runs and resends, their requesters' names) raises once per transaction, by deferred
 * triggers (migration 0017), whoever writes: a route, a worker, a migration or psql. Caches of those reads
 * are keyed by it, so they are exact on every instance without anyone remembering to invalidate them.
 */
export const organizationDataRevisions = pgTable(
  'organization_data_revisions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // A committing transaction raises its connection's slot (migration 0035): simultaneous writers of one
    // organisation then rarely wait on one row. The revision is the sum of the slots.
    slot: smallint('slot').notNull().default(0),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'organization_data_revisions_pkey', columns: [table.organizationId, table.slot] }),
  ],
)
