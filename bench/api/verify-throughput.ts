// GET /api/jwt/verify/ (signed in: JWT check + the one account query) against a bare Fastify JSON route, in one
// run, so the ratio is meaningful on a shared machine. GET /api/csrf/ (public, no database) in between shows what
// the app's own hooks cost (request id, security headers, rate limit, access rule, cookie, zod serializer). One load generator stands in for many clients, so the
// per-client rate limit is raised. Usage: npx tsx bench/api/verify-throughput.ts [seconds]
// PostgreSQL instead of the embedded PGlite: BENCH_DATABASE_URL=postgres://…/bench_verify (a database of your own;
// it is migrated and demo-seeded).
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../apps/api/src/platform/config.ts'
import { buildApp } from '../../apps/api/src/app.ts'
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/features/demo-data/demo-personas.ts'

const durationSeconds = Number(process.argv[2] ?? 10)
const connections = 20

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers })
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'))
const databaseUrl = process.env.BENCH_DATABASE_URL
const postgres = databaseUrl
  ? // Fixed bench-only secrets, so a re-run against the same database can read what the last one seeded.
    {
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      JWT_SECRET: 'bench-only-jwt-secret-'.padEnd(40, 'x'),
      // A deployment's stand-ins are opt-in; the bench has no real Stripe or Blue Button.
      STRIPE_STANDIN: 'true',
      BLUEBUTTON_SANDBOX: 'true',
    }
  : {}
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEV_TOOLS: 'true',
    PORT: '0',
    DEMO_SEED: 'true',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...postgres,
  }),
)
const bare = Fastify({ logger: false })
bare.get('/json', async () => ({ hello: 'world' }))
try {
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
  const user = DEMO_USERS.find((candidate) => candidate.role === 'PHYSICIAN_USER')
  if (!user) throw new Error('no demo physician')
  const csrf = await fetch(`${apiUrl}/api/csrf/`)
  const csrfToken = ((await csrf.json()) as { csrftoken: string }).csrftoken
  const login = await fetch(`${apiUrl}/api/jwt/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrfToken,
      cookie: `csrftoken=${csrfToken}`,
    },
    body: JSON.stringify({ email: user.email, password: DEMO_PASSWORD }),
  })
  const { access } = (await login.json()) as { access: string }

  const baseline = await measure(`${bareUrl}/json`)
  const stack = await measure(`${apiUrl}/api/csrf/`)
  const verify = await measure(`${apiUrl}/api/jwt/verify/`, { authorization: `Bearer ${access}` })
  console.log(
    `database=${databaseUrl ? 'postgres' : 'pglite'} connections=${connections} duration=${durationSeconds}s`,
  )
  console.log(
    `bare Fastify JSON   ${baseline.rps.toFixed(0)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms`,
  )
  console.log(`GET /api/csrf/       ${stack.rps.toFixed(0)} req/s  p50 ${stack.p50} ms  p99 ${stack.p99} ms`)
  console.log(
    `GET /api/jwt/verify ${verify.rps.toFixed(0)} req/s  p50 ${verify.p50} ms  p99 ${verify.p99} ms`,
  )
  console.log(`ratio verify/bare   ${(verify.rps / baseline.rps).toFixed(2)}`)
} finally {
  await app.close()
  await bare.close()
  rmSync(dataDir, { recursive: true, force: true })
}
