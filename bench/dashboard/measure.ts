// p50/p95 of GET /api/dashboard/ for an ACO admin of an organisation with N patients (default 100,000), each
// with a latest risk score (1–3 HCCs) and an authorization request in a mix of statuses, built in a fresh
// PostgreSQL database by the app's own migrations and loaded with set-based SQL. Times the two aggregate
// queries alone and the whole call through buildApp (bearer check, scope, serialisation).
// Usage: npx tsx bench/dashboard/measure.ts [patients] [iterations] [database-url]
import pg from 'pg'
import { buildApp } from '../../apps/api/src/app.ts'
import { embeddedBlueButtonConfig, type AppConfig } from '../../apps/api/src/platform/config.ts'
import { openDatabase } from '../../apps/api/src/platform/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/platform/db/migrate.ts'
import { requestFigures } from '../../apps/api/src/features/authorization-requests/index.ts'
import { hashPassword } from '../../apps/api/src/platform/identity/passwords.ts'
import { patientFigures } from '../../apps/api/src/features/patients/index.ts'
import type { Principal } from '../../apps/api/src/platform/identity/index.ts'
import { createClient } from '../../apps/api/src/testing/http-client.ts'
import { BENCH } from '../patients/settings.ts'

const patients = Number(process.argv[2] ?? 100_000)
const iterations = Number(process.argv[3] ?? 50)
const url = process.argv[4] ?? 'postgres://postgres@127.0.0.1:5432/bench_dashboard'
const WARMUP = 5

async function recreateDatabase(): Promise<void> {
  const admin = new URL(url)
  const name = admin.pathname.slice(1)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
  await client.end()
}

/** One ACO, its admin, N patients with a score each and a request each; everything generated in SQL. */
async function load(client: pg.Client): Promise<{ organizationId: string; userId: string }> {
  const { rows: orgs } = await client.query<{ id: string }>(
    `insert into organizations (name, organization_type) values ('Bench Dashboard ACO', 'ACO') returning id`,
  )
  const organizationId = orgs[0]!.id
  const { rows: users } = await client.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, role, organization_id, all_tins, email_verified_at)
     values ($1, $2, 'Bench', 'Admin', 'ACO_ADMIN', $3, true, now()) returning id`,
    [BENCH.userEmail, await hashPassword(BENCH.userPassword), organizationId],
  )
  const userId = users[0]!.id
  await client.query(
    `insert into patients (organization_id, full_name, data_as_of)
     select $1, 'Bench Patient ' || g, case when g % 10 = 0 then null else now() end
     from generate_series(1, $2::int) g`,
    [organizationId, patients],
  )
  // A score per patient with one to three of ten HCCs in its primary (V28) model.
  await client.query(
    `insert into risk_scores (patient_id, model, payment_year, score, segment, result, calculated_at)
     select p.id, 'V28', 2026, round((0.3 + random() * 3)::numeric, 3), 'CNA',
       jsonb_build_object('paymentScore', round((0.3 + random() * 3)::numeric, 3),
         'blend', jsonb_build_array(jsonb_build_object('model', 'V28', 'weightPercent', 100)),
         'models', jsonb_build_array(jsonb_build_object('model', 'V28', 'hccs',
           (select jsonb_agg(jsonb_build_object('hcc', 'HCC' || (h * 7), 'label', 'Condition ' || h))
            from generate_series(1, 1 + (abs(hashtext(p.id::text)) % 3)) k,
              lateral (select 1 + abs(hashtext(p.id::text || k)) % 10 as h) pick))))
       , now() - interval '1 day'
     from patients p where p.organization_id = $1`,
    [organizationId],
  )
  await client.query(
    `insert into authorization_requests (organization_id, requester_user_id, patient_id, status, authorization_type,
       patient_name, contact_method, contact_encrypted, contact_hash, created_at, expires_at, authorized_at)
     select $1, $2, p.id,
       (array['pending','authorized','authorized','authorized','rejected','expired','revoked'])[1 + abs(hashtext(p.id::text)) % 7],
       'healthcare_provider', p.full_name, 'email', 'x', md5(p.id::text),
       now() - (abs(hashtext(p.id::text)) % 90) * interval '1 day',
       now() + (abs(hashtext(p.id::text || 'e')) % 400) * interval '1 day',
       case when abs(hashtext(p.id::text)) % 7 between 1 and 3 then now() - interval '1 day' end
     from patients p where p.organization_id = $1`,
    [organizationId, userId],
  )
  await client.query('vacuum analyze')
  return { organizationId, userId }
}

function apiConfig(): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:8000',
    database: { kind: 'postgres', url },
    dataDir: '/tmp/blueconsent-bench-unused',
    dataEncryptionKey: BENCH.encryptionKey,
    jwtSecret: BENCH.jwtSecret,
    smtpUrl: undefined,
    mailFrom: 'BlueConsent <no-reply@blueconsent.test>',
    redisUrl: undefined,
    devTools: false,
    demoSeed: false,
    runWorkers: false,
    migrateOnStart: true,
    appDatabaseRole: undefined,
    logLevel: 'silent',
    logFormat: 'json',
    webDistDir: '/tmp/blueconsent-bench-no-web',
    rateLimitPerMinute: 1_000_000_000,
    invitationTtlHours: 48,
    supportEmail: 'support@blueconsent.test',
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig('http://localhost:8000'),
  }
}

async function time(run: () => Promise<unknown>): Promise<string> {
  for (let index = 0; index < WARMUP; index += 1) await run()
  const samples: number[] = []
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN
  return `p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms`
}

async function main(): Promise<void> {
  await recreateDatabase()
  const database = await openDatabase({ kind: 'postgres', url })
  await migrateDatabase(database)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  const { organizationId, userId } = await load(client)
  await client.end()
  process.stdout.write(
    `${patients} patients loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )

  const principal: Principal = {
    userId,
    role: 'ACO_ADMIN',
    organizationId,
    isSuperuser: false,
    groups: [],
    organizationType: 'ACO',
    permissions: [],
    tinIds: [],
    allTins: true,
    sessionFamilyId: null,
    clientId: null,
    scope: null,
    organizationRevision: 0,
  }
  const now = new Date()
  process.stdout.write(`patient figures  ${await time(() => patientFigures(database.db, principal, now))}\n`)
  process.stdout.write(`request figures  ${await time(() => requestFigures(database.db, principal, now))}\n`)
  await database.close()

  const app = await buildApp(apiConfig())
  const staff = createClient(app)
  const login = await staff.login(BENCH.userEmail, BENCH.userPassword)
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`)
  process.stdout.write(
    `GET /api/dashboard/  ${await time(async () => {
      const response = await staff.request({ method: 'GET', url: '/api/dashboard/' })
      if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode}`)
    })}\n`,
  )
  await app.close()
}

await main()
