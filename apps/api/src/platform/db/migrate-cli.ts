// `npm run db:migrate`: applies committed migrations and pg-boss's schema to DATABASE_URL or the embedded
// database. With APP_DATABASE_ROLE set (PostgreSQL), then grants that role what the API needs and no more
// (app-role.ts): run this as the owner, and the API as that role with MIGRATE_ON_START=false.
import { loadToolConfig } from '../config.ts'
import { grantAppRole } from './app-role.ts'
import { openDatabase } from './client.ts'
import { applyMigrations } from './prepare.ts'

const config = loadToolConfig()
const appRole = config.appDatabaseRole
const database = await openDatabase(config.database)
try {
  await applyMigrations(database)
  process.stdout.write(`Migrations applied (${database.kind}).\n`)
  if (appRole) {
    await grantAppRole(database, appRole)
    process.stdout.write(
      `Granted ${appRole} rows, not ownership; no UPDATE, DELETE or TRUNCATE on audit_log.\n`,
    )
  }
} finally {
  await database.close()
}
