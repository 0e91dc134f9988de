// Audit retention (PGlite here, PostgreSQL in api-int-pg): the daily job drops the monthly partitions whose
// rows are all older than AUDIT_RETENTION_MONTHS, keeps the month the cutoff falls in and every newer one,
// records the drop in the audit log, and drops nothing when the setting is unset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { dropStorage, openStorage, testConfig, type TestStorage } from '../../testing/test-app.ts'
import { dropExpiredAuditPartitions } from './retention-worker.ts'

let database: Database
let storage: TestStorage

type Row = Record<string, unknown>
const rows = async (text: string, values: unknown[] = []): Promise<Row[]> =>
  (await database.executeSql(text, values)).rows

/** The first instant of the UTC month `offset` months from now. */
const monthStart = (offset: number): Date => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
}
const partitionOf = (at: Date): string =>
  `audit_log_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`

const RETENTION = 72
/** Months with rows: two long past, the last one wholly past the cutoff, the cutoff's own, one just inside. */
const EXPIRED = [monthStart(-100), monthStart(-99), monthStart(-RETENTION - 1)]
const KEPT = [monthStart(-RETENTION), monthStart(-RETENTION + 1), monthStart(-1), monthStart(0)]
/** Rows per month: the one-based position in EXPIRED, so each partition's count is told apart. */
const ROWS = (index: number) => index + 1

async function addRows(at: Date, count: number): Promise<void> {
  await rows('select audit_log_create_partition($1)', [at.toISOString()])
  for (let n = 0; n < count; n++)
    await rows(`insert into audit_log (occurred_at, action, target_id) values ($1, 'patient.read', $2)`, [
      new Date(at.getTime() + (n + 1) * 3_600_000).toISOString(),
      `${partitionOf(at)}-${n}`,
    ])
}

const partitions = async (): Promise<string[]> =>
  (
    await rows(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'audit_log'::regclass order by c.relname`,
    )
  ).map((row) => String(row.name))

const retention = (months: number | undefined) => ({
  database,
  config: testConfig({ auditRetentionMonths: months }),
})

beforeAll(async () => {
  ;({ database, storage } = await openStorage({}))
  for (const [index, at] of [...EXPIRED, ...KEPT].entries()) await addRows(at, ROWS(index))
}, 120_000)

afterAll(async () => {
  await database?.close()
  if (storage) await dropStorage(storage)
})

describe('audit retention', () => {
  it('drops nothing when AUDIT_RETENTION_MONTHS is unset', async () => {
    const before = await partitions()
    for (const at of EXPIRED) expect(before).toContain(partitionOf(at))
    expect(await dropExpiredAuditPartitions(retention(undefined))).toEqual([])
    expect(await partitions()).toEqual(before)
    expect(await rows(`select 1 from audit_log where action = 'audit.partitions_dropped'`)).toHaveLength(0)
  })

  it('drops the months wholly older than the retention, with their rows, and audits the drop', async () => {
    const before = await partitions()
    const total = async () => Number((await rows('select count(*)::int as n from audit_log'))[0]?.n)
    const rowsBefore = await total()
    const dropped = await dropExpiredAuditPartitions(retention(RETENTION))
    const expected = EXPIRED.map((at, index) => ({ partition: partitionOf(at), rows: ROWS(index) }))
    expect(dropped).toEqual(expected)
    expect(await partitions()).toEqual(before.filter((name) => !EXPIRED.map(partitionOf).includes(name)))
    const droppedRows = expected.reduce((sum, entry) => sum + entry.rows, 0)
    // One audit row is added: the drop's own.
    expect(await total()).toBe(rowsBefore - droppedRows + 1)
    const [event] = await rows(
      `select actor_user_id, target_type, details from audit_log where action = 'audit.partitions_dropped'`,
    )
    expect(event).toMatchObject({
      actor_user_id: null,
      target_type: 'audit_log',
      details: { retention_months: RETENTION, rows: droppedRows, partitions: expected },
    })
  })

  it('keeps the month the cutoff falls in and every newer one, including this month and those ahead', async () => {
    const names = await partitions()
    for (const at of [...KEPT, monthStart(1), monthStart(3)]) expect(names).toContain(partitionOf(at))
    expect(names).toContain('audit_log_default')
    for (const at of KEPT)
      expect(
        await rows(`select 1 from audit_log where target_id like $1`, [`${partitionOf(at)}-%`]),
      ).not.toHaveLength(0)
    // Run again: nothing left to drop, and no second audit row.
    expect(await dropExpiredAuditPartitions(retention(RETENTION))).toEqual([])
    expect(await rows(`select 1 from audit_log where action = 'audit.partitions_dropped'`)).toHaveLength(1)
  })

  it('never reaches the current month or the months ahead, even with a one-month retention', async () => {
    const dropped = await dropExpiredAuditPartitions(retention(1))
    expect(dropped.map((entry) => entry.partition)).not.toContain(partitionOf(monthStart(-1)))
    const names = await partitions()
    for (const offset of [-1, 0, 1, 2, 3]) expect(names).toContain(partitionOf(monthStart(offset)))
    await expect(rows('select * from audit_log_drop_partitions(0)')).rejects.toThrow(/at least 1/)
  })
})
