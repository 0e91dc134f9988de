// Three API instances on one PostgreSQL and one Redis, behind Debian's nginx, as a hospital's platform would
// run them: a session started through one instance works on every other, a logout on one is refused on the
// next call to another, the per-user rate limit and the sign-in lockout are counted once for all, and a rolling
// restart (SIGTERM, drain, start again, one instance at a time) drops no request, nginx retrying idempotent
// calls on the next instance.
import { CSRF_COOKIE, CSRF_HEADER } from '@blueconsent/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoUser } from './features/demo-data/index.ts'
import { callFrom, signIn, startNginx, startRedis, type Helper } from './testing/scale-out.ts'
import { databaseEnv, freePort, startServer, type ServerProcess } from './testing/server-process.ts'
import { dropStorage, openStorage, type TestStorage } from './testing/test-app.ts'

const PER_USER_PER_MINUTE = 120

describe('three instances behind nginx on PostgreSQL and Redis', () => {
  let storage: TestStorage
  let redis: Helper | undefined
  let nginx: Helper | undefined
  let gateway: string
  const ports: number[] = []
  const instances: ServerProcess[] = []
  let env: Record<string, string>

  const instanceAt = (index: number): ServerProcess => {
    const instance = instances[index]
    if (!instance) throw new Error(`no instance ${index}`)
    return instance
  }
  const startInstance = (index: number) =>
    startServer({ ...env, PORT: String(ports[index]) }).then((server) => {
      instances[index] = server
      return server
    })

  beforeAll(async () => {
    const opened = await openStorage({ persistent: true })
    storage = opened.storage
    await opened.database.close()
    redis = await startRedis()
    for (let index = 0; index < 3; index += 1) ports.push(await freePort())
    const gatewayPort = await freePort()
    gateway = `http://127.0.0.1:${gatewayPort}`
    env = {
      // One public address for all: tokens name it as their issuer, so any instance accepts any other's.
      PUBLIC_URL: gateway,
      ...databaseEnv(storage),
      REDIS_URL: redis.url,
      // One proxy in front (nginx): only the address it appended to X-Forwarded-For is believed.
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: String(PER_USER_PER_MINUTE),
    }
    // The first instance migrates; the others start on a ready schema.
    await startInstance(0)
    await Promise.all([startInstance(1), startInstance(2)])
    nginx = await startNginx(gatewayPort, ports)
  }, 420_000)

  afterAll(async () => {
    for (const instance of instances) if (instance?.child.exitCode === null) instance.child.kill('SIGKILL')
    nginx?.stop()
    redis?.stop()
    if (storage) await dropStorage(storage)
  })

  it('keeps a session on every instance, and a logout on one ends it on the others', async () => {
    const caller = await signIn(gateway, 'ACO_USER')
    for (const instance of instances)
      expect((await caller.call(instance.base, 'GET', '/api/jwt/verify/')).status, instance.base).toBe(200)
    expect((await caller.call(instanceAt(0).base, 'POST', '/api/logout/', {})).status).toBeLessThan(300)
    for (const instance of instances.slice(1))
      expect((await caller.call(instance.base, 'GET', '/api/jwt/verify/')).status, instance.base).toBe(401)
  })

  it('counts the per-user rate limit once across instances', async () => {
    const caller = await signIn(gateway, 'AGENT_USER')
    const statuses: number[] = []
    for (let call = 0; call < PER_USER_PER_MINUTE; call += 1)
      statuses.push((await caller.call(instanceAt(call % 3).base, 'GET', '/api/jwt/verify/')).status)
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    // Each instance alone has seen only a third of the budget; together they have seen all of it.
    const over = await caller.call(instanceAt(2).base, 'GET', '/api/jwt/verify/')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('locks a sign-in out after five failures spread over three instances', async () => {
    const email = demoUser('PHYSICIAN_USER').email
    // Each attempt from its own address (the instances trust the proxy's X-Forwarded-For), so only the
    // account's counter can add up to a lockout.
    const attempt = (base: string, password: string, address: string) =>
      fetch(`${base}/api/csrf/`, { headers: { 'x-forwarded-for': address } }).then(async (csrf) => {
        const token = /csrftoken=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? ''
        return fetch(`${base}/api/jwt/login/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': address,
            cookie: `${CSRF_COOKIE}=${token}`,
            [CSRF_HEADER]: token,
          },
          body: JSON.stringify({ email, password }),
        })
      })
    for (let failure = 0; failure < 5; failure += 1) {
      const response = await attempt(
        instanceAt(failure % 3).base,
        'wrong-password-1',
        `198.51.100.${failure + 1}`,
      )
      expect([401, 429]).toContain(response.status)
    }
    const right = await attempt(instanceAt(2).base, DEMO_PASSWORD, '198.51.100.9')
    expect(right.status).toBe(429)
    expect(((await right.json()) as { code: string }).code).toBe('locked_out')
  })

  describe('a client that writes its own X-Forwarded-For through nginx', () => {
    // A fresh address per call, as a client trying to look like many would write.
    const spoofed = (call: number) => `198.18.${(call >> 8) & 255}.${call & 255}`

    it('is still limited by the address nginx saw', async () => {
      const from = '127.0.0.2'
      const statuses: number[] = []
      for (let call = 0; call <= PER_USER_PER_MINUTE; call += 1) {
        const answer = await callFrom(from, `${gateway}/api/csrf/`, {
          headers: { 'x-forwarded-for': spoofed(call) },
        })
        statuses.push(answer.status)
      }
      expect(statuses.slice(0, PER_USER_PER_MINUTE).filter((status) => status !== 200)).toEqual([])
      expect(statuses.at(-1)).toBe(429)
      // Another client behind the same nginx keeps its own budget.
      expect((await callFrom('127.0.0.3', `${gateway}/api/csrf/`)).status).toBe(200)
    })

    it('is still locked out by the address nginx saw after five failed sign-ins', async () => {
      const from = '127.0.0.4'
      const attempt = async (email: string, password: string, call: number) => {
        const headers = { 'x-forwarded-for': spoofed(call) }
        const csrf = await callFrom(from, `${gateway}/api/csrf/`, { headers })
        const cookies = [csrf.headers['set-cookie'] ?? []].flat().join('; ')
        const token = /csrftoken=([^;]+)/.exec(cookies)?.[1] ?? ''
        return callFrom(from, `${gateway}/api/jwt/login/`, {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            cookie: `${CSRF_COOKIE}=${token}`,
            [CSRF_HEADER]: token,
          },
          body: JSON.stringify({ email, password }),
        })
      }
      // Five different accounts, so only the per-address counter can add up.
      for (let failure = 0; failure < 5; failure += 1) {
        const answer = await attempt(`nobody-${failure}@example.test`, 'wrong-password-1', failure)
        // The fifth failure may already be answered as a lockout.
        expect([401, 429]).toContain(answer.status)
      }
      const right = await attempt(demoUser('ACO_USER').email, DEMO_PASSWORD, 99)
      // Refused for the address: the sign-in lockout or the sign-in limit per address, whichever answers first.
      expect(right.status).toBe(429)
      expect(['locked_out', 'rate_limited']).toContain((JSON.parse(right.body) as { code: string }).code)
    })
  })

  it('drops no request during a rolling restart', async () => {
    const caller = await signIn(gateway, 'PHYSICIAN_ADMIN')
    const failures: string[] = []
    let calls = 0
    let restarting = true
    const load = (async () => {
      while (restarting) {
        calls += 1
        try {
          const response = await caller.call(gateway, 'GET', '/api/healthplans/requests/?page_size=5')
          if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`)
        } catch (error) {
          failures.push(String(error))
        }
        // Below the per-user limit (two calls a second): this checks restarts, not the limiter.
        await new Promise((resolve) => setTimeout(resolve, 450))
      }
    })()
    const callsMade = async (count: number) => {
      const target = calls + count
      while (calls < target) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    for (let index = 0; index < 3; index += 1) {
      const instance = instanceAt(index)
      instance.child.kill('SIGTERM')
      expect(await instance.exited).toBe(0)
      // Calls while this instance is down: round robin sends some to it, and nginx must retry them elsewhere.
      await callsMade(4)
      await startInstance(index)
      await callsMade(2)
    }
    restarting = false
    await load
    expect(calls).toBeGreaterThanOrEqual(18)
    expect(failures).toEqual([])
  }, 480_000)
})
