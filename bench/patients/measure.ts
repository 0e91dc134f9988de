// p50/p95 of patient search on the database seeded by seed.ts, warm cache, one query at a time:
//  1. at the database: the SQL that features/patients issues for `search` (trigram `%` or substring LIKE on
//     lower(full_name), or the keyed hashes), for `medicare_number` (MBI hash equality) and for `mrn`
//     (MRN hash equality), each as the count + first page pair the service runs;
//  2. through the API: GET /api/patients/?search=|medicare_number=|mrn= on buildApp against the same
//     database (app.inject, signed in as an ACO admin; includes scope, audit row and serialisation).
// Usage: npx tsx bench/patients/measure.ts [iterations] [database-url] [db-only|like-first] [similarity-threshold]
// (the last two are for what-if runs: the database half alone, with pg_trgm's threshold raised from 0.3)
import pg from 'pg'
import { buildApp } from '../../apps/api/src/app.ts'
import { embeddedBlueButtonConfig, type AppConfig } from '../../apps/api/src/config.ts'
import { normaliseMbi } from '../../apps/api/src/features/patients/patients.service.ts'
import { createCryptoKeys, keyedHash } from '../../apps/api/src/lib/crypto.ts'
import { createClient } from '../../apps/api/src/testing/http-client.ts'
import { BENCH, benchDatabaseUrl } from './settings.ts'
import { prng, syntheticMbi, syntheticMrn, syntheticPatient } from './synthetic.ts'

const iterations = Number(process.argv[2] ?? 500)
const url = benchDatabaseUrl(process.argv[3] || undefined)
const databaseOnly = process.argv[4] === 'db-only' || process.argv[4] === 'like-first'
// What-if for name search: substring match first with a capped count, the fuzzy match only when it finds
// less than a page (not what features/patients does today).
const likeFirst = process.argv[4] === 'like-first'
const threshold = process.argv[5] === undefined ? null : Number(process.argv[5])
const WARMUP = 50
const keys = createCryptoKeys(BENCH.encryptionKey)

type Stats = { p50: number; p95: number; p99: number; mean: number }
type Kind = 'name' | 'mbi' | 'mrn'

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length }
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

const SEARCH_WHERE = `organization_id = $1 and (lower(full_name) % $2 or lower(full_name) like $3 or mrn_hash = $4
  or mbi_hash = $5 or email_hash = $6)`

async function likeFirstQuery(client: pg.Client, organizationId: string, term: string): Promise<number> {
  const lower = term.toLowerCase()
  const like = `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const capped = `select count(*)::int as n from (select 1 from patients where organization_id = $1 and lower(full_name) like $2 limit 1000) hits`
  const total = (await client.query(capped, [organizationId, like])).rows[0] as { n: number }
  if (total.n >= 20) {
    await client.query(`select * from patients where organization_id = $1 and lower(full_name) like $2 order by lower(full_name), id limit 20`, [organizationId, like])
    return total.n
  }
  const fuzzy = await client.query(
    `select * from patients where organization_id = $1 and lower(full_name) % $2 order by similarity(lower(full_name), $2) desc, id limit 20`,
    [organizationId, lower],
  )
  return total.n + fuzzy.rows.length
}

async function databaseQuery(client: pg.Client, organizationId: string, kind: Kind, term: string): Promise<number> {
  if (kind === 'name' && likeFirst) return likeFirstQuery(client, organizationId, term)
  if (kind === 'name') {
    const lower = term.toLowerCase()
    const like = `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const params = [organizationId, lower, like, keyedHash(keys, term.trim()), keyedHash(keys, normaliseMbi(term)), keyedHash(keys, lower)]
    const total = await client.query(`select count(*)::int as n from patients where ${SEARCH_WHERE}`, params)
    await client.query(
      `select * from patients where ${SEARCH_WHERE}
       order by similarity(lower(full_name), $2) desc, lower(full_name), id limit 20 offset 0`,
      params,
    )
    return (total.rows[0] as { n: number }).n
  }
  const column = kind === 'mbi' ? 'mbi_hash' : 'mrn_hash'
  const hash = kind === 'mbi' ? keyedHash(keys, normaliseMbi(term)) : keyedHash(keys, term.trim())
  const total = await client.query(`select count(*)::int as n from patients where organization_id = $1 and ${column} = $2`, [organizationId, hash])
  await client.query(`select * from patients where organization_id = $1 and ${column} = $2 order by lower(full_name), id limit 20 offset 0`, [organizationId, hash])
  return (total.rows[0] as { n: number }).n
}

function termFor(kind: Kind, random: () => number, total: number): string {
  const index = ownIndex(random, total)
  if (kind === 'name') return nameTerm(random, index)
  return kind === 'mbi' ? syntheticMbi(index) : syntheticMrn(index)
}

async function timeLoop(run: (term: string) => Promise<number>, kind: Kind, total: number): Promise<Stats & { hits: number }> {
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
    redisUrl: undefined,
    devTools: false,
    demoSeed: false,
    runWorkers: false,
    logLevel: 'silent',
    webDistDir: '/tmp/blueconsent-bench-no-web',
    rateLimitPerMinute: 1_000_000_000,
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig('http://localhost:8000'),
  }
}

const format = (s: Stats & { hits: number }) =>
  `p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  mean ${s.mean.toFixed(2)} ms  (${s.hits}/${iterations} found)`

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  if (threshold !== null) await client.query(`set pg_trgm.similarity_threshold = ${threshold.toFixed(2)}`)
  const total = Number(((await client.query('select count(*)::int as n from patients')).rows[0] as { n: number }).n)
  const organizationId = String(((await client.query(`select id from organizations where name = 'Bench ACO 0'`)).rows[0] as { id: string }).id)
  process.stdout.write(`${total} patients in ${BENCH.organizations} organisations (${Math.round(total / BENCH.organizations)} each); ${iterations} queries per case after ${WARMUP} warm-up\n`)
  for (const kind of ['name', 'mbi', 'mrn'] as const) {
    process.stdout.write(`database ${kind.padEnd(4)} ${format(await timeLoop((term) => databaseQuery(client, organizationId, kind, term), kind, total))}\n`)
  }
  await client.end()
  if (databaseOnly) return

  const app = await buildApp(apiConfig())
  const staff = createClient(app)
  const login = await staff.login(BENCH.userEmail, BENCH.userPassword)
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode}`)
  const parameter: Record<Kind, string> = { name: 'search', mbi: 'medicare_number', mrn: 'mrn' }
  for (const kind of ['name', 'mbi', 'mrn'] as const) {
    const run = async (term: string) => {
      const response = await staff.request({ method: 'GET', url: `/api/patients/?${new URLSearchParams({ [parameter[kind]]: term })}` })
      if (response.statusCode !== 200) throw new Error(`API ${kind}: ${response.statusCode} ${response.body}`)
      return (response.json() as { count: number }).count
    }
    process.stdout.write(`api      ${kind.padEnd(4)} ${format(await timeLoop(run, kind, total))}\n`)
  }
  await app.close()
}

await main()
