import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

// The setup wizard's saved progress, one per organisation, so it resumes on another device and an
// administrator can see who has not finished. Contact details typed into it are encrypted with the rest.
export const setupProgress = pgTable('setup_progress', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  stateEncrypted: text('state_encrypted').notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
