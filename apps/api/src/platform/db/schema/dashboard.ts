import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

// When each user last opened their dashboard, so it can show what changed since (on any device).
export const dashboardVisits = pgTable('dashboard_visits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
})
