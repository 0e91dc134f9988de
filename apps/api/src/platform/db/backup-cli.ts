// `npm run db:backup -- <file>` and `npm run db:restore -- <file>`: the database DATABASE_URL names, or the
// embedded one in DATA_DIR (stop the portal first: PGlite is single-process). See backup.ts.
import { loadToolConfig } from '../config.ts'
import { backupDatabase, restoreDatabase } from './backup.ts'

const [action, file] = process.argv.slice(2)
if ((action !== 'backup' && action !== 'restore') || !file) {
  process.stderr.write('Usage: backup-cli.ts backup|restore <file>\n')
  process.exit(2)
}
const { database } = loadToolConfig()
try {
  if (action === 'backup') await backupDatabase(database, file)
  else await restoreDatabase(database, file)
  process.stdout.write(
    `${action === 'backup' ? 'Backed up' : 'Restored'} the ${database.kind} database (${file}).\n`,
  )
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
