import { describe, expect, it } from 'vitest'
import {
  createCryptoKeys,
  decrypt,
  encrypt,
  generateEncryptionKey,
  keyedHash,
  randomToken,
  safeEqual,
  sha256Base64Url,
} from './crypto.ts'

const keys = createCryptoKeys(generateEncryptionKey())

describe('crypto', () => {
  it('round-trips AES-256-GCM with a fresh IV each time', () => {
    const a = encrypt(keys, '12-3456789')
    const b = encrypt(keys, '12-3456789')
    expect(a).not.toBe(b)
    expect(a.startsWith('v1:')).toBe(true)
    expect(decrypt(keys, a)).toBe('12-3456789')
    expect(decrypt(keys, b)).toBe('12-3456789')
  })

  it('refuses tampered ciphertext and the wrong key', () => {
    const sealed = encrypt(keys, 'secret')
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1
    expect(() => decrypt(keys, `v1:${raw.toString('base64url')}`)).toThrow()
    expect(() => decrypt(createCryptoKeys(generateEncryptionKey()), sealed)).toThrow()
    expect(() => decrypt(keys, 'v0:abc')).toThrow('Unsupported')
  })

  it('makes keyed hashes stable per key and different across keys', () => {
    expect(keyedHash(keys, '123456789')).toBe(keyedHash(keys, '123456789'))
    expect(keyedHash(keys, '123456789')).not.toBe(keyedHash(keys, '123456780'))
    expect(keyedHash(createCryptoKeys(generateEncryptionKey()), '123456789')).not.toBe(
      keyedHash(keys, '123456789'),
    )
    // The hashing key is derived, not the encryption key itself.
    expect(keys.hashing.equals(keys.encryption)).toBe(false)
  })

  it('rejects keys that are not 32 bytes', () => {
    expect(() => createCryptoKeys(Buffer.alloc(16).toString('base64'))).toThrow('32 bytes')
  })

  it('computes the RFC 7636 S256 challenge', () => {
    // Appendix B of RFC 7636.
    expect(sha256Base64Url('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('produces url-safe random tokens and compares in constant time', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(safeEqual('abc', 'abc')).toBe(true)
    expect(safeEqual('abc', 'abd')).toBe(false)
    expect(safeEqual('abc', 'abcd')).toBe(false)
  })
})
