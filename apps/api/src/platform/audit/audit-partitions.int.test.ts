// The audit log partitioned by month (PGlite here, PostgreSQL in api-int-pg): the migration that partitions it
// keeps every existing row with its id, each row sits in its own month's partition (a month without one in
// the default partition), new rows follow, creating a month moves its rows out of the default partition,
// and no audit row can be changed through the parent or a partition.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AppContext } from '../context.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { MIGRATIONS_DIR, migrateDatabase } from '../db/migrate.ts'
import { AUDIT_MONTHS_AHEAD, createAuditPartitions } from './partitions-worker.ts'

const LAST_BEFORE = '0029_webhook_endpoints'

let database: Database
let folder: string
let dropDatabase: () => Promise<void> = async () => {}

function migrationsBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blueconsent-migrations-'))
  cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE)
  expect(last).toBeGreaterThan(0)
  for (const entry of journal.entries.slice(last + 1)) rmSync(join(dir, `${entry.tag}.sql`))
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

async function emptyDatabase(): Promise<Database> {
  const info = inject('testDatabase')
  if (info.backend === 'pglite') return openDatabase({ kind: 'pglite', dataDir: null })
  const name = `bc_test_partitions_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: info.adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: info.adminUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  }
  const url = new URL(info.adminUrl)
  url.pathname = `/${name}`
  return openDatabase({ kind: 'postgres', url: url.toString() })
}

type Row = Record<string, unknown>
const rows = async (text: string, values: unknown[] = []): Promise<Row[]> =>
  (await database.executeSql(text, values)).rows

/** audit_log_YYYY_MM of a moment's UTC month. */
function partitionOf(at: Date): string {
  return `audit_log_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`
}

const now = new Date()
/** Months with rows before the migration: two past ones (one at a UTC month's first instant), this month. */
const EXISTING = [
  new Date('2025-03-14T10:00:00Z'),
  new Date('2026-02-01T00:00:00Z'),
  new Date('2026-01-31T23:59:59.999Z'),
  now,
]
/** Past the partitions made ahead: the migration makes its month all the same, since it has a row. */
const FAR_FUTURE = new Date(Date.UTC(now.getUTCFullYear() + 5, 0, 15))
/** A month no partition covers after the migration. */
const STRAY = new Date(Date.UTC(now.getUTCFullYear() + 6, 4, 20))

/** Every row's columns, in id order, as text: what must come through the migration unchanged. */
const snapshot = async (): Promise<Row[]> =>
  rows(
    `select id::text, occurred_at::text, actor_user_id::text, organization_id::text, action, target_type,
       target_id, patient_id::text, reason, ip_address, request_id, details::text, query_encrypted
     from audit_log order by id`,
  )

let before: Row[]

beforeAll(async () => {
  folder = migrationsBefore()
  database = await emptyDatabase()
  await migrateDatabase(database, folder)
  for (const [index, at] of [...EXISTING, FAR_FUTURE].entries())
    await database.executeSql(
      `insert into audit_log (occurred_at, action, target_type, target_id, patient_id, request_id, details,
         query_encrypted)
       values ($1, 'patient.read', 'patient', $2, $3, $4, $5, $6)`,
      [
        at.toISOString(),
        `target-${index}`,
        randomUUID(),
        `request-${index}`,
        JSON.stringify({ index }),
        index === 0 ? 'v2:key:sealed' : null,
      ],
    )
  before = await snapshot()
  await migrateDatabase(database)
}, 120_000)

afterAll(async () => {
  await database?.close()
  await dropDatabase()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

describe('the audit log partitioned by month', () => {
  it('keeps every row, with its id and every column, through the migration', async () => {
    expect(before).toHaveLength(EXISTING.length + 1)
    expect(await snapshot()).toEqual(before)
    const [table] = await rows(`select relkind from pg_class where relname = 'audit_log'`)
    expect(table?.relkind).toBe('p')
    expect(await rows(`select 1 from pg_class where relname = 'audit_log_unpartitioned'`)).toHaveLength(0)
  })

  it("puts each row in its UTC month's partition", async () => {
    const placed = await rows(
      `select target_id, tableoid::regclass::text as partition from audit_log order by id`,
    )
    expect(placed).toEqual(
      [...EXISTING, FAR_FUTURE].map((at, index) => ({
        target_id: `target-${index}`,
        partition: partitionOf(at),
      })),
    )
  })

  it('has this month and the next three ready, and new rows carry on the ids into their month', async () => {
    const names = (
      await rows(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'audit_log'::regclass`,
      )
    ).map((row) => String(row.name))
    for (let step = 0; step <= 3; step++)
      expect(names).toContain(
        partitionOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + step, 1))),
      )
    const [inserted] = await rows(
      `insert into audit_log (action) values ('auth.login') returning id::int as id, tableoid::regclass::text as partition`,
    )
    expect(inserted?.partition).toBe(partitionOf(new Date()))
    expect(Number(inserted?.id)).toBeGreaterThan(Math.max(...before.map((row) => Number(row.id))))
    // Next month's first instant belongs to next month.
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    const [boundary] = await rows(
      `insert into audit_log (occurred_at, action) values ($1, 'auth.login') returning tableoid::regclass::text as partition`,
      [next.toISOString()],
    )
    expect(boundary?.partition).toBe(partitionOf(next))
  })

  it('creates months ahead once, and moves rows of a new month out of the default partition', async () => {
    // The daily job asks for as many months ahead as the migration made.
    expect(await createAuditPartitions({ database } as unknown as AppContext)).toBe(0)
    expect(
      (await rows('select audit_log_create_partitions($1) as created', [AUDIT_MONTHS_AHEAD + 1]))[0]?.created,
    ).toBe(1)
    await expect(database.executeSql('select audit_log_create_partitions(25)', [])).rejects.toThrow(
      /between 0 and 24/,
    )
    const strayInto = async (at: Date, targetId: string) =>
      (
        await rows(
          `insert into audit_log (occurred_at, action, target_id) values ($1, 'auth.login', $2)
           returning tableoid::regclass::text as partition`,
          [at.toISOString(), targetId],
        )
      )[0]?.partition
    expect(await strayInto(STRAY, 'stray')).toBe('audit_log_default')
    const count = async () => Number((await rows('select count(*)::int as n from audit_log'))[0]?.n)
    const total = await count()
    expect(
      (await rows('select audit_log_create_partition($1) as created', [STRAY.toISOString()]))[0]?.created,
    ).toBe(true)
    expect(await count()).toBe(total)
    const [moved] = await rows(
      `select tableoid::regclass::text as partition, action from audit_log where target_id = 'stray'`,
    )
    expect(moved).toEqual({ partition: partitionOf(STRAY), action: 'auth.login' })
    expect(await rows('select 1 from audit_log_default')).toHaveLength(0)
    // The rebuilt default partition still takes a month that has none, and still refuses TRUNCATE.
    expect(await strayInto(new Date(Date.UTC(now.getUTCFullYear() + 7, 5, 1)), 'stray-2')).toBe(
      'audit_log_default',
    )
    await expect(database.executeSql('truncate audit_log_default', [])).rejects.toThrow(/append-only/)
  })

  it('refuses UPDATE, DELETE and TRUNCATE through the parent and on a partition', async () => {
    const month = partitionOf(EXISTING[0]!)
    for (const statement of [
      `update audit_log set action = 'tampered'`,
      'delete from audit_log',
      'truncate audit_log',
      `update ${month} set action = 'tampered'`,
      `delete from ${month}`,
      `truncate ${month}`,
    ])
      await expect(database.executeSql(statement, []), statement).rejects.toThrow(/append-only/)
  })
})
