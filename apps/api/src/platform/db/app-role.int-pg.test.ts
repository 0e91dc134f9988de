// PostgreSQL only (the embedded database has a single user): the API running as the app role that
// `npm run db:migrate` prepares works end to end, and that role cannot change the audit log by any path:
// no UPDATE, DELETE or TRUNCATE privilege, and no ownership to alter the table or drop its triggers.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { loginAs } from '../../testing/http-client.ts'
import { dropStorage, openStorage, testConfig, type TestStorage } from '../../testing/test-app.ts'
import { grantAppRole } from './app-role.ts'
import { openDatabase, type Database } from './client.ts'

const role = `bc_app_${randomUUID().replaceAll('-', '').slice(0, 12)}`
let owner: Database
let storage: TestStorage
let asApp: pg.Client
let appUrl: string

beforeAll(async () => {
  const opened = await openStorage({})
  owner = opened.database
  storage = opened.storage
  if (storage.kind !== 'postgres') throw new Error('this suite runs on PostgreSQL only')
  await owner.executeSql(`create role ${role} login`)
  await grantAppRole(owner, role)
  const url = new URL(storage.url)
  url.username = role
  appUrl = url.toString()
  asApp = new pg.Client({ connectionString: appUrl })
  await asApp.connect()
})

afterAll(async () => {
  await asApp?.end()
  await owner?.close()
  if (storage) await dropStorage(storage)
  // Privileges lived in the dropped database; the role itself is cluster-wide.
  const info = inject('testDatabase')
  if (info.backend !== 'postgres') return
  const admin = new pg.Client({ connectionString: info.adminUrl })
  await admin.connect()
  await admin.query(`drop role if exists ${role}`)
  await admin.end()
})

describe('the app database role', () => {
  it('runs the API: sign-in, a patient search and a new authorization request with its queued email', async () => {
    const app = await buildApp(testConfig({ migrateOnStart: false }), {
      database: await openDatabase({ kind: 'postgres', url: appUrl }),
    })
    try {
      await app.ready()
      const client = await loginAs(app, 'PHYSICIAN_USER')
      expect((await client.request({ method: 'GET', url: '/api/patients/?search=lopez' })).statusCode).toBe(
        200,
      )
      const created = await client.request({
        method: 'POST',
        url: '/api/healthplans/requests/',
        payload: {
          health_plan: 'medicare',
          patient_mrn: 'ROLE-0001',
          contact_method: 'email',
          contact_value: 'role.check@example.org',
          metadata: { patient_name: 'Maria Lopez' },
        },
      })
      expect(created.statusCode).toBe(201)
    } finally {
      await app.close()
    }
    const { rows } = await asApp.query(
      `select count(*)::int as n from audit_log where action = 'patient.search'`,
    )
    expect(rows[0].n).toBe(1)
  })

  it('cannot update, delete or truncate audit rows', async () => {
    await expect(asApp.query(`update audit_log set action = 'tampered'`)).rejects.toThrow(/permission denied/)
    await expect(asApp.query('delete from audit_log')).rejects.toThrow(/permission denied/)
    await expect(asApp.query('truncate audit_log')).rejects.toThrow(/permission denied/)
  })

  it("writes audit rows through the parent into the month's partition, and cannot change a partition", async () => {
    const { rows } = await asApp.query(
      `insert into audit_log (action) values ('auth.login') returning tableoid::regclass::text as partition`,
    )
    const now = new Date()
    const month = `audit_log_${now.getUTCFullYear()}_${String(now.getUTCMonth() + 1).padStart(2, '0')}`
    expect(rows[0].partition).toBe(month)
    for (const partition of [month, 'audit_log_default']) {
      await expect(asApp.query(`select 1 from ${partition}`)).rejects.toThrow(/permission denied/)
      await expect(asApp.query(`insert into ${partition} (action) values ('forged')`)).rejects.toThrow(
        /permission denied/,
      )
      await expect(asApp.query(`update ${partition} set action = 'tampered'`)).rejects.toThrow(
        /permission denied/,
      )
      await expect(asApp.query(`delete from ${partition}`)).rejects.toThrow(/permission denied/)
      await expect(asApp.query(`truncate ${partition}`)).rejects.toThrow(/permission denied/)
      await expect(asApp.query(`alter table ${partition} disable trigger all`)).rejects.toThrow(
        /must be owner/,
      )
      await expect(asApp.query(`alter table audit_log detach partition ${partition}`)).rejects.toThrow(
        /must be owner/,
      )
    }
  })

  it('creates months ahead through the daily function, and holds nothing on the partitions it creates', async () => {
    const { rows } = await asApp.query('select audit_log_create_partitions(6) as created')
    // The migration made this month and the next three; six ahead adds three.
    expect(rows[0].created).toBe(3)
    const ahead = new Date()
    ahead.setUTCDate(1)
    ahead.setUTCMonth(ahead.getUTCMonth() + 6)
    const partition = `audit_log_${ahead.getUTCFullYear()}_${String(ahead.getUTCMonth() + 1).padStart(2, '0')}`
    await expect(asApp.query(`delete from ${partition}`)).rejects.toThrow(/permission denied/)
    await expect(asApp.query(`truncate ${partition}`)).rejects.toThrow(/permission denied/)
    // The one-month function (which can detach the default partition) is the owner's alone.
    await expect(
      asApp.query(`select audit_log_create_partition(now() + interval '2 years')`),
    ).rejects.toThrow(/permission denied/)
  })

  it('drops months past the retention only through the daily function, which audits the drop', async () => {
    await owner.executeSql(`select audit_log_create_partition('2015-03-10T00:00:00Z')`)
    await owner.executeSql(
      `insert into audit_log (occurred_at, action) values ('2015-03-10T00:00:00Z', 'auth.login')`,
    )
    await expect(asApp.query('drop table audit_log_2015_03')).rejects.toThrow(/must be owner/)
    const { rows } = await asApp.query(
      'select partition_name, row_count::int from audit_log_drop_partitions(72)',
    )
    expect(rows).toEqual([{ partition_name: 'audit_log_2015_03', row_count: 1 }])
    const { rows: events } = await asApp.query(
      `select details from audit_log where action = 'audit.partitions_dropped'`,
    )
    expect(events).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ partitions: [{ partition: 'audit_log_2015_03', rows: 1 }] }),
      }),
    ])
  })

  it('cannot disable or drop the audit triggers, or alter any table', async () => {
    await expect(asApp.query('alter table audit_log disable trigger all')).rejects.toThrow(/must be owner/)
    await expect(asApp.query('drop trigger audit_log_append_only on audit_log')).rejects.toThrow(
      /must be owner/,
    )
    await expect(asApp.query('alter table patients add column leak text')).rejects.toThrow(/must be owner/)
  })

  it('is refused by name when it is not a plain role name', async () => {
    await expect(grantAppRole(owner, 'app; drop table audit_log')).rejects.toThrow(
      /not a plain PostgreSQL role name/,
    )
  })
})
