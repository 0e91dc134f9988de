// The production start on PostgreSQL with WEB_CONCURRENCY: a primary that migrates once and runs that many
// workers on one port, replaces a worker that dies, and drains them all on SIGTERM.
import { execFileSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseEnv, freePort, startServer, type ServerProcess } from './testing/server-process.ts'
import { dropStorage, openStorage, type TestStorage } from './testing/test-app.ts'

function workerPids(primary: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

async function until(check: () => boolean, label: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out (${label()})`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function readyStatus(base: string): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await fetch(`${base}/api/health/ready/`)).status
    } catch (error) {
      if (attempt >= 3) throw error
    }
  }
}

describe('WEB_CONCURRENCY', () => {
  let storage: TestStorage | undefined
  let server: ServerProcess | undefined
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL')
    if (storage) await dropStorage(storage)
  })

  it('runs one worker per process asked for, replaces a dead one, and drains them on SIGTERM', async () => {
    const opened = await openStorage({ persistent: true })
    storage = opened.storage
    await opened.database.close()
    // A fixed port: the workers share it (with port 0 each would draw its own).
    server = await startServer({
      ...databaseEnv(storage),
      WEB_CONCURRENCY: '2',
      PORT: String(await freePort()),
    })
    const primary = server.child.pid ?? 0
    // Both workers listen before one is killed: killing the only one listening would leave the port with
    // no listener for a moment, which is not what is tested here.
    const listening = server.listening
    await until(
      () => workerPids(primary).length === 2 && listening() >= 2,
      () => `workers ${workerPids(primary).join()}, ${listening()} listening`,
    )
    for (let call = 0; call < 10; call += 1)
      expect((await fetch(`${server.base}/api/health/`)).status).toBe(200)

    const [victim] = workerPids(primary)
    process.kill(victim ?? 0, 'SIGKILL')
    await until(() => workerPids(primary).length === 2 && !workerPids(primary).includes(victim ?? 0))
    await until(
      () => listening() >= 3,
      () => 'the replacement worker never listened',
    )
    // A kept-alive connection to the killed worker dies with it; the next connection reaches a live one.
    expect(await readyStatus(server.base)).toBe(200)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(workerPids(primary)).toEqual([])
  }, 300_000)
})
