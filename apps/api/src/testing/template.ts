// Builds a migrated, seeded database with pg-boss installed: the starting point every test app copies.
import pino from 'pino'
import type { Database } from '../platform/db/client.ts'
import { migrateDatabase } from '../platform/db/migrate.ts'
import { seedDemo } from '../features/demo-data/index.ts'
import { createJobQueue } from '../platform/jobs/queue.ts'
import { createCryptoKeys } from '../platform/lib/crypto.ts'
import { TEST_ENCRYPTION_KEY } from './test-keys.ts'

export async function prepareTemplate(database: Database): Promise<void> {
  await migrateDatabase(database)
  await seedDemo({ db: database.db, keys: createCryptoKeys(TEST_ENCRYPTION_KEY) })
  const jobs = await createJobQueue(database, pino({ level: 'silent' }))
  await jobs.stop()
}
