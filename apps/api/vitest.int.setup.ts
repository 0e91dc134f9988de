// Global setup for the PGlite integration suite: one migrated, seeded template, dumped to a tarball that
// each test app loads (far cheaper than initdb + migrations per app).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from './src/db/client.ts'
import { prepareTemplate } from './src/testing/template.ts'

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'blueconsent-template-'))
  const database = await openDatabase({ kind: 'pglite', dataDir: null })
  await prepareTemplate(database)
  const dump = await database.pglite?.dumpDataDir('none')
  if (!dump) throw new Error('PGlite dump failed')
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('testDatabase', { backend: 'pglite', templatePath: file })
  return () => rmSync(dir, { recursive: true, force: true })
}
