import {
  AUTHORIZATION_STATUSES,
  AUTHORIZATION_TYPES,
  CONTACT_METHODS,
} from '@blueconsent/contract/authorization-requests'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { bluebuttonGrants } from './bluebutton.ts'
import { organizations } from './organizations.ts'
import { patients } from './patients.ts'
import { users } from './users.ts'

export const IDENTITY_REVIEW_STATES = ['none', 'pending', 'confirmed', 'rejected'] as const
export const SMS_CONSENT_STATES = ['awaiting_reply', 'opted_in', 'opted_out'] as const

// One request by one staff member to one beneficiary. Tokens live in bluebutton_grants,
// shared by every request of the same beneficiary and client id; each request keeps its own expiry.
export const authorizationRequests = pgTable(
  'authorization_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requesterUserId: uuid('requester_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    healthPlan: text('health_plan').notNull().default('medicare'),
    status: text('status', { enum: AUTHORIZATION_STATUSES }).notNull(),
    authorizationType: text('authorization_type', { enum: AUTHORIZATION_TYPES }).notNull(),
    patientName: text('patient_name').notNull(),
    contactMethod: text('contact_method', { enum: CONTACT_METHODS }).notNull(),
    contactEncrypted: text('contact_encrypted').notNull(),
    contactHash: text('contact_hash').notNull(),
    language: text('language', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    smsConsent: text('sms_consent', { enum: SMS_CONSENT_STATES }),
    // The patient's link: random token, stored hashed, valid 7 days, single use once answered.
    consentTokenHash: text('consent_token_hash'),
    consentTokenExpiresAt: timestamp('consent_token_expires_at', { withTimezone: true }),
    consentAnsweredAt: timestamp('consent_answered_at', { withTimezone: true }),
    grantId: uuid('grant_id').references(() => bluebuttonGrants.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // When Medicare's own access ends (Blue Button's grant expiration, or a one-time grant's hour), fixed at
    // consent: the grant row is shared and replaced by a later consent, the request keeps its own.
    medicareAccessEndsAt: timestamp('medicare_access_ends_at', { withTimezone: true }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    statusMessage: text('status_message'),
    renewalOfId: uuid('renewal_of_id').references((): AnyPgColumn => authorizationRequests.id, {
      onDelete: 'set null',
    }),
    identityReview: text('identity_review', { enum: IDENTITY_REVIEW_STATES }).notNull().default('none'),
    // The birth date the staff typed (optional), checked against Medicare's: an identity detail, encrypted.
    patientBirthDateEncrypted: text('patient_birth_date_encrypted'),
    // What Medicare returned when the identity did not match (name, birth date, the identifier's last
    // characters, what differs): the reviewer's evidence, one encrypted JSON document.
    identityEvidenceEncrypted: text('identity_evidence_encrypted'),
    identityReviewedByUserId: uuid('identity_reviewed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    identityReviewedAt: timestamp('identity_reviewed_at', { withTimezone: true }),
    identityReviewReasonEncrypted: text('identity_review_reason_encrypted'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    renewalNoticeSentAt: timestamp('renewal_notice_sent_at', { withTimezone: true }),
    // The patient's renewal reminders before the Medicare grant ends (30, then 7 days): claimed by count.
    grantEndRemindersSent: integer('grant_end_reminders_sent').notNull().default(0),
    hiddenByRequester: boolean('hidden_by_requester').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The request list's two shapes, in its order (created_at desc, id desc) and with the id, so the page
    // reads the index alone: the organisation's list, and a requester's own list
    // (scope=mine: requester and not hidden). The first also serves every organisation + created_at read.
    index('authorization_requests_organization_list_idx').on(table.organizationId, table.createdAt, table.id),
    index('authorization_requests_requester_list_idx').on(
      table.organizationId,
      table.requesterUserId,
      table.hiddenByRequester,
      table.createdAt,
      table.id,
    ),
    index('authorization_requests_requester_idx').on(table.requesterUserId, table.createdAt),
    index('authorization_requests_patient_status_idx').on(table.patientId, table.status),
    index('authorization_requests_status_expires_idx').on(table.status, table.expiresAt),
    index('authorization_requests_contact_idx').on(table.contactHash, table.status),
    uniqueIndex('authorization_requests_consent_token_key').on(table.consentTokenHash),
  ],
)

// How many requests each (organisation, requester, hidden by the requester, status) holds, kept exact by a
// trigger on authorization_requests (migration 0021) whoever writes them, so the request list's total is a
// sum over a few rows instead of a count over every request in scope. No foreign keys: the trigger runs as an
// organisation's requests are deleted, after a cascade would already have removed its rows here.
export const authorizationRequestCounts = pgTable(
  'authorization_request_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    requesterUserId: uuid('requester_user_id').notNull(),
    hiddenByRequester: boolean('hidden_by_requester').notNull(),
    status: text('status', { enum: AUTHORIZATION_STATUSES }).notNull(),
    // Each key's count is spread over up to 8 rows, one per writer's connection slot (migration 0035), so
    // simultaneous creations by one requester do not queue on one row; a key's count is the sum of its slots.
    slot: smallint('slot').notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'authorization_request_counts_pkey',
      columns: [
        table.organizationId,
        table.requesterUserId,
        table.hiddenByRequester,
        table.status,
        table.slot,
      ],
    }),
  ],
)

export const ACTOR_KINDS = ['user', 'patient', 'system'] as const

// Every transition and message: who did it and when ('Every transition is recorded').
export const authorizationRequestEvents = pgTable(
  'authorization_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => authorizationRequests.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status', { enum: AUTHORIZATION_STATUSES }),
    toStatus: text('to_status', { enum: AUTHORIZATION_STATUSES }),
    actorKind: text('actor_kind', { enum: ACTOR_KINDS }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [index('authorization_request_events_request_idx').on(table.requestId, table.occurredAt)],
)

// Per-organisation reminder schedule for unanswered requests (hours after creation).
export const organizationSettings = pgTable('organization_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  reminderHours: jsonb('reminder_hours').$type<number[]>().notNull().default([48, 120]),
  renewalNoticeDays: integer('renewal_notice_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
