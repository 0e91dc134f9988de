// What the API benchmarks share: a fresh PostgreSQL database, the app's configuration against it, and p50/p95
// of a call after a warm-up.
import pg from 'pg'
import { embeddedBlueButtonConfig, type AppConfig } from '../../apps/api/src/platform/config.ts'
import { BENCH } from '../patients/settings.ts'

const WARMUP = 5

export async function recreateDatabase(url: string): Promise<void> {
  const admin = new URL(url)
  const name = admin.pathname.slice(1)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
  await client.end()
}

export function apiConfig(url: string): AppConfig {
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
    migrateOnStart: true,
    appDatabaseRole: undefined,
    logLevel: 'silent',
    logFormat: 'json',
    webDistDir: '/tmp/blueconsent-bench-no-web',
    rateLimitPerMinute: 1_000_000_000,
    invitationTtlHours: 48,
    supportEmail: 'support@blueconsent.test',
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig('http://localhost:8000'),
  }
}

export async function time(run: () => Promise<unknown>, iterations: number): Promise<string> {
  for (let index = 0; index < WARMUP; index += 1) await run()
  const samples: number[] = []
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN
  return `p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms`
}
