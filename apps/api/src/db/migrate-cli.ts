// `npm run db:migrate`: applies committed migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../config.ts'
import { openDatabase } from './client.ts'
import { migrateDatabase } from './migrate.ts'

const config = loadConfig()
const database = await openDatabase(config.database)
try {
  await migrateDatabase(database)
  process.stdout.write(`Migrations applied (${database.kind}).\n`)
} finally {
  await database.close()
}
