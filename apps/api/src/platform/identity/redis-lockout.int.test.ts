// With REDIS_URL, two app instances share failed-login counters and rate limits (several instances behind a load balancer).
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoUser } from '../../features/demo-data/index.ts'
import { createClient } from '../../testing/http-client.ts'
import { freePort } from '../../testing/server-process.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

function startRedis(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ])
    const timer = setTimeout(() => reject(new Error('redis did not start')), 15_000)
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.on('error', reject)
  })
}

const RATE_LIMIT = 30

describe('lockout and rate limits shared through Redis', () => {
  let redis: ChildProcess
  let first: TestApp
  let second: TestApp

  beforeAll(async () => {
    const port = await freePort()
    redis = await startRedis(port)
    const config = { redisUrl: `redis://127.0.0.1:${port}`, rateLimitPerMinute: RATE_LIMIT }
    first = await buildTestApp({ config })
    second = await buildTestApp({ config })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    redis?.kill('SIGTERM')
  })

  it('locks an account on every instance after 5 failures on one of them', async () => {
    const email = demoUser('AGENT_ADMIN').email
    const statuses: number[] = []
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await createClient(first.app, { ip: `10.5.0.${i}` }).login(email, `wrong-${i}`)).statusCode,
      )
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429])
    const elsewhere = await createClient(second.app, { ip: '10.5.1.1' }).login(email, DEMO_PASSWORD)
    expect(elsewhere.statusCode).toBe(429)
    expect(elsewhere.json().code).toBe('locked_out')
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('lets other accounts in', async () => {
    const response = await createClient(second.app, { ip: '10.5.2.1' }).login(
      demoUser('AGENT_USER').email,
      DEMO_PASSWORD,
    )
    expect(response.statusCode).toBe(200)
  })

  it('counts the general rate limit across instances', async () => {
    const hit = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/csrf/', remoteAddress: '10.5.9.9' })
    for (let i = 0; i < RATE_LIMIT / 2; i += 1) expect((await hit(first)).statusCode).toBe(200)
    for (let i = 0; i < RATE_LIMIT / 2; i += 1) expect((await hit(second)).statusCode).toBe(200)
    const limited = await hit(first)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().code).toBe('rate_limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})
