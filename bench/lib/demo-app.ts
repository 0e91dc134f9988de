// The portal with its demo data for the load benchmarks: one API process (PGlite, or PostgreSQL when a
// database URL is given), rate limits out of the way, and a bearer token per demo persona.
import type autocannon from 'autocannon'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../apps/api/src/app.ts'
import { loadConfig } from '../../apps/api/src/platform/config.ts'
import { DEMO_PASSWORD, demoUser, seedDemoData } from '../../apps/api/src/features/demo-data/index.ts'

export type Persona = Parameters<typeof demoUser>[0]
export type Headers = Record<string, string>

export async function startDemoApp(options: { databaseUrl: string | undefined; runWorkers: boolean }) {
  const { databaseUrl } = options
  const app = await buildApp(
    loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-demo-')),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      PORT: '0',
      DEMO_SEED: 'true',
      RUN_WORKERS: String(options.runWorkers),
      RATE_LIMIT_PER_MINUTE: '1000000000',
      RATE_LIMIT_ORGANIZATION_PER_MINUTE: '1000000000',
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
            JWT_SECRET: 'bench-only-jwt-secret-'.padEnd(40, 'x'),
            // A deployment's stand-ins are opt-in; the bench has no real Stripe or Blue Button.
            STRIPE_STANDIN: 'true',
            BLUEBUTTON_SANDBOX: 'true',
          }
        : {}),
    }),
  )
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  await seedDemoData(app)
  const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrftoken: string }
  const csrfHeaders: Headers = {
    'content-type': 'application/json',
    'x-csrftoken': csrf.csrftoken,
    cookie: `csrftoken=${csrf.csrftoken}`,
  }
  /** JSON, CSRF and a fresh bearer token of the persona: what every signed-in call sends. */
  async function bearer(persona: Persona): Promise<Headers> {
    const response = await fetch(`${base}/api/jwt/login/`, {
      method: 'POST',
      headers: csrfHeaders,
      body: JSON.stringify({ email: demoUser(persona).email, password: DEMO_PASSWORD }),
    })
    const { access } = (await response.json()) as { access: string }
    return { ...csrfHeaders, authorization: `Bearer ${access}` }
  }
  return { app, base, csrfHeaders, bearer }
}

/**
 * The body of a request for a new patient: a fresh MRN and email per call across every run of the process, so
 * no call meets an open request; `label` names them.
 */
let created = 0
export function newPatientRequestBody(label: string): string {
  created += 1
  return JSON.stringify({
    health_plan: 'medicare',
    patient_mrn: `${label.toUpperCase()}-${process.pid}-${created}`,
    contact_method: 'email',
    contact_value: `${label}.${process.pid}.${created}@example.org`,
    metadata: { patient_name: `${label} Patient ${created}` },
  })
}

/** autocannon requests that each create an authorization request for a new patient. */
export function newPatientRequests(label: string): autocannon.Request[] {
  return [{ method: 'POST', setupRequest: (request) => ({ ...request, body: newPatientRequestBody(label) }) }]
}
