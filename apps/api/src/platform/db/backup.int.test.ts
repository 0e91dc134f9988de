// Backup and restore round trip on the suite's database (PGlite here, PostgreSQL in api-int-pg): the
// restored copy has the same rows, its encrypted values still open with the same key, and the portal runs
// on it.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { loginAs } from '../../testing/http-client.ts'
import { insertPatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, dropStorage, type TestStorage } from '../../testing/test-app.ts'
import type { DatabaseConfig } from '../config.ts'
import { backupDatabase, restoreDatabase } from './backup.ts'

const TABLES = [
  'users',
  'organizations',
  'patients',
  'authorization_requests',
  'audit_log',
  'outbox_messages',
]

async function counts(app: FastifyInstance): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const { rows } = (await app.ctx.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as {
      rows: { n: number }[]
    }
    result[table] = Number(rows[0]?.n)
  }
  return result
}

const configOf = (storage: TestStorage): DatabaseConfig =>
  storage.kind === 'postgres'
    ? { kind: 'postgres', url: storage.url }
    : { kind: 'pglite', dataDir: storage.dataDir }

/** An empty place to restore into: a new database on the same server, or a new folder. */
async function emptyTarget(like: TestStorage): Promise<TestStorage> {
  if (like.kind === 'pglite') {
    const root = mkdtempSync(join(tmpdir(), 'blueconsent-int-'))
    return { kind: 'pglite', root, dataDir: join(root, 'pglite') }
  }
  const info = inject('testDatabase')
  if (info.backend !== 'postgres') throw new Error('expected the PostgreSQL suite')
  const name = `bc_restore_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: info.adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(info.adminUrl)
  url.pathname = `/${name}`
  return { kind: 'postgres', url: url.toString(), name }
}

describe('backup and restore', () => {
  const cleanup: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step()
  })

  it('restores the same rows, readable with the same key, and the portal runs on the copy', async () => {
    const original = await buildTestApp({ persistent: true })
    cleanup.push(() => dropStorage(original.storage))
    const patient = await insertPatient(original, {
      requester: 'ACO_ADMIN',
      name: 'Backup Patient',
      tin: 'first',
    })
    const before = await counts(original.app)
    await original.close({ keep: true })

    const folder = mkdtempSync(join(tmpdir(), 'blueconsent-backup-'))
    cleanup.push(async () => rmSync(folder, { recursive: true, force: true }))
    const file = join(folder, 'portal.backup')
    await backupDatabase(configOf(original.storage), file)

    const target = await emptyTarget(original.storage)
    cleanup.push(() => dropStorage(target))
    await restoreDatabase(configOf(target), file)
    if (target.kind === 'pglite')
      await expect(restoreDatabase(configOf(target), file)).rejects.toThrow('is not empty')

    const restored = await buildTestApp({ reopen: target })
    try {
      expect(await counts(restored.app)).toEqual(before)
      const client = await loginAs(restored.app, 'ACO_ADMIN')
      const read = await client.request({ method: 'GET', url: `/api/patients/${patient.id}/` })
      expect(read.statusCode).toBe(200)
      expect(JSON.stringify(read.json())).toContain('Backup Patient')
    } finally {
      await restored.close({ keep: true })
    }
  }, 120_000)
})
