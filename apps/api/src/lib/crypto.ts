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

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export type CryptoKeys = {
  encryption: Buffer
  /** Derived, so a leaked search hash reveals nothing about the encryption key. */
  hashing: Buffer
  /** Signs password-reset tokens. */
  signing: Buffer
}

const derive = (master: Buffer, info: string): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32))

export function createCryptoKeys(base64Key: string): CryptoKeys {
  const master = Buffer.from(base64Key, 'base64')
  if (master.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, base64-encoded.')
  return {
    encryption: master,
    hashing: derive(master, 'blueconsent:keyed-hash:v1'),
    signing: derive(master, 'blueconsent:token-signing:v1'),
  }
}

export const generateEncryptionKey = (): string => randomBytes(32).toString('base64')

export function encrypt(keys: CryptoKeys, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
}

export function decrypt(keys: CryptoKeys, sealed: string): string {
  const [version, payload] = sealed.split(':')
  if (version !== VERSION || payload === undefined) throw new Error('Unsupported ciphertext format.')
  const raw = Buffer.from(payload, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, raw.subarray(0, IV_BYTES))
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  )
}

export const keyedHash = (keys: CryptoKeys, value: string): string =>
  createHmac('sha256', keys.hashing).update(value, 'utf8').digest('hex')

export const hmacSign = (key: Buffer, value: string): string =>
  createHmac('sha256', key).update(value, 'utf8').digest('base64url')

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex')

export const sha256Base64Url = (value: string): string =>
  createHash('sha256').update(value, 'ascii').digest('base64url')

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}
