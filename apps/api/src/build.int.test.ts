// The production bundle starts with plain `node` (no tsx), migrates, serves health and stops on SIGTERM; and it
// does so from the files the Dockerfile's runtime stage copies, and nothing else.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from './testing/test-keys.ts'
import { dropStorage, openStorage, type TestStorage } from './testing/test-app.ts'

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const repositoryRoot = join(apiRoot, '..', '..')
const WEB_BUILD = '/app/apps/web/dist'
const API_BUILD = '/app/apps/api/dist'
const storages: TestStorage[] = []
const layouts: string[] = []

// The bundle is built into a folder of this test's own, shaped like the repository (apps/api/dist, with the
// repository's node_modules where the bundle looks for its dependencies): a suite running beside this one
// (the other database's run of it, the browser journeys on apps/api/dist) keeps its own bundle.
const buildRoot = mkdtempSync(join(tmpdir(), 'blueconsent-build-'))
layouts.push(buildRoot)
const builtApi = join(buildRoot, 'apps', 'api')
const builtDist = join(builtApi, 'dist')
mkdirSync(builtApi, { recursive: true })
symlinkSync(join(repositoryRoot, 'node_modules'), join(buildRoot, 'node_modules'))
symlinkSync(join(apiRoot, 'node_modules'), join(builtApi, 'node_modules'))

afterAll(async () => {
  for (const storage of storages) await dropStorage(storage)
  for (const layout of layouts) rmSync(layout, { recursive: true, force: true })
})

/** The explicit switches a deployment (PostgreSQL or NODE_ENV=production) needs to run on the stand-ins. */
const STAND_INS = { STRIPE_STANDIN: 'true', BLUEBUTTON_SANDBOX: 'true' }

async function emptyDatabase(): Promise<Record<string, string>> {
  const opened = await openStorage({ persistent: true })
  storages.push(opened.storage)
  await opened.database.close()
  return opened.storage.kind === 'postgres'
    ? { DATABASE_URL: opened.storage.url }
    : { DATA_DIR: opened.storage.root ?? '' }
}

/** The runtime stage's `COPY --from=build <sources…> <destination>` lines, paths inside the image's /app. */
function runtimeCopies(dockerfile: string): { sources: string[]; destination: string }[] {
  const runtime = dockerfile.split(/^FROM .* AS runtime$/m)[1] ?? ''
  return [...runtime.matchAll(/^COPY --from=build (?:--chown=\S+ )?(.+)$/gm)].map((match) => {
    const paths = (match[1] ?? '').trim().split(/\s+/)
    return { sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' }
  })
}

/** The image's /app, laid out from this checkout by the Dockerfile's own COPY lines (hard links: no copying). */
function imageLayout(): string {
  const layout = mkdtempSync(join(tmpdir(), 'blueconsent-image-'))
  layouts.push(layout)
  const copies = runtimeCopies(readFileSync(join(repositoryRoot, 'Dockerfile'), 'utf8'))
  for (const { sources, destination } of copies)
    for (const source of sources) {
      const from = source === API_BUILD ? builtDist : join(repositoryRoot, source.replace(/^\/app\//, ''))
      // CI builds the web app after this suite (for the browser journeys); without it the API serves no SPA.
      if (source === WEB_BUILD && !existsSync(from)) continue
      const to = join(layout, destination.endsWith('/') ? join(destination, basename(source)) : destination)
      mkdirSync(dirname(to), { recursive: true })
      if (spawnSync('cp', ['-al', from, to]).status === 0) continue
      const copied = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' })
      expect(copied.status, `${source}: ${copied.stderr}`).toBe(0)
    }
  return layout
}

function waitForListening(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    // A hang catcher: migrating an empty embedded database took minutes with every suite running beside it.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 360_000)
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

/** Once the server listens, runs the checks against it, then stops it with SIGTERM: it must exit with 0. */
async function answersThenStops(
  child: ReturnType<typeof spawn>,
  checks: (base: string) => Promise<void>,
): Promise<void> {
  try {
    await checks(await waitForListening(child))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

describe('production build', () => {
  it('bundles to dist/server.js, which starts with node and answers health', async () => {
    const build = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts', '--outdir', builtDist],
      {
        cwd: apiRoot,
        encoding: 'utf8',
      },
    )
    expect(build.status, build.stderr).toBe(0)

    const location = await emptyDatabase()
    // The migration command runs from the bundle too (a production image's migration job).
    const migrate = spawnSync(process.execPath, ['dist/migrate.js'], {
      cwd: builtApi,
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
      cwd: builtApi,
      env: {
        PATH: process.env.PATH,
        ...location,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        JWT_SECRET: TEST_JWT_SECRET,
        DEMO_SEED: 'false',
        // On PostgreSQL the stand-ins are opt-in; this build has no real Stripe or Blue Button to talk to.
        ...STAND_INS,
        LOG_LEVEL: 'info',
      },
    })
    await answersThenStops(child, async (base) => {
      const response = await fetch(`${base}/api/health/`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' })
    })
  }, 480_000)

  it('starts from the files the image keeps alone: migrates, is ready and answers', async () => {
    // The bundle is the one the test above built.
    const layout = imageLayout()
    const env = {
      PATH: process.env.PATH,
      ...(await emptyDatabase()),
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      JWT_SECRET: TEST_JWT_SECRET,
    }
    const migrate = spawnSync(process.execPath, ['apps/api/dist/migrate.js'], {
      cwd: layout,
      encoding: 'utf8',
      env,
    })
    expect(migrate.status, migrate.stderr).toBe(0)
    const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: layout,
      env: {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_SEED: 'false',
        ...STAND_INS,
        LOG_LEVEL: 'info',
        MIGRATE_ON_START: 'false',
      },
    })
    await answersThenStops(child, async (base) => {
      expect((await fetch(`${base}/api/health/ready/`)).status).toBe(200)
      expect((await fetch(`${base}/api/jwt/verify/`)).status).toBe(401)
    })
  }, 480_000)
})
