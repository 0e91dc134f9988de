import { describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { loadConfig, loadToolConfig, proxyTrust } from './config.ts'

/** A deployment with every real key: what the README's production settings amount to. */
const DEPLOYMENT = {
  DATABASE_URL: 'postgres://db/x',
  NODE_ENV: 'production',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  JWT_SECRET: 's'.repeat(40),
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  BLUEBUTTON_BASE_URL: 'https://api.bluebutton.cms.gov',
  BLUEBUTTON_PROVIDER_CLIENT_ID: 'prov',
  BLUEBUTTON_PROVIDER_CLIENT_SECRET: 'prov-secret',
  BLUEBUTTON_AGENT_CLIENT_ID: 'agent',
  BLUEBUTTON_AGENT_CLIENT_SECRET: 'agent-secret',
}

describe('loadConfig', () => {
  it('defaults to the embedded demo on port 8000', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8000',
      devTools: true,
      demoSeed: true,
    })
    expect(config.database.kind).toBe('pglite')
  })

  it('turns demo features off for PostgreSQL and requires secrets there', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x' })).toThrow(
      'DATA_ENCRYPTION_KEY and JWT_SECRET',
    )
    const config = loadConfig({ ...DEPLOYMENT, PUBLIC_URL: 'https://p.example/' })
    expect(config).toMatchObject({
      devTools: false,
      demoSeed: false,
      publicUrl: 'https://p.example',
      unsafeDemoFeatures: [],
    })
    expect(config.bluebutton.embeddedSandbox).toBe(false)
    expect(config.stripe?.secretKey).toBe('sk_live_x')
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db/x' })
  })

  describe('a deployment (PostgreSQL or NODE_ENV=production) refuses the demo stand-ins unless named', () => {
    const withoutStripe = { ...DEPLOYMENT, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }
    const withoutBlueButton = { ...DEPLOYMENT, BLUEBUTTON_BASE_URL: '' }
    const postgres = { ...DEPLOYMENT, NODE_ENV: '' }
    const production = { ...DEPLOYMENT, DATABASE_URL: '' }

    it.each([
      ['PostgreSQL', postgres],
      ['NODE_ENV=production on the embedded database', production],
    ])('%s: no Stripe key and no STRIPE_STANDIN → refused, saying why', (_mode, env) => {
      expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toThrow(
        /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required.*STRIPE_STANDIN=true/s,
      )
      expect(() => loadConfig({ ...env, BLUEBUTTON_BASE_URL: '' })).toThrow(
        /BLUEBUTTON_BASE_URL and the CMS application credentials.*BLUEBUTTON_SANDBOX=true/s,
      )
    })

    it('keeps the dev outbox and the demo seed off unless named', () => {
      for (const env of [postgres, production]) {
        expect(loadConfig(env)).toMatchObject({ devTools: false, demoSeed: false })
      }
    })

    it('runs each stand-in or tool named explicitly, and lists it as unsafe', () => {
      const config = loadConfig({
        ...withoutStripe,
        BLUEBUTTON_BASE_URL: '',
        STRIPE_STANDIN: 'true',
        BLUEBUTTON_SANDBOX: 'true',
        DEV_TOOLS: 'true',
        DEMO_SEED: 'true',
      })
      expect(config.stripe).toBeUndefined()
      expect(config.bluebutton.embeddedSandbox).toBe(true)
      expect(config).toMatchObject({ devTools: true, demoSeed: true })
      expect(config.unsafeDemoFeatures).toEqual([
        'stripe_standin',
        'bluebutton_sandbox',
        'dev_tools',
        'demo_seed',
      ])
      expect(loadConfig({ ...withoutBlueButton, BLUEBUTTON_SANDBOX: 'yes' }).unsafeDemoFeatures).toEqual([
        'bluebutton_sandbox',
      ])
    })

    it('lets a real Stripe key or Blue Button URL win over its stand-in switch', () => {
      const config = loadConfig({ ...DEPLOYMENT, STRIPE_STANDIN: 'true', BLUEBUTTON_SANDBOX: 'true' })
      expect(config.stripe?.secretKey).toBe('sk_live_x')
      expect(config.bluebutton.embeddedSandbox).toBe(false)
      expect(config.unsafeDemoFeatures).toEqual([])
    })

    it('does not ask the command-line tools (migrate, backup, key rotation) for Stripe or Blue Button', () => {
      const config = loadToolConfig({ ...DEPLOYMENT, STRIPE_SECRET_KEY: '', BLUEBUTTON_BASE_URL: '' })
      expect(config.unsafeDemoFeatures).toEqual([])
      expect(() => loadToolConfig({ ...DEPLOYMENT, JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be')
    })

    it('keeps the embedded demo exactly as it was: everything on, nothing listed as unsafe', () => {
      const config = loadConfig({})
      expect(config).toMatchObject({ devTools: true, demoSeed: true, unsafeDemoFeatures: [] })
      expect(config.stripe).toBeUndefined()
      expect(config.bluebutton.embeddedSandbox).toBe(true)
    })
  })

  it('refuses a JWT_SECRET shorter than 32 bytes wherever one is given', () => {
    for (const env of [{}, { ...DEPLOYMENT, NODE_ENV: '' }]) {
      expect(() => loadConfig({ ...env, JWT_SECRET: 'x'.repeat(31) })).toThrow(
        'JWT_SECRET must be at least 32 bytes (it is 31)',
      )
      expect(loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32))
    }
    // Counted in bytes: 16 two-byte characters are enough, 31 one-byte ones are not.
    expect(loadConfig({ JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16))
  })

  describe('TRUST_PROXY', () => {
    it('refuses true: a client could choose its own address', () => {
      for (const value of ['true', 'TRUE', 'yes']) {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
          /TRUST_PROXY: TRUST_PROXY=true trusts every X-Forwarded-For hop.*TRUST_PROXY=1/s,
        )
      }
    })

    it('takes a hop count', () => {
      expect(loadConfig({}).trustProxy).toBe(false)
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    })

    it('believes exactly as many X-Forwarded-For entries as hops, from the right', async () => {
      const ipSeen = async (setting: string, forwardedFor: string) => {
        const app = Fastify({ trustProxy: proxyTrust(loadConfig({ TRUST_PROXY: setting }).trustProxy) })
        app.get('/', async (request) => request.ip)
        const answer = await app.inject({
          url: '/',
          remoteAddress: '10.0.0.9',
          headers: { 'x-forwarded-for': forwardedFor },
        })
        await app.close()
        return answer.body
      }
      // The client wrote the first entry; the proxy appended the address it saw.
      expect(await ipSeen('1', '198.18.0.1, 203.0.113.5')).toBe('203.0.113.5')
      expect(await ipSeen('2', '198.18.0.1, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5')
      expect(await ipSeen('false', '198.18.0.1, 203.0.113.5')).toBe('10.0.0.9')
      expect(await ipSeen('10.0.0.0/8', '198.18.0.1, 203.0.113.5')).toBe('203.0.113.5')
      expect(await ipSeen('192.168.0.0/16', '198.18.0.1, 203.0.113.5')).toBe('10.0.0.9')
    })

    it('takes proxy addresses and CIDRs', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8,loopback' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.5',
        'fd00::/8',
        'loopback',
      ])
      for (const wrong of ['10.0.0.0/33', 'proxy.internal', '1.2.3', '10.0.0.0/8/1', '::1/129', '-1'])
        expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow('not a hop count or proxy addresses')
    })
  })

  it('reads the job timings a test that kills workers shortens, and leaves them to the queues otherwise', () => {
    expect(loadConfig({}).jobTimings).toEqual({})
    expect(
      loadConfig({
        JOB_EXPIRE_SECONDS: '12',
        JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
        JOB_RETRY_DELAY_SECONDS: '2',
      }).jobTimings,
    ).toEqual({ expireSeconds: 12, maintenanceIntervalSeconds: 1, retryDelaySeconds: 2 })
    expect(() => loadConfig({ JOB_EXPIRE_SECONDS: '0' })).toThrow('JOB_EXPIRE_SECONDS')
  })

  describe('AUDIT_RETENTION_MONTHS', () => {
    it('keeps every audit record when unset', () => {
      expect(loadConfig({}).auditRetentionMonths).toBeUndefined()
      expect(loadConfig(DEPLOYMENT).auditRetentionMonths).toBeUndefined()
    })

    it('takes six years or more in a deployment, and refuses less, saying why', () => {
      expect(loadConfig({ ...DEPLOYMENT, AUDIT_RETENTION_MONTHS: '72' }).auditRetentionMonths).toBe(72)
      for (const env of [DEPLOYMENT, { ...DEPLOYMENT, DATABASE_URL: '' }, { ...DEPLOYMENT, NODE_ENV: '' }])
        expect(() => loadConfig({ ...env, AUDIT_RETENTION_MONTHS: '71' })).toThrow(
          /AUDIT_RETENTION_MONTHS=71 would delete audit records younger than six years.*at least 72 months/s,
        )
    })

    it('takes a shorter retention in the embedded demo, never under a month', () => {
      expect(loadConfig({ AUDIT_RETENTION_MONTHS: '3' }).auditRetentionMonths).toBe(3)
      expect(() => loadConfig({ AUDIT_RETENTION_MONTHS: '0' })).toThrow('AUDIT_RETENTION_MONTHS')
      expect(() => loadConfig({ AUDIT_RETENTION_MONTHS: 'six years' })).toThrow('AUDIT_RETENTION_MONTHS')
    })
  })

  it('explains invalid values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT')
    expect(() => loadConfig({ DEV_TOOLS: 'maybe' })).toThrow('DEV_TOOLS')
  })

  it('logs human-readable lines on a terminal in demo mode, JSON when piped, in production or when asked', () => {
    const tty = { stdoutIsTty: true }
    const piped = { stdoutIsTty: false }
    expect(loadConfig({}, tty).logFormat).toBe('pretty')
    expect(loadConfig({}, piped).logFormat).toBe('json')
    expect(loadConfig(DEPLOYMENT, tty).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'json' }, tty).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, piped).logFormat).toBe('pretty')
  })
})
