import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

// Blue Button tokens per beneficiary and client id: a new consent to the same client id
// revokes that pair's older tokens at CMS, so one row per pair is shared by every request that uses it.
// Refresh tokens are single use: refreshes are serialised on this row (SELECT ... FOR UPDATE).
export const bluebuttonGrants = pgTable(
  'bluebutton_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    beneficiaryHash: text('beneficiary_hash').notNull(),
    beneficiaryEncrypted: text('beneficiary_encrypted').notNull(),
    accessTokenEncrypted: text('access_token_encrypted'),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    scopes: text('scopes').notNull().default(''),
    demographicsWithheld: boolean('demographics_withheld').notNull().default(false),
    // Whether the patient shared alcohol & substance use (42 CFR Part 2) claims: only Blue Button v3 asks, and
    // it tells only through its claim searches, so this is set by the first pull; null = not asked or not known.
    part2Shared: boolean('part2_shared'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bluebutton_grants_client_beneficiary_key').on(table.clientId, table.beneficiaryHash),
  ],
)

// The OAuth state and PKCE verifier of one 'Connect with Medicare' click, kept server-side.
export const consentFlows = pgTable(
  'consent_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull(),
    stateHash: text('state_hash').notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    clientId: text('client_id').notNull(),
    language: text('language', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('consent_flows_state_key').on(table.stateHash),
    index('consent_flows_request_idx').on(table.requestId),
  ],
)

export const BLUEBUTTON_API_VERSIONS = ['v2', 'v3'] as const

export const INGESTION_STATUSES = ['queued', 'running', 'completed', 'failed', 'held_for_review'] as const

// One pull of a beneficiary's data for one request; the newest run is the request's progress.
export const ingestionRuns = pgTable(
  'ingestion_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    status: text('status', { enum: INGESTION_STATUSES }).notNull().default('queued'),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    pagesTotal: integer('pages_total'),
    resourcesFetched: integer('resources_fetched').notNull().default(0),
    // Incremental pulls ask for _lastUpdated after the previous completed run's start.
    lastUpdatedAfter: timestamp('last_updated_after', { withTimezone: true }),
    // This pull's claims included 42 CFR Part 2 (substance use) claims (true), left them out (false), or the
    // API version does not say (null: v2, which never asks).
    part2Shared: boolean('part2_shared'),
    // The Blue Button version this run pulled with (null: pulled before the version was recorded). A patient's
    // next pull under another version is whole, and replaces what the other version stored.
    apiVersion: text('api_version', { enum: BLUEBUTTON_API_VERSIONS }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('ingestion_runs_request_idx').on(table.requestId, table.createdAt)],
)
