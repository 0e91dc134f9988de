import { describe, expect, it } from 'vitest'
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.ts'
import { newTotpSecret, otpauthUri, qrCodeDataUrl, totpAt, verifyTotp } from './totp.ts'
import { createCryptoKeys } from '../../platform/lib/crypto.ts'
import { TEST_ENCRYPTION_KEY } from '../../testing/test-keys.ts'

const now = new Date('2026-03-02T10:00:15Z')
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000)

describe('TOTP', () => {
  it('accepts the current code and one step either way, never an older step than the last used', async () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const step = await verifyTotp(secret, await totpAt(secret, now), now, null)
    expect(step).toBe(Math.floor(now.getTime() / 30_000))
    expect(await verifyTotp(secret, await totpAt(secret, at(-30)), now, null)).toBe((step ?? 0) - 1)
    expect(await verifyTotp(secret, await totpAt(secret, at(30)), now, null)).toBe((step ?? 0) + 1)
    expect(await verifyTotp(secret, await totpAt(secret, at(-60)), now, null)).toBeNull()
    // Replay: the step already used, or an earlier one, is refused.
    expect(await verifyTotp(secret, await totpAt(secret, now), now, step)).toBeNull()
    expect(await verifyTotp(secret, await totpAt(secret, at(-30)), now, step)).toBeNull()
    expect(await verifyTotp(secret, await totpAt(secret, at(30)), now, step)).toBe((step ?? 0) + 1)
    // Malformed codes and a last step from the future (a clock set back) are refused, not thrown.
    expect(await verifyTotp(secret, '12345', now, null)).toBeNull()
    expect(await verifyTotp(secret, await totpAt(secret, now), now, (step ?? 0) + 100)).toBeNull()
  })

  it('provisions authenticators with an otpauth URI and its QR code as an SVG data URL', async () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'rosa@example.org')
    expect(uri).toBe(
      'otpauth://totp/BlueConsent:rosa%40example.org?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=BlueConsent',
    )
    const qr = await qrCodeDataUrl(uri)
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg/)
  })
})

describe('recovery codes', () => {
  it('are ten distinct easy-to-type codes, hashed the same however they are typed', () => {
    const codes = generateRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/)
    const keys = createCryptoKeys(TEST_ENCRYPTION_KEY)
    const [code = ''] = codes
    const hash = hashRecoveryCode(keys, code)
    expect(hashRecoveryCode(keys, code.toUpperCase().replace('-', ' '))).toBe(hash)
    expect(hash).not.toContain(code.replace('-', ''))
  })
})
