// The create path under load: 64 clients creating requests for new patients, alone and in a 40/40/20 mix of
// request list, patient search and create. One API process with its workers off (delivery is the outbox's
// job, not the request's), demo data, PostgreSQL on the same machine. Fails on any error or non-2xx answer.
// The load generator runs in a child process, so the server's CPU time (this process, and the PostgreSQL
// backends of its database read from /proc) can be divided by the creations; the machine's other work does not
// enter these per-creation figures the way it enters the rates. Round trips are the client queries sent
// (BEGIN and COMMIT included); statements run by triggers are not among them.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_create npx tsx bench/requests/create.ts [seconds=20]
import autocannon from 'autocannon'
import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { recreateDatabase } from '../lib/app-bench.ts'
import { newPatientRequests, startDemoApp, type Headers } from '../lib/demo-app.ts'

type Phase = 'alone' | 'mix'
type LoadOrder = { base: string; headers: Headers; seconds: number; phase: Phase }
type Results = Record<string, autocannon.Result>

function loadOptions(order: LoadOrder) {
  const { base, headers, seconds } = order
  return {
    create: (connections: number): autocannon.Options => ({
      url: `${base}/api/healthplans/requests/`,
      connections,
      duration: seconds,
      headers,
      requests: newPatientRequests('bench'),
    }),
    list: (connections: number): autocannon.Options => ({
      url: `${base}/api/healthplans/requests/?scope=organization&page_size=20`,
      connections,
      duration: seconds,
      headers,
    }),
    search: (connections: number): autocannon.Options => ({
      url: `${base}/api/patients/?search=Garcia`,
      connections,
      duration: seconds,
      headers,
    }),
  }
}

/** The child's side: runs one phase's autocannon instances and sends their results to the parent. */
async function generateLoad(order: LoadOrder): Promise<Results> {
  const options = loadOptions(order)
  if (order.phase === 'alone') return { create: await autocannon(options.create(64)) }
  const [list, search, create] = await Promise.all([
    autocannon(options.list(26)),
    autocannon(options.search(25)),
    autocannon(options.create(13)),
  ])
  return { list, search, create }
}

function runInChild(order: LoadOrder): Promise<Results> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--load'], { execArgv: process.execArgv })
    child.once('message', (results) => resolve(results as Results))
    child.once('error', reject)
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)))
    child.send(order)
  })
}

/** Every query a pg client of this process sends: one round trip each. */
let roundTrips = 0
const uncounted = new WeakSet<pg.Client>()
function countRoundTrips(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    if (!uncounted.has(this)) roundTrips += 1
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
}

/** CPU milliseconds of a process from /proc (user + system), or 0 once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/** The PostgreSQL backends serving this database, their CPU kept per pid while the phase runs. */
function watchBackends(monitor: pg.Client, database: string) {
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  let lockWaits = 0
  let samples = 0
  const sample = async () => {
    const { rows } = await monitor.query<{ pid: number; wait_event_type: string | null }>(
      'select pid, wait_event_type from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    samples += 1
    for (const { pid, wait_event_type } of rows) {
      const cpu = processCpuMs(pid)
      if (!first.has(pid)) first.set(pid, cpu)
      if (cpu > 0) last.set(pid, cpu)
      if (wait_event_type === 'Lock') lockWaits += 1
    }
  }
  const timer = setInterval(() => void sample().catch(() => {}), 200)
  return {
    start: sample,
    async stop() {
      clearInterval(timer)
      await sample()
      let cpuMs = 0
      for (const [pid, cpu] of last) cpuMs += cpu - (first.get(pid) ?? 0)
      return { cpuMs, lockWaitsPerSample: lockWaits / samples }
    },
  }
}

async function measured(order: LoadOrder, monitor: pg.Client, database: string) {
  const backends = watchBackends(monitor, database)
  await backends.start()
  const trips = roundTrips
  const cpu = process.cpuUsage()
  const results = await runInChild(order)
  const node = process.cpuUsage(cpu)
  const { cpuMs, lockWaitsPerSample } = await backends.stop()
  return {
    results,
    roundTrips: roundTrips - trips,
    nodeCpuMs: (node.user + node.system) / 1000,
    postgresCpuMs: cpuMs,
    lockWaitsPerSample,
  }
}

type Measured = Awaited<ReturnType<typeof measured>>

function report(title: string, run: Measured): boolean {
  console.log(`\n${title}`)
  let failed = false
  let calls = 0
  for (const [name, result] of Object.entries(run.results)) {
    const bad = result.errors + result.timeouts + result.non2xx
    calls += result.requests.total
    failed ||= bad > 0
    if (bad > 0) console.log(`  ${name} status codes: ${JSON.stringify(result.statusCodeStats)}`)
    console.log(
      `${name.padEnd(10)} ${String(result.requests.total).padStart(7)} calls  ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors+non-2xx ${bad}`,
    )
  }
  const per = (value: number) => (value / calls).toFixed(2)
  console.log(
    `per call: ${per(run.roundTrips)} round trips, API CPU ${per(run.nodeCpuMs)} ms, PostgreSQL CPU ${per(run.postgresCpuMs)} ms; backends waiting on a lock: ${run.lockWaitsPerSample.toFixed(1)} on average`,
  )
  return failed
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 20)
  const databaseUrl = process.env.BENCH_DATABASE_URL
  if (!databaseUrl)
    throw new Error('BENCH_DATABASE_URL is required (a database of your own; it is recreated)')
  await recreateDatabase(databaseUrl)
  countRoundTrips()
  // Workers off: delivering the queued messages is the outbox's job, not the request's.
  const { app, base, bearer } = await startDemoApp({ databaseUrl, runWorkers: false })
  const headers = await bearer('ACO_ADMIN')
  const monitor = new pg.Client({ connectionString: databaseUrl })
  uncounted.add(monitor)
  await monitor.connect()
  const database = new URL(databaseUrl).pathname.slice(1)
  const alone = await measured({ base, headers, seconds, phase: 'alone' }, monitor, database)
  const mix = await measured({ base, headers, seconds, phase: 'mix' }, monitor, database)
  const aloneFailed = report('create alone, 64 clients', alone)
  const mixFailed = report('mix 40/40/20 of 64 clients', mix)
  const mixP99 = Math.max(...Object.values(mix.results).map((result) => result.latency.p99))
  console.log(`mix p99 (worst of the three): ${mixP99} ms`)
  await monitor.end()
  await app.close()
  process.exit(aloneFailed || mixFailed ? 1 : 0)
}

if (process.argv[2] === '--load') {
  process.once('message', (order: LoadOrder) => {
    void generateLoad(order).then((results) => process.send?.(results, () => process.exit(0)))
  })
} else {
  await main()
}
