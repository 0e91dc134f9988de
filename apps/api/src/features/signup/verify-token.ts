// Email verification tokens: `<uid>.<timestamp36>-<hmac>` over the user id, the address, whether it is
// verified yet, and the timestamp. Nothing is stored: verifying the address changes what is signed, which
// makes each link single-use, and the timestamp bounds it to 24 hours.
import { hmacSign, signedByAny } from '../../platform/lib/crypto.ts'

export type VerifySubject = { id: string; email: string; emailVerifiedAt: Date | null }

export const VERIFY_TOKEN_SECONDS = 24 * 3600

const signature = (key: Buffer, user: VerifySubject, timestamp: number): string =>
  hmacSign(
    key,
    `email-verify:${user.id}:${user.email.toLowerCase()}:${user.emailVerifiedAt ? 'verified' : 'pending'}:${timestamp}`,
  ).slice(0, 32)

export function makeVerifyToken(key: Buffer, user: VerifySubject, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000)
  const uid = Buffer.from(user.id, 'utf8').toString('base64url')
  return `${uid}.${timestamp.toString(36)}-${signature(key, user, timestamp)}`
}

/** The user id a token names, or null when it is not shaped like one of ours. */
export function verifyTokenUserId(token: string): string | null {
  const uid = token.split('.')[0] ?? ''
  const decoded = Buffer.from(uid, 'base64url').toString('utf8')
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(decoded) ? decoded : null
}

export function checkVerifyToken(
  keys: Buffer | readonly Buffer[],
  user: VerifySubject,
  token: string,
  now: Date,
): boolean {
  const match = /^[A-Za-z0-9_-]+\.([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token)
  if (!match?.[1] || !match[2]) return false
  const timestamp = parseInt(match[1], 36)
  const age = Math.floor(now.getTime() / 1000) - timestamp
  if (age < 0 || age > VERIFY_TOKEN_SECONDS) return false
  const given = match[2]
  return signedByAny(keys, (key) => signature(key, user, timestamp), given)
}

/** When a token shaped like ours was issued, or null. The signature is checked by `checkVerifyToken`. */
export function verifyTokenIssuedAt(token: string): Date | null {
  const match = /\.([0-9a-z]{1,10})-[A-Za-z0-9_-]{32}$/.exec(token)
  return match?.[1] ? new Date(parseInt(match[1], 36) * 1000) : null
}
