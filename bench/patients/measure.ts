// p50/p95 of patient search on the database seeded by seed.ts, warm cache, one query at a time:
//  1. at the database: the query GET /api/patients/ runs (`patientSearchPage` and `searchPatientsInContext` of
//     features/patients: the page, its window count and each row's newest request, served flag and risk score
//     in one statement) for `search` (names through the name vocabulary, or the keyed hashes), `medicare_number`
//     (MBI hash equality) and `mrn` (MRN hash equality), through Drizzle on one PostgreSQL connection;
//  2. through the API: GET /api/patients/?search=|medicare_number=|mrn= on buildApp against the same
//     database (app.inject, signed in as an ACO admin; includes scope, audit row and serialisation).
// Usage: npx tsx bench/patients/measure.ts [iterations] [database-url] [db-only]
import { patientSearchQuerySchema } from '@blueconsent/contract/patients'
import { buildApp } from '../../apps/api/src/app.ts'
import { embeddedBlueButtonConfig, type AppConfig } from '../../apps/api/src/platform/config.ts'
import { openDatabase, type Database } from '../../apps/api/src/platform/db/client.ts'
import { searchPatientsInContext } from '../../apps/api/src/features/patients/patients.repository.ts'
import { patientSearchPage } from '../../apps/api/src/features/patients/patients.service.ts'
import { createCryptoKeys } from '../../apps/api/src/platform/lib/crypto.ts'
import type { Principal } from '../../apps/api/src/platform/identity/index.ts'
import { createClient } from '../../apps/api/src/testing/http-client.ts'
import { BENCH, benchDatabaseUrl } from './settings.ts'
import { prng, syntheticMbi, syntheticMrn, syntheticPatient } from './synthetic.ts'

const iterations = Number(process.argv[2] ?? 500)
const url = benchDatabaseUrl(process.argv[3] || undefined)
const databaseOnly = process.argv[4] === 'db-only'
const WARMUP = 50
const keys = createCryptoKeys(BENCH.encryptionKey)

type Stats = { p50: number; p95: number; p99: number; mean: number }
type Kind = 'name' | 'mbi' | 'mrn'

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  }
}

/** Index of the first organisation's nth patient (seed.ts deals patients to organisations round robin). */
const ownIndex = (random: () => number, total: number): number =>
  Math.floor(random() * Math.floor(total / BENCH.organizations)) * BENCH.organizations

/** Name terms as staff type them: a surname, a full name, a first-name prefix plus surname, a misspelling. */
function nameTerm(random: () => number, index: number): string {
  const person = syntheticPatient(index)
  const variant = Math.floor(random() * 4)
  if (variant === 0) return person.family
  if (variant === 1) return person.fullName
  if (variant === 2) return `${person.given.slice(0, 3)} ${person.family}`
  // Drop one letter of the surname (a typo).
  const cut = 1 + Math.floor(random() * (person.family.length - 2))
  return `${person.given} ${person.family.slice(0, cut)}${person.family.slice(cut + 1)}`
}

const parameter: Record<Kind, 'search' | 'medicare_number' | 'mrn'> = {
  name: 'search',
  mbi: 'medicare_number',
  mrn: 'mrn',
}

async function databaseQuery(
  database: Database,
  principal: Principal,
  kind: Kind,
  term: string,
): Promise<number> {
  const query = patientSearchQuerySchema.parse({ [parameter[kind]]: term })
  const now = new Date()
  const { total } = await searchPatientsInContext(
    database.db,
    principal,
    now,
    await patientSearchPage({ keys, db: database.db }, principal, query, now),
    { scores: true },
  )
  return total
}

/** The bench user (seed.ts: an ACO admin of the first organisation with all TINs) as the API sees it. */
async function benchPrincipal(database: Database): Promise<Principal> {
  const { rows } = await database.executeSql(
    `select u.id, u.role, u.organization_id, u.all_tins, o.organization_type
     from users u join organizations o on o.id = u.organization_id where u.email = $1`,
    [BENCH.userEmail],
  )
  const user = rows[0] as
    | {
        id: string
        role: Principal['role']
        organization_id: string
        all_tins: boolean
        organization_type: Principal['organizationType']
      }
    | undefined
  if (!user) throw new Error('bench user missing: run seed.ts first')
  return {
    userId: user.id,
    role: user.role,
    organizationId: user.organization_id,
    organizationType: user.organization_type,
    permissions: [],
    isSuperuser: false,
    groups: [],
    tinIds: [],
    allTins: user.all_tins,
    sessionFamilyId: null,
    clientId: null,
    scope: null,
    organizationRevision: 0,
  }
}

function termFor(kind: Kind, random: () => number, total: number): string {
  const index = ownIndex(random, total)
  if (kind === 'name') return nameTerm(random, index)
  return kind === 'mbi' ? syntheticMbi(index) : syntheticMrn(index)
}

async function timeLoop(
  run: (term: string) => Promise<number>,
  kind: Kind,
  total: number,
): Promise<Stats & { hits: number }> {
  const random = prng(kind.length * 1000 + 3)
  for (let i = 0; i < WARMUP; i += 1) await run(termFor(kind, random, total))
  const samples: number[] = []
  let hits = 0
  for (let i = 0; i < iterations; i += 1) {
    const term = termFor(kind, random, total)
    const started = process.hrtime.bigint()
    const found = await run(term)
    samples.push(Number(process.hrtime.bigint() - started) / 1e6)
    if (found > 0) hits += 1
  }
  return { ...stats(samples), hits }
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
    supportEmail: 'support@blueconsent.test',
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
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig('http://localhost:8000'),
  }
}

const format = (s: Stats & { hits: number }) =>
  `p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  mean ${s.mean.toFixed(2)} ms  (${s.hits}/${iterations} found)`

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url })
  const principal = await benchPrincipal(database)
  const total = Number((await database.executeSql('select count(*)::int as n from patients')).rows[0]?.n)
  process.stdout.write(
    `${total} patients in ${BENCH.organizations} organisations (${Math.round(total / BENCH.organizations)} each); ${iterations} queries per case after ${WARMUP} warm-up\n`,
  )
  for (const kind of ['name', 'mbi', 'mrn'] as const) {
    process.stdout.write(
      `database ${kind.padEnd(4)} ${format(await timeLoop((term) => databaseQuery(database, principal, kind, term), kind, total))}\n`,
    )
  }
  await database.close()
  if (databaseOnly) return

  const app = await buildApp(apiConfig())
  const staff = createClient(app)
  const login = await staff.login(BENCH.userEmail, BENCH.userPassword)
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode}`)
  for (const kind of ['name', 'mbi', 'mrn'] as const) {
    const run = async (term: string) => {
      const response = await staff.request({
        method: 'GET',
        url: `/api/patients/?${new URLSearchParams({ [parameter[kind]]: term })}`,
      })
      if (response.statusCode !== 200) throw new Error(`API ${kind}: ${response.statusCode} ${response.body}`)
      return (response.json() as { count: number }).count
    }
    process.stdout.write(`api      ${kind.padEnd(4)} ${format(await timeLoop(run, kind, total))}\n`)
  }
  await app.close()
}

await main()
