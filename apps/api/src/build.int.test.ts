// The production bundle starts with plain `node` (no tsx), migrates, serves health and stops on SIGTERM.
import { spawn, spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from './testing/test-keys.ts'
import { dropStorage, openStorage, type TestStorage } from './testing/test-app.ts'

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
let storage: TestStorage | undefined

afterAll(async () => {
  if (storage) await dropStorage(storage)
})

function waitForListening(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}

describe('production build', () => {
  it('bundles to dist/server.js, which starts with node and answers health', async () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: apiRoot,
      encoding: 'utf8',
    })
    expect(build.status, build.stderr).toBe(0)

    const opened = await openStorage({ persistent: true })
    storage = opened.storage
    await opened.database.close()
    const location =
      storage.kind === 'postgres' ? { DATABASE_URL: storage.url } : { DATA_DIR: storage.root ?? '' }
    // The migration command runs from the bundle too (a production image's migration job).
    const migrate = spawnSync(process.execPath, ['dist/migrate.js'], {
      cwd: apiRoot,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        ...location,
        DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        JWT_SECRET: TEST_JWT_SECRET,
      },
    })
    expect(migrate.status, migrate.stderr).toBe(0)
    expect(migrate.stdout).toContain('Migrations applied')
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        ...location,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        JWT_SECRET: TEST_JWT_SECRET,
        DEMO_SEED: 'false',
        LOG_LEVEL: 'info',
      },
    })
    try {
      const base = await waitForListening(child)
      const response = await fetch(`${base}/api/health/`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' })
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 90_000)
})
