import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'

export const SUPPORT_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const
import { users } from './users.ts'

// A user's postal address and phone. Every part is a contact detail, so the whole record is one encrypted
// JSON document ({street_address, city, state, zip_code, phone_number}); nothing here is ever searched.
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    detailsEncrypted: text('details_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_addresses_user_key').on(table.userId)],
)

// What a user chose about the portal's look and optional email; kept on the server so it follows them to
// another device and so the server can honour the email choices. Security alerts cannot be switched off for
// messages about the account itself; the flag only governs optional security news.
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme'),
  emailBilling: boolean('email_billing').notNull().default(true),
  emailSystem: boolean('email_system').notNull().default(true),
  emailSecurity: boolean('email_security').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// TOTP (RFC 6238) enrolment. The secret is encrypted; enabledAt stays null until the user proves the
// authenticator works with a first code. lastUsedStep refuses a code replayed within its own time step.
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// Ten single-use recovery codes per enrolment, stored only as hashes.
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('two_factor_recovery_codes_user_idx').on(table.userId)],
)

// The step between a right password and a right code: a short-lived, single-use challenge whose token is
// stored only as a hash and which counts its own wrong answers.
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('two_factor_challenges_token_hash_key').on(table.tokenHash)],
)

// A request for help. Subject and message may carry anything a user types (patient details included), and the
// sender's address is a contact detail: all encrypted. A public sender has no user row, only an address.
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['app', 'public'] }).notNull(),
    // Null when the public form's sender gave no address.
    senderEmailEncrypted: text('sender_email_encrypted'),
    senderNameEncrypted: text('sender_name_encrypted'),
    subjectEncrypted: text('subject_encrypted').notNull(),
    messageEncrypted: text('message_encrypted').notNull(),
    // new → answered (a support operator replied) → closed; a reply may reopen nothing, the sender writes again.
    status: text('status', { enum: SUPPORT_REQUEST_STATUSES }).notNull().default('new'),
    // The operator looking after it (a platform administrator), if anyone took it yet.
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('support_requests_reference_key').on(table.reference),
    index('support_requests_created_idx').on(table.createdAt),
    index('support_requests_status_idx').on(table.status, table.createdAt),
  ],
)

// An operator's answer to a support request, emailed to the sender. The text may quote what the sender wrote
// (patient details included), so it is encrypted like the request.
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    bodyEncrypted: text('body_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_replies_request_idx').on(table.requestId, table.createdAt)],
)
