import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

// Administrator edits of the patient-facing message templates. The built-in copy in the messaging feature is
// version 0; each save adds a row with the next version, so every wording ever sent can be shown again and an
// edit is undone by saving an older text. The newest version of a (template, channel, language) is in use.
export const messageTemplateVersions = pgTable(
  'message_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateKey: text('template_key').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    version: integer('version').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_template_versions_key').on(
      table.templateKey,
      table.channel,
      table.language,
      table.version,
    ),
    index('message_template_versions_created_idx').on(table.createdAt),
  ],
)
