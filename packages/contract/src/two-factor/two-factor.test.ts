import { describe, expect, it } from 'vitest'
import { describeDevice, loginTwoFactorRequestSchema, recoveryCodeSchema, totpCodeSchema } from './index.ts'

describe('two-factor contract', () => {
  it('describes a device from its user agent', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS')
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows')
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    )
    expect(describeDevice('curl/8.5.0')).toBe('Unknown device')
    expect(describeDevice(null)).toBe('Unknown device')
  })

  it('takes codes as people type them', () => {
    expect(totpCodeSchema.parse('123 456')).toBe('123456')
    expect(totpCodeSchema.safeParse('12345a').success).toBe(false)
    expect(recoveryCodeSchema.parse(' ABCDE-23456 ')).toBe('abcde23456')
    expect(loginTwoFactorRequestSchema.safeParse({ challenge: 'c', code: '123456' }).success).toBe(true)
    expect(
      loginTwoFactorRequestSchema.safeParse({ challenge: 'c', code: '123456', recovery_code: 'abcde-23456' })
        .success,
    ).toBe(false)
    expect(loginTwoFactorRequestSchema.safeParse({ challenge: 'c' }).success).toBe(false)
  })
})
