// The long contract-fuzzing campaign (the CI suite runs a bounded slice of it): every API route fuzzed from
// its zod schemas as the demo personas and anonymous callers, checking that no answer is a 5xx or leaks a
// stack, and that refused calls change no stored state. Prints one line per route with violations and a
// summary with the case count, calls per second and the statuses seen.
// Usage: npx tsx bench/fuzz/run.ts [casesPerRoute=750] [seed=random]
import { buildApp } from '../../apps/api/src/app.ts'
import { embeddedBlueButtonConfig, type AppConfig } from '../../apps/api/src/platform/config.ts'
import { FuzzCallers, fuzzRoute, fuzzableRoutes } from '../../apps/api/src/testing/contract-fuzz.ts'
import { BENCH } from '../patients/settings.ts'

const casesPerRoute = Number(process.argv[2] ?? 750)
const seed = Number(process.argv[3] ?? Math.floor(Math.random() * 2 ** 31))

function config(): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:8000',
    database: { kind: 'pglite', dataDir: null },
    dataDir: '/tmp/blueconsent-bench-fuzz',
    dataEncryptionKey: BENCH.encryptionKey,
    jwtSecret: BENCH.jwtSecret,
    smtpUrl: undefined,
    mailFrom: 'BlueConsent <no-reply@blueconsent.test>',
    redisUrl: undefined,
    devTools: true,
    demoSeed: true,
    runWorkers: false,
    migrateOnStart: true,
    appDatabaseRole: undefined,
    logLevel: 'silent',
    logFormat: 'json',
    webDistDir: '/tmp/blueconsent-bench-no-web',
    rateLimitPerMinute: 1_000_000_000,
    rateLimitOrganizationPerMinute: 1_000_000_000,
    invitationTtlHours: 48,
    supportEmail: 'support@blueconsent.test',
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig('http://localhost:8000'),
  }
}

async function main(): Promise<void> {
  const app = await buildApp(config())
  const routes = fuzzableRoutes(app.registeredRoutes)
  const callers = new FuzzCallers(app)
  const statuses: Record<number, number> = {}
  let calls = 0
  let violations = 0
  const started = performance.now()
  for (const route of routes) {
    const outcome = await fuzzRoute(app, callers, route, { casesPerRoute, seed })
    calls += outcome.report.cases
    for (const [status, count] of Object.entries(outcome.report.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count
    for (const violation of outcome.violations) {
      violations += 1
      console.log(JSON.stringify(violation))
    }
  }
  const seconds = (performance.now() - started) / 1000
  console.log(
    `routes ${routes.length} · cases ${calls} · seed ${seed} · ${seconds.toFixed(0)} s · ` +
      `${(calls / seconds).toFixed(0)} calls/s · violations ${violations}`,
  )
  console.log(`statuses ${JSON.stringify(statuses)}`)
  await app.close()
  process.exit(violations > 0 ? 1 : 0)
}

await main()
