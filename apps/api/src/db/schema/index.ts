// Drizzle needs every table in one object for relational queries and drizzle-kit.
export * from './audit.ts'
export * from './oauth.ts'
export * from './organizations.ts'
export * from './outbox.ts'
export * from './sessions.ts'
export * from './tins.ts'
export * from './users.ts'
