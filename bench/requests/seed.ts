// The request-list bench's rows, shared by bench/requests/list.ts (in-process, autocannon) and
// bench/requests/side-by-side.ts (the production build against the DRF anchor): 10 organisations × 2,000
// requests, each with its own patient, written through the app's own modules (`encrypt`, `keyedHash`).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { prng } from '../patients/synthetic.ts'

// The shape, 10 × 2,000; BENCH_ORGANIZATIONS=1 BENCH_REQUESTS_PER_ORGANIZATION=200000 (in a database
// of its own) gives the large organisation.
export const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 10)
export const REQUESTS_PER_ORGANIZATION = Number(process.env.BENCH_REQUESTS_PER_ORGANIZATION ?? 2_000)
/** Fixed, so a server process started later (bench/requests/side-by-side.ts) reads what the seed sealed. */
export const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64')
export const DEMO_PASSWORD = 'BlueConsent-Demo-2025'
export const ACO_ADMIN = 'aco.admin@demo.blueconsent.app'

export type SqlResult = { rows: Record<string, unknown>[] }
export type BenchApp = {
  ctx: { keys: unknown; database: { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } }
  listen(options: { port: number; host: string }): Promise<string>
  close(): Promise<void>
}
export type ApiModules = {
  buildApp: (config: unknown) => Promise<BenchApp>
  loadConfig: (env: Record<string, string>) => unknown
  encrypt: (keys: unknown, plaintext: string) => string
  keyedHash: (keys: unknown, value: string) => string
  /** The demo organisations' requests, consents and Blue Button pulls (features/demo-data). */
  seedDemoData: (app: BenchApp) => Promise<unknown>
}

/** The app's own modules from one checkout's apps/api (this one, or an older one for the "before" figure). */
export async function loadApi(apiRoot: string): Promise<ApiModules> {
  const load = (file: string) => import(pathToFileURL(join(apiRoot, 'src', file)).href)
  // Since the API has tiers, config and lib sit under platform/; an older checkout has them under src/.
  const platform = existsSync(join(apiRoot, 'src', 'platform')) ? 'platform/' : ''
  const [app, config, crypto, demo] = await Promise.all([
    load('app.ts'),
    load(`${platform}config.ts`),
    load(`${platform}lib/crypto.ts`),
    load('features/demo-data/index.ts'),
  ])
  return { ...app, ...config, ...crypto, seedDemoData: demo.seedDemoData } as ApiModules
}

// The same fixed-seed generator as the patient-search bench, so both databases hold the same rows.
export { prng }

/** The demo ACO admin's access token from our API at `base` (CSRF cookie and header, as the SPA signs in). */
export async function signInAcoAdmin(base: string): Promise<string> {
  const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrftoken: string }
  const response = await fetch(`${base}/api/jwt/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrf.csrftoken,
      cookie: `csrftoken=${csrf.csrftoken}`,
    },
    body: JSON.stringify({ email: ACO_ADMIN, password: DEMO_PASSWORD }),
  })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access: string }).access
}

const STATUSES = ['pending', 'consent_pending', 'authorized', 'denied', 'expired', 'revoked'] as const
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun']
const LAST = ['Archer', 'Brook', 'Castillo', 'Dunn', 'Ellis', 'Ford', 'Gray', 'Hale', 'Ives', 'Jensen']

async function insertJson(app: BenchApp, table: string, columns: string, rows: unknown[]): Promise<void> {
  const names = columns
    .split(',')
    .map((column) => column.trim().split(' ')[0])
    .join(', ')
  const BATCH = 1_000
  for (let start = 0; start < rows.length; start += BATCH) {
    await app.ctx.database.executeSql(
      `insert into ${table} (${names}) select * from json_to_recordset($1::json) as x(${columns})`,
      [JSON.stringify(rows.slice(start, start + BATCH))],
    )
  }
}

/** Organisations, a requester in each, then the patients and requests of each organisation (once per database). */
export async function seed(app: BenchApp, api: ApiModules): Promise<void> {
  const { database } = app.ctx
  const [existing] = (await database.executeSql('select count(*)::int as n from authorization_requests')).rows
  if (Number(existing?.n) >= ORGANIZATIONS * REQUESTS_PER_ORGANIZATION) return
  // The app's own keys: on PGlite they are generated into the data directory, not the bench's fixed one.
  const { keys } = app.ctx
  const aco = (
    await database.executeSql(
      `select u.id as user_id, u.organization_id from users u where u.email = $1 or u.email = $2 order by u.email`,
      [ACO_ADMIN, 'aco.user@demo.blueconsent.app'],
    )
  ).rows as { user_id: string; organization_id: string }[]
  const acoOrganization = aco[0]?.organization_id
  if (!acoOrganization) throw new Error('demo ACO admin missing (DEMO_SEED)')
  const organizations: { id: string; requesters: string[] }[] = [
    { id: acoOrganization, requesters: aco.map((row) => row.user_id) },
  ]
  const { passwordHash } = (
    await database.executeSql('select password_hash as "passwordHash" from users where email = $1', [
      ACO_ADMIN,
    ])
  ).rows[0] as { passwordHash: string }
  for (let index = 1; index < ORGANIZATIONS; index += 1) {
    const [organization] = (
      await database.executeSql(
        `insert into organizations (name, organization_type) values ($1, 'ACO') returning id`,
        [`Bench requests ACO ${index}`],
      )
    ).rows as { id: string }[]
    const [user] = (
      await database.executeSql(
        `insert into users (email, password_hash, first_name, last_name, role, organization_id, all_tins)
         values ($1, $2, 'Bench', 'Requester', 'ACO_USER', $3, true) returning id`,
        [`bench.requester.${index}@bench.blueconsent.test`, passwordHash, organization!.id],
      )
    ).rows as { id: string }[]
    organizations.push({ id: organization!.id, requesters: [user!.id] })
  }
  const random = prng(18)
  const now = Date.now()
  const startOfDay = new Date(now - (now % 86_400_000) + 60_000).toISOString()
  for (const [orgIndex, organization] of organizations.entries()) {
    const patients: unknown[] = []
    for (let index = 0; index < REQUESTS_PER_ORGANIZATION; index += 1) {
      const name = `${FIRST[index % 10]} ${LAST[Math.floor(index / 10) % 10]} ${orgIndex}-${index}`
      const mrn = `MRN-${orgIndex}-${index}`
      patients.push({
        organization_id: organization.id,
        full_name: name,
        family_name: name.split(' ')[1],
        mrn_encrypted: random() < 0.9 ? api.encrypt(keys, mrn) : null,
        mrn_hash: api.keyedHash(keys, mrn),
      })
    }
    await insertJson(
      app,
      'patients',
      'organization_id uuid, full_name text, family_name text, mrn_encrypted text, mrn_hash text',
      patients,
    )
    const patientRows = (
      await database.executeSql(
        'select id, full_name from patients where organization_id = $1 and mrn_hash is not null order by full_name',
        [organization.id],
      )
    ).rows as { id: string; full_name: string }[]
    const requests = patientRows.map((patient, index) => {
      const byEmail = random() < 0.6
      const contact = byEmail
        ? `patient.${orgIndex}.${index}@example.test`
        : `+1555${String(index).padStart(7, '0')}`
      const created = new Date(now - (index * 53 + orgIndex) * 60_000).toISOString()
      const status = STATUSES[Math.floor(random() * STATUSES.length)]!
      return {
        organization_id: organization.id,
        requester_user_id: organization.requesters[index % organization.requesters.length],
        patient_id: patient.id,
        status,
        authorization_type: 'healthcare_provider',
        patient_name: patient.full_name,
        contact_method: byEmail ? 'email' : 'phone',
        contact_encrypted: api.encrypt(keys, contact),
        contact_hash: api.keyedHash(keys, contact),
        expires_at: new Date(now + 7 * 86_400_000).toISOString(),
        authorized_at: status === 'authorized' ? created : null,
        hidden_by_requester: random() < 0.05,
        created_at: created,
        updated_at: created,
      }
    })
    await insertJson(
      app,
      'authorization_requests',
      `organization_id uuid, requester_user_id uuid, patient_id uuid, status text, authorization_type text,
       patient_name text, contact_method text, contact_encrypted text, contact_hash text,
       expires_at timestamptz, authorized_at timestamptz, hidden_by_requester boolean,
       created_at timestamptz, updated_at timestamptz`,
      requests,
    )
  }
  // Pulls for authorized requests (some pulled twice) and resends today for a tenth of the pending ones.
  await database.executeSql(
    `insert into ingestion_runs (request_id, patient_id, status, pages_fetched, pages_total, created_at)
     select id, patient_id, 'completed', 3, 3, created_at + interval '1 minute'
     from authorization_requests where status = 'authorized'`,
  )
  await database.executeSql(
    `insert into ingestion_runs (request_id, patient_id, status, pages_fetched, pages_total, created_at)
     select id, patient_id, 'running', 1, 4, created_at + interval '2 minutes'
     from authorization_requests where status = 'authorized' and patient_name like 'A%'`,
  )
  await database.executeSql(
    `insert into authorization_request_events (request_id, event, actor_kind, occurred_at)
     select id, 'resent', 'system', $1::timestamptz
     from authorization_requests where status in ('pending', 'consent_pending') and patient_name like '%Brook%'`,
    [startOfDay],
  )
  // Vacuumed as autovacuum keeps a live table, so the list's index-only scans skip the heap.
  await database.executeSql('vacuum analyze')
}
