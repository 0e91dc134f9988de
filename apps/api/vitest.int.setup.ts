// Global setup for the PGlite integration suite: one migrated, seeded template, dumped to a tarball that
// each test app loads (far cheaper than initdb + migrations per app). The tarball is cached under
// node_modules/.cache, keyed by everything that shapes it, so repeated runs skip initdb entirely.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { openDatabase } from './src/platform/db/client.ts'
import { MIGRATIONS_DIR } from './src/platform/db/migrate.ts'
import { prepareTemplate } from './src/testing/template.ts'

const root = dirname(fileURLToPath(import.meta.url))
const STALE_MS = 24 * 60 * 60 * 1000

function templateKey(): string {
  const hash = createHash('sha256')
  const migrations = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  const inputs = [
    ...migrations.map((name) => join(MIGRATIONS_DIR, name)),
    join(root, 'src/features/demo-data/seed.ts'),
    join(root, 'src/features/demo-data/demo-personas.ts'),
    join(root, 'src/testing/template.ts'),
    join(root, 'src/testing/test-keys.ts'),
    join(root, 'src/platform/jobs/queue.ts'),
    join(root, 'package.json'),
  ]
  for (const file of inputs) hash.update(file).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

export default async function setup(project: TestProject): Promise<void> {
  const cacheDir = join(root, 'node_modules', '.cache', 'blueconsent-test-template')
  const file = join(cacheDir, `pglite-${templateKey()}.tar`)
  if (!existsSync(file)) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null })
    await prepareTemplate(database)
    const dump = await database.pglite?.dumpDataDir('none')
    if (!dump) throw new Error('PGlite dump failed')
    await database.close()
    mkdirSync(cacheDir, { recursive: true })
    // Write then rename, so a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
    // Templates for older schemas are 40 MB each. Drop those unused for a day (not younger ones: another
    // run on another schema may be reading its own right now).
    for (const name of readdirSync(cacheDir)) {
      const path = join(cacheDir, name)
      if (path !== file && name.startsWith('pglite-') && Date.now() - statSync(path).atimeMs > STALE_MS)
        rmSync(path)
    }
  }
  project.provide('testDatabase', { backend: 'pglite', templatePath: file })
}
