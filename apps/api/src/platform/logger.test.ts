import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, scrubPath } from './logger.ts'

describe('logger', () => {
  it('drops query strings and masks token-like path segments but keeps UUIDs', () => {
    expect(scrubPath('/api/patients/?search=Jane%20Doe')).toBe('/api/patients/')
    expect(
      scrubPath('/app/password-reset/MGI3YzZhM2UtNWQwZi00YzFl/abc123-QWERTYUIOPASDFGHJKLZXCVBNM123456'),
    ).toBe('/app/password-reset/[REDACTED]/[REDACTED]')
    expect(scrubPath('/api/patients/0b7c6a3e-5d0f-4c1e-9a55-3f1f2f9d8e11/')).toBe(
      '/api/patients/0b7c6a3e-5d0f-4c1e-9a55-3f1f2f9d8e11/',
    )
  })

  it('redacts secrets in logged objects', () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const logger = createLogger('info', sink)
    logger.info(
      { body: { password: 'hunter2' }, user: { password: 'hunter3', email: 'a@b.c' }, refresh_token: 'rt-1' },
      'x',
    )
    logger.info({ err: new Error('Failed query: select 1\nparams: secret-param') }, 'y')
    const output = lines.join('')
    for (const secret of ['hunter2', 'hunter3', 'a@b.c', 'rt-1', 'secret-param'])
      expect(output).not.toContain(secret)
    expect(output).toContain('[REDACTED]')
  })
})
