import { ROLES } from '@blueconsent/contract/shared'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

// An invitation to join an organisation with a role (and TINs). The invitee's address is a contact detail:
// encrypted, found by its keyed hash. The link's token is stored only as a hash; resending replaces it.
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    emailEncrypted: text('email_encrypted').notNull(),
    emailHash: text('email_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tinIds: jsonb('tin_ids').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_key').on(table.tokenHash),
    index('invitations_organization_idx').on(table.organizationId, table.createdAt),
    index('invitations_email_hash_idx').on(table.emailHash),
  ],
)
