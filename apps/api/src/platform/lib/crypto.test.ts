import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  createCryptoKeys,
  decrypt,
  encrypt,
  generateEncryptionKey,
  keyIdOf,
  keyedHash,
  sealedWithCurrentKey,
  randomToken,
  safeEqual,
  sha256Base64Url,
} from './crypto.ts'

const keys = createCryptoKeys(generateEncryptionKey())

/** A value sealed the way the first release did: `v1:` and no key id. */
function legacySeal(base64Key: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

describe('key rotation', () => {
  const first = generateEncryptionKey()
  const second = generateEncryptionKey()
  const before = createCryptoKeys(first)
  const rotated = createCryptoKeys(second, [first])

  it('seals with the new key and still opens what the retired key and the first release sealed', () => {
    const old = encrypt(before, 'MRN-1')
    expect(sealedWithCurrentKey(rotated, old)).toBe(false)
    expect(decrypt(rotated, old)).toBe('MRN-1')
    expect(decrypt(rotated, legacySeal(first, 'MRN-0'))).toBe('MRN-0')
    const fresh = encrypt(rotated, 'MRN-2')
    expect(fresh.startsWith(`v2:${keyIdOf(Buffer.from(second, 'base64'))}:`)).toBe(true)
    expect(sealedWithCurrentKey(rotated, fresh)).toBe(true)
    expect(() => decrypt(before, fresh)).toThrow('not configured')
  })

  it('keeps search hashes on the oldest key, so stored hashes still match', () => {
    expect(keyedHash(rotated, 'A1B2C3')).toBe(keyedHash(before, 'A1B2C3'))
  })

  it('signs with a key derived from the new key and still verifies with the retired one', () => {
    expect(rotated.signing.equals(before.signing)).toBe(false)
    expect(rotated.signing.equals(createCryptoKeys(second).signing)).toBe(true)
    expect(rotated.verifying[0]?.equals(rotated.signing)).toBe(true)
    expect(rotated.verifying.some((key) => key.equals(before.signing))).toBe(true)
    // Before any rotation the signing key is what it always was: tokens already sent keep working.
    expect(before.verifying).toEqual([before.signing])
  })

  it('refuses a key of the wrong size, naming the variable', () => {
    expect(() => createCryptoKeys(second, ['c2hvcnQ='])).toThrow('DATA_ENCRYPTION_KEYS_RETIRED')
  })
})

describe('crypto', () => {
  it('round-trips AES-256-GCM with a fresh IV each time', () => {
    const a = encrypt(keys, '12-3456789')
    const b = encrypt(keys, '12-3456789')
    expect(a).not.toBe(b)
    expect(a.startsWith(`v2:${keys.keyId}:`)).toBe(true)
    expect(decrypt(keys, a)).toBe('12-3456789')
    expect(decrypt(keys, b)).toBe('12-3456789')
  })

  it('refuses tampered ciphertext and the wrong key', () => {
    const sealed = encrypt(keys, 'secret')
    const raw = Buffer.from(sealed.split(':')[2] ?? '', 'base64url')
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1
    expect(() => decrypt(keys, `v2:${keys.keyId}:${raw.toString('base64url')}`)).toThrow()
    expect(() => decrypt(keys, `v1:${raw.toString('base64url')}`)).toThrow('No configured key')
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
