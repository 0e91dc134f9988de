import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

// Every outgoing email and SMS, written in the same transaction as the change that causes it.
// Recipient and body are encrypted: they hold contact details and single-use links.
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    template: text('template').notNull(),
    toEncrypted: text('to_encrypted').notNull(),
    subject: text('subject'),
    bodyEncrypted: text('body_encrypted').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_messages_created_idx').on(table.createdAt)],
)
