// The create path under load: 64 clients creating requests for new patients, alone and in a 40/40/20 mix of
// request list, patient search and create. One API process with its workers off (delivery is the outbox's
// job, not the request's), demo data, PostgreSQL on the same machine. Fails on any error or non-2xx answer.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_create npx tsx bench/requests/create.ts [seconds=20]
import autocannon from 'autocannon'
import { recreateDatabase } from '../lib/app-bench.ts'
import { newPatientRequests, startDemoApp } from '../lib/demo-app.ts'

const seconds = Number(process.argv[2] ?? 20)
const databaseUrl = process.env.BENCH_DATABASE_URL
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required (a database of your own; it is recreated)')
await recreateDatabase(databaseUrl)
// Workers off: delivering the queued messages is the outbox's job, not the request's.
const { app, base, bearer } = await startDemoApp({ databaseUrl, runWorkers: false })
const aco = await bearer('ACO_ADMIN')

const createOptions = (connections: number): autocannon.Options => ({
  url: `${base}/api/healthplans/requests/`,
  connections,
  duration: seconds,
  headers: aco,
  requests: newPatientRequests('bench'),
})
const listOptions = (connections: number): autocannon.Options => ({
  url: `${base}/api/healthplans/requests/?scope=organization&page_size=20`,
  connections,
  duration: seconds,
  headers: aco,
})
const searchOptions = (connections: number): autocannon.Options => ({
  url: `${base}/api/patients/?search=Garcia`,
  connections,
  duration: seconds,
  headers: aco,
})

type Row = { name: string; result: autocannon.Result }
const run = (options: autocannon.Options) => autocannon(options)
function report(title: string, rows: Row[]): boolean {
  console.log(`\n${title}`)
  let failed = false
  for (const { name, result } of rows) {
    const bad = result.errors + result.timeouts + result.non2xx
    failed ||= bad > 0
    if (bad > 0) console.log(`  ${name} status codes: ${JSON.stringify(result.statusCodeStats)}`)
    console.log(
      `${name.padEnd(10)} ${String(result.requests.total).padStart(7)} calls  ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors+non-2xx ${bad}`,
    )
  }
  return failed
}

const alone = await run(createOptions(64))
const [list, search, create] = await Promise.all([
  run(listOptions(26)),
  run(searchOptions(25)),
  run(createOptions(13)),
])
const mixAll = [list, search, create].flatMap((result) => [result.latency.p99])
const aloneFailed = report('create alone, 64 clients', [{ name: 'create', result: alone }])
const mixFailed = report('mix 40/40/20 of 64 clients', [
  { name: 'list', result: list },
  { name: 'search', result: search },
  { name: 'create', result: create },
])
console.log(`mix p99 (worst of the three): ${Math.max(...mixAll)} ms`)
const failed = aloneFailed || mixFailed
await app.close()
process.exit(failed ? 1 : 0)
