import { ORGANIZATION_TYPES } from '@blueconsent/contract/shared'
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Registry numbers an organisation gave at sign-up: NPI (practices), NPN and licence state (agencies). */
export type OrganizationIdentifiers = { npi?: string; npn?: string; license_state?: string }

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  organizationType: text('organization_type', { enum: ORGANIZATION_TYPES }).notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  identifiers: jsonb('identifiers').$type<OrganizationIdentifiers>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
