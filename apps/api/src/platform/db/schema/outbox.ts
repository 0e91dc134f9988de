import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'

// Every outgoing email and SMS, written in the same transaction as the change that causes it.
// Recipient and body are encrypted: they hold contact details and single-use links.
// A message sent on an organisation's behalf names it: while that organisation is deactivated its messages
// are 'held' instead of sent, and queued again when it is reactivated.
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    template: text('template').notNull(),
    toEncrypted: text('to_encrypted').notNull(),
    subject: text('subject'),
    bodyEncrypted: text('body_encrypted').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'held'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_created_idx').on(table.createdAt),
    index('outbox_messages_organization_idx').on(table.organizationId),
  ],
)
