// Secrets at rest: AES-256-GCM for values we must read back, a keyed HMAC-SHA256 for
// equality search, SHA-256 for tokens we only ever compare.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

// Ciphertexts name the key that sealed them (`v2:<key id>:…`), so the key can be rotated: the current key
// seals, retired keys still open what they sealed until `npm run db:rotate-key` has re-sealed it. `v1:` values
// (before key ids) are tried against every configured key.
const VERSION = 'v2'
const LEGACY_VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export type CryptoKeys = {
  encryption: Buffer
  /** The id written into every new ciphertext: the first 16 hex digits of the key's SHA-256. */
  keyId: string
  /** Every configured key by id, the current one included, for opening older ciphertexts. */
  decryption: ReadonlyMap<string, Buffer>
  /** Derived, so a leaked search hash reveals nothing about the encryption key. */
  hashing: Buffer
  /** Signs new reset and email-verification tokens: derived from the current key, so it rotates with it. */
  signing: Buffer
  /**
   * Every key a token may have been signed with, current first: tokens signed before a rotation stay valid
   * until they expire, as long as the retired key is configured.
   */
  verifying: readonly Buffer[]
}

const derive = (master: Buffer, info: string): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32))

export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 16)

function parseKey(base64Key: string, name: string): Buffer {
  const key = Buffer.from(base64Key.trim(), 'base64')
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded.`)
  return key
}

const SIGNING_INFO = 'blueconsent:token-signing:v1'

/**
 * `retiredKeys` are earlier DATA_ENCRYPTION_KEYs, newest first. The oldest key anchors the search hashes:
 * rotating the encryption key must not change them, or every stored search hash (MRN, Medicare number, TIN)
 * would stop matching. Retired keys therefore stay configured. Token signatures are not stored, so they move to
 * the new key at once; the retired keys still verify the tokens they signed until those expire.
 */
export function createCryptoKeys(base64Key: string, retiredKeys: readonly string[] = []): CryptoKeys {
  const master = parseKey(base64Key, 'DATA_ENCRYPTION_KEY')
  const retired = retiredKeys.map((key) => parseKey(key, 'Each of DATA_ENCRYPTION_KEYS_RETIRED'))
  const anchor = retired.at(-1) ?? master
  return {
    encryption: master,
    keyId: keyIdOf(master),
    decryption: new Map([master, ...retired].map((key) => [keyIdOf(key), key])),
    hashing: derive(anchor, 'blueconsent:keyed-hash:v1'),
    signing: derive(master, SIGNING_INFO),
    verifying: [master, ...retired].map((key) => derive(key, SIGNING_INFO)),
  }
}

/** Whether a stored value is already sealed with the current key (the rotation skips those). */
export const sealedWithCurrentKey = (keys: CryptoKeys, sealed: string): boolean =>
  sealed.startsWith(`${VERSION}:${keys.keyId}:`)

export const generateEncryptionKey = (): string => randomBytes(32).toString('base64')

export function encrypt(keys: CryptoKeys, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const payload = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')
  return `${VERSION}:${keys.keyId}:${payload}`
}

function open(key: Buffer, payload: string): string {
  const raw = Buffer.from(payload, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  )
}

export function decrypt(keys: CryptoKeys, sealed: string): string {
  const parts = sealed.split(':')
  if (parts[0] === VERSION && parts.length === 3) {
    const key = keys.decryption.get(parts[1] ?? '')
    if (!key)
      throw new Error(`Sealed with key ${parts[1]}, which is not configured (DATA_ENCRYPTION_KEYS_RETIRED).`)
    return open(key, parts[2] ?? '')
  }
  if (parts[0] === LEGACY_VERSION && parts.length === 2) {
    // Before key ids: the authentication tag tells the right key from the others.
    for (const key of keys.decryption.values()) {
      try {
        return open(key, parts[1] ?? '')
      } catch {
        // Not this key.
      }
    }
    throw new Error('No configured key opens this value.')
  }
  throw new Error('Unsupported ciphertext format.')
}

export const keyedHash = (keys: CryptoKeys, value: string): string =>
  createHmac('sha256', keys.hashing).update(value, 'utf8').digest('hex')

export const hmacSign = (key: Buffer, value: string): string =>
  createHmac('sha256', key).update(value, 'utf8').digest('base64url')

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex')

export const sha256Base64Url = (value: string): string =>
  createHash('sha256').update(value, 'ascii').digest('base64url')

/** Whether `given` is the signature one of the keys makes (a single key, or every verifying key). */
export function signedByAny(
  keys: Buffer | readonly Buffer[],
  signature: (key: Buffer) => string,
  given: string,
): boolean {
  const candidates = Buffer.isBuffer(keys) ? [keys] : keys
  return candidates.some((key) => safeEqual(given, signature(key)))
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}
