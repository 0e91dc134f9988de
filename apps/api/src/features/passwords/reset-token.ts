// Django-style reset tokens: `<timestamp36>-<hmac>` over the user id, the current password hash and the
// timestamp. Nothing is stored; a changed password (including the reset itself) voids every token, which
// makes each one single-use, and the timestamp bounds it to an hour.
import { SERVER_SESSION } from '@blueconsent/contract/shared'
import { hmacSign, signedByAny } from '../../platform/lib/crypto.ts'

export type ResetSubject = { id: string; passwordHash: string }

const signature = (key: Buffer, user: ResetSubject, timestamp: number): string =>
  hmacSign(key, `password-reset:${user.id}:${user.passwordHash}:${timestamp}`).slice(0, 32)

export const encodeUid = (userId: string): string => Buffer.from(userId, 'utf8').toString('base64url')

export function decodeUid(uid: string): string | null {
  const decoded = Buffer.from(uid, 'base64url').toString('utf8')
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(decoded) ? decoded : null
}

export function makeResetToken(key: Buffer, user: ResetSubject, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000)
  return `${timestamp.toString(36)}-${signature(key, user, timestamp)}`
}

export function checkResetToken(
  keys: Buffer | readonly Buffer[],
  user: ResetSubject,
  token: string,
  now: Date,
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token)
  if (!match?.[1] || !match[2]) return false
  const timestamp = parseInt(match[1], 36)
  const age = Math.floor(now.getTime() / 1000) - timestamp
  if (age < 0 || age > SERVER_SESSION.passwordResetTokenSeconds) return false
  const given = match[2]
  return signedByAny(keys, (key) => signature(key, user, timestamp), given)
}
