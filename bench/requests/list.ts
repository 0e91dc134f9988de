// GET /api/healthplans/requests/?scope=organization&page_size=50 signed in as the demo ACO admin, with
// autocannon (64 connections), on 10 organisations × 2,000 requests (each with its own patient; MRNs and
// contacts encrypted with the app's `encrypt`, some with ingestion runs, resends today and hidden rows), so
// the page, its count and what each row needs are read as the app reads them in production.
// Usage: npx tsx bench/requests/list.ts [seconds=20] [rounds=1]
// PostgreSQL instead of the embedded PGlite: BENCH_DATABASE_URL=postgres://…/bench_requests (a database of
// your own: migrated, demo-seeded and filled once; later runs reuse it).
// Before/after in one run: BENCH_BEFORE_API=/path/to/old/apps/api and, for PostgreSQL,
// BENCH_BEFORE_DATABASE_URL=postgres://…/bench_requests_before (its own database, so the old code runs on the
// old migrations and indexes). The two apps are measured alternately, `rounds` times each, because the
// machine is shared and figures taken at different times do not compare.
import autocannon from 'autocannon'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ENCRYPTION_KEY, loadApi, seed, signInAcoAdmin, type BenchApp } from './seed.ts'

const seconds = Number(process.argv[2] ?? 20)
const rounds = Number(process.argv[3] ?? 1)
const CONNECTIONS = 64
const PATH = '/api/healthplans/requests/?scope=organization&page_size=50'

type Target = {
  label: string
  app: BenchApp
  url: string
  headers: Record<string, string>
  dataDir: string
  /** Revalidating with the page's ETag: every answer is a 304 with no body. */
  revalidating?: boolean
}

async function start(
  label: string,
  apiRoot: string,
  databaseUrl: string | undefined,
): Promise<Target & { etag: string | null }> {
  const api = await loadApi(apiRoot)
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-requests-'))
  const app = await api.buildApp(
    api.loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      DEMO_SEED: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      RATE_LIMIT_ORGANIZATION_PER_MINUTE: '1000000000',
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            DATA_ENCRYPTION_KEY: ENCRYPTION_KEY,
            JWT_SECRET: 'bench-only-jwt-secret-'.padEnd(40, 'x'),
            // A deployment's stand-ins are opt-in; the bench has no real Stripe or Blue Button.
            STRIPE_STANDIN: 'true',
            BLUEBUTTON_SANDBOX: 'true',
          }
        : {}),
    }),
  )
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  await seed(app, api)
  const access = await signInAcoAdmin(base)
  const headers = { authorization: `Bearer ${access}` }
  const response = await fetch(`${base}${PATH}`, { headers })
  if (!response.ok) throw new Error(`${label}: ${response.status} ${await response.text()}`)
  const page = (await response.json()) as { count: number }
  console.log(`${label}: ${apiRoot}, ${databaseUrl ? 'postgres' : 'pglite'}, ${page.count} requests in scope`)
  return { label, app, url: `${base}${PATH}`, headers, dataDir, etag: response.headers.get('etag') }
}

async function measure(target: Target) {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.headers,
  })
  const unexpected = target.revalidating ? result.requests.total - result['3xx'] : result.non2xx
  if (result.errors > 0 || unexpected > 0)
    throw new Error(`${target.label}: ${result.errors} errors, ${unexpected} unexpected answers`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

const here = resolve(import.meta.dirname, '../../apps/api')
const targets: Target[] = []
try {
  if (process.env.BENCH_BEFORE_API)
    targets.push(
      await start(
        process.env.BENCH_BEFORE_LABEL ?? 'before',
        process.env.BENCH_BEFORE_API,
        process.env.BENCH_BEFORE_DATABASE_URL,
      ),
    )
  const after = await start('after', here, process.env.BENCH_DATABASE_URL)
  targets.push(after)
  // The same page again with its ETag, as the web client polls it (answers 304, no body).
  if (after.etag)
    targets.push({
      ...after,
      label: 'after, If-None-Match',
      headers: { ...after.headers, 'if-none-match': after.etag },
      revalidating: true,
    })
  for (const target of targets)
    await autocannon({ url: target.url, connections: 8, duration: 2, headers: target.headers })
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const figures = await measure(target)
      console.log(
        `round ${round} ${target.label.padEnd(21)} ${figures.rps.toFixed(0)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms`,
      )
    }
  }
} finally {
  for (const target of targets) {
    if (target.revalidating) continue
    await target.app.close()
    rmSync(target.dataDir, { recursive: true, force: true })
  }
}
