import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

// TINs are encrypted at rest; equality search goes through the keyed hash.
export const tins = pgTable(
  'tins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    identifierEncrypted: text('identifier_encrypted').notNull(),
    identifierHash: text('identifier_hash').notNull(),
    identifierMasked: text('identifier_masked').notNull(),
    providerOrgName: text('provider_org_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    // Who registered it (the registry shows their email); null for seeded TINs and departed users.
    createdByUserId: uuid('created_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One active TIN per number in an organisation; a deactivated one may be registered again.
    uniqueIndex('tins_organization_identifier_active_key')
      .on(table.organizationId, table.identifierHash)
      .where(sql`${table.isActive}`),
    index('tins_identifier_hash_idx').on(table.identifierHash),
  ],
)

export const userTins = pgTable(
  'user_tins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tinId: uuid('tin_id')
      .notNull()
      .references(() => tins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tinId] })],
)
