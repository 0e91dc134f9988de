// `npm run db:rotate-key`: after DATA_ENCRYPTION_KEY was set to a new key and the old one moved to the front of
// DATA_ENCRYPTION_KEYS_RETIRED, re-seals every stored value with the new key (reencrypt.ts). Safe to run
// while the portal runs on PostgreSQL; stop it first with the embedded database (PGlite is single-process).
import { loadToolConfig } from '../config.ts'
import { createCryptoKeys } from '../lib/crypto.ts'
import { resolveSecrets } from '../lib/secrets.ts'
import { openDatabase } from './client.ts'
import { reencryptAll } from './reencrypt.ts'

const config = loadToolConfig()
const keys = createCryptoKeys(resolveSecrets(config).dataEncryptionKey, config.retiredEncryptionKeys)
const database = await openDatabase(config.database)
try {
  const report = await reencryptAll(database, keys)
  const total = Object.values(report).reduce((sum, count) => sum + count, 0)
  for (const [table, count] of Object.entries(report))
    if (count > 0) process.stdout.write(`${table}: ${count}\n`)
  process.stdout.write(`Re-sealed ${total} row(s) with key ${keys.keyId}.\n`)
} finally {
  await database.close()
}
