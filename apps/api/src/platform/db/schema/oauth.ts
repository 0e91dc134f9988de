import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

// Integrator applications registered with the portal's OAuth 2 server. The SPA's own client is built in.
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull().unique(),
    name: text('name').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    // Null for public clients (PKCE only); an argon2id hash for confidential ones.
    clientSecretHash: text('client_secret_hash'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_clients_organization_idx').on(table.organizationId)],
)

// An authorization code is also the grant record: tokens issued from it carry its id, so a replayed code
// can revoke everything it produced.
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oauth_codes_user_idx').on(table.userId),
    // Deleting an app revokes every grant it holds.
    index('oauth_codes_client_idx').on(table.clientId),
  ],
)

export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => oauthCodes.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oauth_refresh_tokens_code_idx').on(table.codeId),
    // A password change, a deactivation or a deleted app revokes a user's or a client's refresh tokens.
    index('oauth_refresh_tokens_user_idx').on(table.userId),
    index('oauth_refresh_tokens_client_idx').on(table.clientId),
  ],
)
