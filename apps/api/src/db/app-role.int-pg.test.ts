// PostgreSQL only (the embedded database has a single user): the API running as the app role that
// `npm run db:migrate` prepares works end to end, and that role cannot change the audit log by any path:
// no UPDATE, DELETE or TRUNCATE privilege, and no ownership to alter the table or drop its triggers.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loginAs } from '../testing/http-client.ts'
import { dropStorage, openStorage, testConfig, type TestStorage } from '../testing/test-app.ts'
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
