// A mixed workload of every staff role at once, as a busy morning looks: sign-ins, request lists, status polls,
// patient searches and reads, token checks and new requests, 200 connections in all for the given seconds.
// Each kind of call runs as its own autocannon instance at the same time, so each gets its own p50/p99; the
// run fails on any error or non-2xx answer. PostgreSQL: BENCH_DATABASE_URL=postgres://…/bench_load (a
// database of your own; it is migrated and demo-seeded). Usage: npx tsx bench/load/mixed.ts [seconds=60]
import autocannon from 'autocannon'
import { DEMO_PASSWORD, demoUser } from '../../apps/api/src/features/demo-data/index.ts'
import { newPatientRequests, startDemoApp } from '../lib/demo-app.ts'

const seconds = Number(process.argv[2] ?? 60)
const databaseUrl = process.env.BENCH_DATABASE_URL
const { app, base, csrfHeaders, bearer } = await startDemoApp({ databaseUrl, runWorkers: true })
const aco = await bearer('ACO_ADMIN')
const acoUser = await bearer('ACO_USER')
const physician = await bearer('PHYSICIAN_USER')
const agent = await bearer('AGENT_USER')
const patients = (await (await fetch(`${base}/api/patients/`, { headers: aco })).json()) as {
  results: { id: string }[]
}
const requests = (await (
  await fetch(`${base}/api/healthplans/requests/?scope=organization`, { headers: aco })
).json()) as { results: { request_id: string }[] }
const patientId = patients.results[0]?.id
const requestId = requests.results[0]?.request_id
if (!patientId || !requestId) throw new Error('the demo organisation has no patients or requests yet')

type Load = { name: string; connections: number; options: autocannon.Options }
const loads: Load[] = [
  {
    name: 'POST /api/jwt/login/ (sign-in)',
    connections: 10,
    options: {
      method: 'POST',
      url: `${base}/api/jwt/login/`,
      headers: csrfHeaders,
      body: JSON.stringify({ email: demoUser('PHYSICIAN_ADMIN').email, password: DEMO_PASSWORD }),
    },
  },
  {
    name: 'GET /api/healthplans/requests/ (list)',
    connections: 40,
    options: { url: `${base}/api/healthplans/requests/?scope=organization&page_size=20`, headers: aco },
  },
  {
    name: 'GET /api/healthplans/requests/{id}/status/ (poll)',
    connections: 40,
    options: { url: `${base}/api/healthplans/requests/${requestId}/status/`, headers: aco },
  },
  {
    name: 'GET /api/patients/?search= (search)',
    connections: 30,
    options: { url: `${base}/api/patients/?search=ma`, headers: acoUser },
  },
  {
    name: 'GET /api/patients/{id}/consolidated/ (read)',
    connections: 30,
    options: { url: `${base}/api/patients/${patientId}/consolidated/`, headers: aco },
  },
  {
    name: 'GET /api/jwt/verify/ (every role)',
    connections: 30,
    options: {
      url: `${base}/api/jwt/verify/`,
      headers: physician,
      requests: [{ headers: physician }, { headers: agent }, { headers: acoUser }],
    },
  },
  {
    name: 'POST /api/healthplans/requests/ (create)',
    connections: 20,
    options: {
      url: `${base}/api/healthplans/requests/`,
      method: 'POST',
      headers: aco,
      requests: newPatientRequests('load'),
    },
  },
]

const results = await Promise.all(
  loads.map((load) =>
    autocannon({ ...load.options, connections: load.connections, duration: seconds }).then((result) => ({
      load,
      result,
    })),
  ),
)
let failures = 0
const rows = results.map(({ load, result }) => {
  failures += result.errors + result.timeouts + result.non2xx
  return `| ${load.name} | ${load.connections} | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.timeouts + result.non2xx} |`
})
console.log(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${seconds} s, 200 connections`)
console.log('| call | connections | requests | req/s | p50 ms | p99 ms | errors + non-2xx |')
console.log('| --- | --- | --- | --- | --- | --- | --- |')
console.log(rows.join('\n'))
await app.close()
process.exit(failures > 0 ? 1 : 0)
