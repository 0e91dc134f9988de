import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

// One row per issued refresh token. Rotation inserts a new row in the same family and marks the old one
// rotated; presenting a rotated token again revokes the whole family.
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    rememberMe: boolean('remember_me').notNull().default(false),
    familyCreatedAt: timestamp('family_created_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // What the account's session list shows: the browser that signed in, from where, and when it last
    // refreshed. Set at sign-in and carried along the family on rotation.
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_sessions_family_idx').on(table.familyId),
    index('refresh_sessions_user_idx').on(table.userId),
  ],
)

// Failed sign-in counters when no Redis is configured: fixed windows that survive a restart and are shared
// by every process on the database. The key (account email or client address) is stored as a SHA-256
// digest only: nobody reading this table learns who tried to sign in.
export const loginAttemptWindows = pgTable('login_attempt_windows', {
  keyDigest: text('key_digest').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})
