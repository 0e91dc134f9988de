// buildTestApp(): the real app on a fresh copy of the seeded template (PGlite or PostgreSQL, chosen by the
// vitest project), with fixed test secrets and an adjustable clock.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { DestinationStream } from 'pino'
import { inject } from 'vitest'
import { buildApp } from '../app.ts'
import { embeddedBlueButtonConfig, type AppConfig } from '../platform/config.ts'
import { openDatabase, type Database } from '../platform/db/client.ts'
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from './test-keys.ts'

export type TestDatabaseInfo =
  | { backend: 'pglite'; templatePath: string }
  | { backend: 'postgres'; adminUrl: string; templateName: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo
  }
}

/** Where a test app's data lives, so a second app can reopen it (restart tests). */
export type TestStorage =
  /** `root` is a private temp folder (deleted on drop); the database lives in `root/pglite`, as DATA_DIR expects. */
  | { kind: 'pglite'; root: string | null; dataDir: string | null }
  | { kind: 'postgres'; url: string; name: string }

export type TestClock = { now: Date; advance(ms: number): void }

export type TestApp = {
  app: FastifyInstance
  storage: TestStorage
  clock: TestClock
  /** Closes the app; drops its database or data folder unless `keep` is set. */
  close(options?: { keep?: boolean }): Promise<void>
}

export type TestAppOptions = {
  config?: Partial<AppConfig>
  /** Keep data on disk so a later app can reopen it. */
  persistent?: boolean
  reopen?: TestStorage
  logDestination?: DestinationStream
}

export const TEST_PUBLIC_URL = 'http://localhost:8000'

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: TEST_PUBLIC_URL,
    database: { kind: 'pglite', dataDir: null },
    dataDir: join(tmpdir(), 'blueconsent-test-unused'),
    dataEncryptionKey: TEST_ENCRYPTION_KEY,
    jwtSecret: TEST_JWT_SECRET,
    smtpUrl: undefined,
    mailFrom: 'BlueConsent <no-reply@blueconsent.test>',
    supportEmail: 'support@blueconsent.test',
    redisUrl: undefined,
    devTools: true,
    demoSeed: false,
    runWorkers: false,
    migrateOnStart: true,
    appDatabaseRole: undefined,
    logLevel: 'silent',
    logFormat: 'json',
    webDistDir: join(tmpdir(), 'blueconsent-no-web-dist'),
    rateLimitPerMinute: 1000,
    invitationTtlHours: 48,
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig(overrides.publicUrl ?? TEST_PUBLIC_URL),
    ...overrides,
  }
}

const TEMP_PREFIX = 'blueconsent-int-'
let templateBlob: Blob | undefined

export async function openStorage(
  options: TestAppOptions,
): Promise<{ database: Database; storage: TestStorage }> {
  const info = inject('testDatabase')
  const reopen = options.reopen
  if (info.backend === 'postgres') {
    if (reopen?.kind === 'postgres')
      return { database: await openDatabase({ kind: 'postgres', url: reopen.url }), storage: reopen }
    const name = `bc_test_${randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: info.adminUrl })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.templateName}`)
    } finally {
      await admin.end()
    }
    const url = new URL(info.adminUrl)
    url.pathname = `/${name}`
    const storage: TestStorage = { kind: 'postgres', url: url.toString(), name }
    return { database: await openDatabase({ kind: 'postgres', url: storage.url }), storage }
  }
  if (reopen?.kind === 'pglite')
    return { database: await openDatabase({ kind: 'pglite', dataDir: reopen.dataDir }), storage: reopen }
  templateBlob ??= new Blob([readFileSync(info.templatePath)])
  const root = options.persistent ? mkdtempSync(join(tmpdir(), TEMP_PREFIX)) : null
  const dataDir = root ? join(root, 'pglite') : null
  const database = await openDatabase({ kind: 'pglite', dataDir }, { loadDataDir: templateBlob })
  return { database, storage: { kind: 'pglite', root, dataDir } }
}

export async function dropStorage(storage: TestStorage): Promise<void> {
  if (storage.kind === 'pglite') {
    // Only ever delete a folder this module created.
    if (storage.root && basename(storage.root).startsWith(TEMP_PREFIX))
      rmSync(storage.root, { recursive: true, force: true })
    return
  }
  const info = inject('testDatabase')
  if (info.backend !== 'postgres') return
  const admin = new pg.Client({ connectionString: info.adminUrl })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${storage.name} WITH (FORCE)`)
  } finally {
    await admin.end()
  }
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, storage } = await openStorage(options)
  const clock: TestClock = {
    now: new Date(),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms)
    },
  }
  const app = await buildApp(testConfig(options.config), {
    database,
    skipMigrations: true,
    clock: () => new Date(clock.now.getTime()),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
  })
  await app.ready()
  return {
    app,
    storage,
    clock,
    async close(closeOptions = {}) {
      await app.close()
      if (!closeOptions.keep) await dropStorage(storage)
    },
  }
}
