// p50/p95 of the first page of GET /api/risk-gaps/ for an ACO with N patients (default 100,000), about three
// gaps each (recapture and suspect, a mix of statuses) as the pull-completed computation stores them, built in
// a fresh PostgreSQL database by the app's own migrations and loaded with set-based SQL. Times the whole call
// through buildApp (bearer check, scope, audit row, serialisation) for the admin (all TINs), filtered by TIN,
// by type, and for a user scoped to one TIN.
// Usage: npx tsx bench/risk-gaps/measure.ts [patients] [iterations] [database-url]
import pg from 'pg'
import { buildApp } from '../../apps/api/src/app.ts'
import { openDatabase } from '../../apps/api/src/platform/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/platform/db/migrate.ts'
import { hashPassword } from '../../apps/api/src/platform/identity/passwords.ts'
import { createClient } from '../../apps/api/src/testing/http-client.ts'
import { BENCH } from '../patients/settings.ts'
import { apiConfig, recreateDatabase, time } from '../lib/app-bench.ts'

const patients = Number(process.argv[2] ?? 100_000)
const iterations = Number(process.argv[3] ?? 50)
const url = process.argv[4] ?? 'postgres://postgres@127.0.0.1:5432/bench_risk_gaps'
const SCOPED_EMAIL = 'bench-scoped@blueconsent.test'

/** One ACO with two TINs, its admin (all TINs) and a user on the first TIN, N patients with gaps. */
async function load(client: pg.Client): Promise<{ tinIds: string[] }> {
  const { rows: orgs } = await client.query<{ id: string }>(
    `insert into organizations (name, organization_type) values ('Bench Gaps ACO', 'ACO') returning id`,
  )
  const organizationId = orgs[0]!.id
  const { rows: tinRows } = await client.query<{ id: string }>(
    `insert into tins (organization_id, identifier_encrypted, identifier_hash, identifier_masked, provider_org_name)
     select $1, 'x' || g, md5('bench-tin-' || g), '***-**-000' || g, 'Bench Clinic ' || g
     from generate_series(1, 2) g returning id`,
    [organizationId],
  )
  const tinIds = tinRows.map((row) => row.id)
  const password = await hashPassword(BENCH.userPassword)
  const { rows: users } = await client.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, role, organization_id, all_tins, email_verified_at)
     values ($1, $2, 'Bench', 'Admin', 'ACO_ADMIN', $3, true, now()),
            ($4, $2, 'Bench', 'Scoped', 'ACO_USER', $3, false, now()) returning id`,
    [BENCH.userEmail, password, organizationId, SCOPED_EMAIL],
  )
  await client.query(`insert into user_tins (user_id, tin_id) values ($1, $2)`, [users[1]!.id, tinIds[0]])
  await client.query(
    `insert into patients (organization_id, tin_id, full_name, data_as_of)
     select $1, ($3::uuid[])[1 + g % 2], 'Bench Patient ' || g, now() from generate_series(1, $2::int) g`,
    [organizationId, patients, tinIds],
  )
  // 85% with an authorized, unexpired request; the rest revoked (their gaps must not show).
  await client.query(
    `insert into authorization_requests (organization_id, requester_user_id, patient_id, status, authorization_type,
       patient_name, contact_method, contact_encrypted, contact_hash, created_at, expires_at, authorized_at)
     select $1, $2, p.id, case when abs(hashtext(p.id::text)) % 20 < 17 then 'authorized' else 'revoked' end,
       'healthcare_provider', p.full_name, 'email', 'x', md5(p.id::text), now() - interval '30 days',
       now() + interval '300 days', now() - interval '29 days'
     from patients p where p.organization_id = $1`,
    [organizationId, users[0]!.id],
  )
  // One to five gaps per patient (three on average), 80% open, values 0 to 1.2, ten providers.
  await client.query(
    `insert into risk_gaps (patient_id, organization_id, gap_key, type, condition, model, hcc, hcc_label, value,
       rx_hcc, rx_hcc_label, rx_value, confidence, suggested_code, last_date, provider_npi, provider_name, evidence,
       status, computed_at)
     select p.id, $1, 'gap:' || k, case when k % 2 = 0 then 'recapture' else 'suspect' end, 'Condition ' || k, 'V28',
       'HCC' || (k * 17), 'Condition ' || k, round((random() * 1.2)::numeric, 3), 'RXHCC' || k, 'Rx condition ' || k,
       round((random() * 0.5)::numeric, 3), case when k % 2 = 1 then 'high' end, 'E119', current_date - k * 30,
       '12345678' || lpad((abs(hashtext(p.id::text || k)) % 10)::text, 2, '0'), 'Dr Bench ' || (abs(hashtext(p.id::text || k)) % 10),
       jsonb_build_object('claims', jsonb_build_array(jsonb_build_object('claim_id', gen_random_uuid(), 'claim_type', 'CARRIER',
         'date', current_date - k * 30, 'codes', jsonb_build_array('E119'), 'provider_name', 'Dr Bench', 'provider_npi', '1234567893')),
         'fills', '[]'::jsonb, 'rule', null),
       case when random() < 0.8 then 'open' else (array['addressed','dismissed','deferred'])[1 + (random() * 2)::int] end, now()
     from patients p, generate_series(1, 1 + abs(hashtext(p.id::text)) % 5) k where p.organization_id = $1`,
    [organizationId],
  )
  await client.query('vacuum analyze')
  return { tinIds }
}

async function signedIn(app: Awaited<ReturnType<typeof buildApp>>, email: string) {
  const client = createClient(app)
  const login = await client.login(email, BENCH.userPassword)
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`)
  return client
}

/** BENCH_REUSE=1 times the database a previous run loaded (loading 300,000 gaps takes minutes). */
async function prepare(): Promise<string[]> {
  if (process.env.BENCH_REUSE === '1') {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query<{ id: string }>(
      `select t.id from tins t join organizations o on o.id = t.organization_id
       where o.name = 'Bench Gaps ACO' order by t.provider_org_name`,
    )
    await client.end()
    return rows.map((row) => row.id)
  }
  await recreateDatabase(url)
  const database = await openDatabase({ kind: 'postgres', url })
  await migrateDatabase(database)
  await database.close()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  const { tinIds } = await load(client)
  const { rows } = await client.query<{ gaps: number }>('select count(*)::int as gaps from risk_gaps')
  await client.end()
  process.stdout.write(
    `${patients} patients, ${rows[0]?.gaps} gaps loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )
  return tinIds
}

async function main(): Promise<void> {
  const tinIds = await prepare()
  const app = await buildApp(apiConfig(url))
  const admin = await signedIn(app, BENCH.userEmail)
  const scoped = await signedIn(app, SCOPED_EMAIL)
  const cases: [string, typeof admin, string][] = [
    ['admin, first page', admin, '/api/risk-gaps/'],
    ['admin, one TIN', admin, `/api/risk-gaps/?tin=${tinIds[1]}`],
    ['admin, suspects', admin, '/api/risk-gaps/?type=suspect'],
    ['admin, one provider', admin, '/api/risk-gaps/?provider=1234567803'],
    ['admin, page 40', admin, '/api/risk-gaps/?page=40'],
    ['user on one TIN', scoped, '/api/risk-gaps/'],
    ['filter options', admin, '/api/risk-gaps/filters/'],
  ]
  for (const [label, caller, path] of cases) {
    const figures = await time(async () => {
      const response = await caller.request({ method: 'GET', url: path })
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`)
    }, iterations)
    process.stdout.write(`${label.padEnd(22)} ${figures}\n`)
  }
  await app.close()
}

await main()
