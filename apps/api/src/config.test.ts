import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

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
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/x',
      DATA_ENCRYPTION_KEY: 'k',
      JWT_SECRET: 's',
      PUBLIC_URL: 'https://p.example/',
    })
    expect(config).toMatchObject({ devTools: false, demoSeed: false, publicUrl: 'https://p.example' })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db/x' })
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

  it('explains invalid values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT')
    expect(() => loadConfig({ DEV_TOOLS: 'maybe' })).toThrow('DEV_TOOLS')
  })

  it('logs human-readable lines on a terminal in demo mode, JSON when piped, in production or when asked', () => {
    const tty = { stdoutIsTty: true }
    const piped = { stdoutIsTty: false }
    expect(loadConfig({}, tty).logFormat).toBe('pretty')
    expect(loadConfig({}, piped).logFormat).toBe('json')
    const production = {
      DATABASE_URL: 'postgres://db/x',
      DATA_ENCRYPTION_KEY: 'k'.repeat(44),
      JWT_SECRET: 's'.repeat(40),
    }
    expect(loadConfig(production, tty).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'json' }, tty).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, piped).logFormat).toBe('pretty')
  })
})
