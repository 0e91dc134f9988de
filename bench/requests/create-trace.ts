// Every SQL statement one creation sends, in order, with its time (a warm-up creation first).
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_create npx tsx bench/requests/create-trace.ts
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import pg from 'pg'
import { recreateDatabase } from '../lib/app-bench.ts'
import { newPatientRequestBody, startDemoApp } from '../lib/demo-app.ts'

const databaseUrl = process.env.BENCH_DATABASE_URL
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required (a database of your own; it is recreated)')
await recreateDatabase(databaseUrl)
const { app, base, bearer } = await startDemoApp({ databaseUrl, runWorkers: false })
const aco = await bearer('ACO_ADMIN')
const statements: { text: string; ms: number; client: number }[] = []
const clients = new WeakMap<pg.Client, number>()
let clients_count = 0
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
pg.Client.prototype.query = function traced(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string }
  const text = typeof first === 'string' ? first : first.text
  if (!clients.has(this)) clients.set(this, clients_count++)
  const client = clients.get(this)!
  const started = performance.now()
  const result = query.apply(this, args)
  if (result instanceof Promise)
    void result
      .finally(() => statements.push({ text, client, ms: performance.now() - started }))
      .catch(() => {})
  return result
} as typeof pg.Client.prototype.query
async function createOne(): Promise<number> {
  const body = newPatientRequestBody('trace')
  const response = await fetch(`${base}/api/healthplans/requests/`, { method: 'POST', headers: aco, body })
  if (response.status !== 201) console.log(await response.text())
  return response.status
}
// BENCH_PROFILE_CREATIONS=n: n more creations one at a time first (run under --cpu-prof to see where they go).
const warmUp = Number(process.env.BENCH_PROFILE_CREATIONS ?? 1)
const idle = process.cpuUsage()
await new Promise((resolve) => setTimeout(resolve, 5000))
const idleUsed = process.cpuUsage(idle)
console.log(`API CPU while idle: ${((idleUsed.user + idleUsed.system) / 5000).toFixed(1)} ms a second`)
const session = new Session()
session.connect()
const post = (method: string) =>
  new Promise<unknown>((resolve, reject) =>
    session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  )
if (process.env.BENCH_PROFILE_OUT) {
  await post('Profiler.enable')
  await post('Profiler.start')
}
const cpu = process.cpuUsage()
const warmStarted = performance.now()
for (let index = 0; index < warmUp; index += 1) await createOne()
const used = process.cpuUsage(cpu)
console.log(
  `${warmUp} creations one at a time: ${((performance.now() - warmStarted) / warmUp).toFixed(2)} ms each, API CPU ${((used.user + used.system) / 1000 / warmUp).toFixed(2)} ms each`,
)
if (process.env.BENCH_PROFILE_OUT) {
  const { profile } = (await post('Profiler.stop')) as { profile: unknown }
  writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile))
}
statements.length = 0
const started = performance.now()
const status = await createOne()
console.log(
  `status ${status}, ${(performance.now() - started).toFixed(1)} ms, ${statements.length} statements`,
)
for (const { text, ms, client } of statements)
  console.log(`c${client} ${ms.toFixed(2).padStart(6)} ms  ${text.replace(/\s+/g, ' ').slice(0, 260)}`)
await app.close()
