// `npm run db:seed`: migrates, then adds the demo organisations, TINs and personas (idempotent).
import { loadToolConfig } from '../../platform/config.ts'
import { createCryptoKeys } from '../../platform/lib/crypto.ts'
import { resolveSecrets } from '../../platform/lib/secrets.ts'
import { openDatabase } from '../../platform/db/client.ts'
import { DEMO_PASSWORD } from './demo-personas.ts'
import { migrateDatabase } from '../../platform/db/migrate.ts'
import { seedDemo } from './seed.ts'

const config = loadToolConfig()
const secrets = resolveSecrets(config)
const database = await openDatabase(config.database)
try {
  await migrateDatabase(database)
  const { created } = await seedDemo({
    db: database.db,
    keys: createCryptoKeys(secrets.dataEncryptionKey, config.retiredEncryptionKeys),
  })
  process.stdout.write(`Demo seed done: ${created} new user(s). Password: ${DEMO_PASSWORD}\n`)
} finally {
  await database.close()
}
