import { pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { patients } from './patients.ts'
import { users } from './users.ts'

// When each user last opened a patient's pre-visit brief, so the next brief can say what changed since.
export const briefOpenings = pgTable(
  'brief_openings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.patientId] })],
)
