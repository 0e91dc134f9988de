import { ORGANIZATION_TYPES } from '@blueconsent/contract/shared'
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  organizationType: text('organization_type', { enum: ORGANIZATION_TYPES }).notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
