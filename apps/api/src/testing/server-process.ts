// The real server as its own process (tests that kill, restart or multiply it): `node --import tsx
// src/server.ts` with the given environment, resolved once it listens.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from './test-keys.ts'
import type { TestStorage } from './test-app.ts'

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export type ServerProcess = {
  child: ChildProcess
  base: string
  exited: Promise<number | null>
  /** How many times a process of this server (each worker of a cluster) has said it listens. */
  listening: () => number
}

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Where a server process finds the test's database. */
export const databaseEnv = (storage: TestStorage): Record<string, string> =>
  storage.kind === 'postgres' ? { DATABASE_URL: storage.url } : { DATA_DIR: storage.root ?? '' }

export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child finds node's tools on the test's PATH
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      JWT_SECRET: TEST_JWT_SECRET,
      DEMO_SEED: 'false',
      // On PostgreSQL the stand-ins are opt-in; the test servers use them unless a test names real ones.
      STRIPE_STANDIN: 'true',
      BLUEBUTTON_SANDBOX: 'true',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return new Promise((resolve, reject) => {
    let output = ''
    let listening = 0
    // A hang catcher: a start (tsx compiling the sources, migrations) took over 90 s with every suite running.
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.slice(-2000)}`)),
      240_000,
    )
    // Line by line: a pipe may cut a line anywhere, and each worker of a cluster logs its own.
    const onLine = (line: string) => {
      const match = LISTENING.exec(line)
      if (match) listening += 1
      // Only the start-up matters here; a long-running instance's request logs are not kept.
      if (output.length < 200_000) output += `${line}\n`
      if (match?.[1] && listening === 1) {
        clearTimeout(timer)
        resolve({ child, base: match[1], exited, listening: () => listening })
      }
    }
    for (const stream of [child.stdout, child.stderr])
      if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine)
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output.slice(-2000)}`)))
  })
}
