// Migrations and pg-boss's schema, applied once: by `npm run db:migrate`, and by a cluster's primary before its
// workers start (which then skip it, so they never race each other over the schema).
import pino from 'pino'
import type { DatabaseConfig } from '../config.ts'
import { createJobQueue } from '../jobs/queue.ts'
import { openDatabase, type Database } from './client.ts'
import { migrateDatabase } from './migrate.ts'

export async function applyMigrations(database: Database): Promise<void> {
  await migrateDatabase(database)
  const jobs = await createJobQueue(database, pino({ level: 'warn' }))
  await jobs.stop()
}

export async function prepareDatabase(config: DatabaseConfig): Promise<void> {
  const database = await openDatabase(config)
  try {
    await applyMigrations(database)
  } finally {
    await database.close()
  }
}
