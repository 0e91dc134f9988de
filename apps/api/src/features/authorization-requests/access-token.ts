// The patient's own access page link, sent with the receipt of an approval: `<request id>.<expiry>.<hmac>`,
// signed with the reset-link key under its own purpose. Nothing is stored; the link works until 30 days
// after the access it shows ends, so the patient can still see that it ended. No account is needed: holding
// the link is the proof, as with the consent link.
import { accessPageExpiresAt } from '@blueconsent/contract/durations'
import type { AppContext } from '../../platform/context.ts'
import { hmacSign, safeEqual } from '../../platform/lib/crypto.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SHAPE = /^([A-Za-z0-9_-]{20,64})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/

const signature = (key: Buffer, requestId: string, expiry: number): string =>
  hmacSign(key, `patient-access:${requestId}:${expiry}`).slice(0, 43)

export function makePatientAccessToken(key: Buffer, requestId: string, accessEnd: Date): string {
  const expiry = Math.floor(accessPageExpiresAt(accessEnd).getTime() / 1000)
  const id = Buffer.from(requestId, 'utf8').toString('base64url')
  return `${id}.${expiry.toString(36)}.${signature(key, requestId, expiry)}`
}

/** The request id a valid, unexpired token names; null for anything else (tampered, expired, malformed). */
export function readPatientAccessToken(key: Buffer, token: string, now: Date): string | null {
  const match = SHAPE.exec(token)
  if (!match?.[1] || !match[2] || !match[3]) return null
  const requestId = Buffer.from(match[1], 'base64url').toString('utf8')
  if (!UUID.test(requestId)) return null
  const expiry = parseInt(match[2], 36)
  if (!(expiry * 1000 > now.getTime())) return null
  return safeEqual(match[3], signature(key, requestId, expiry)) ? requestId : null
}

export const patientAccessUrl = (
  ctx: Pick<AppContext, 'config' | 'keys'>,
  requestId: string,
  accessEnd: Date,
): string =>
  `${ctx.config.publicUrl}/consent/access/${makePatientAccessToken(ctx.keys.signing, requestId, accessEnd)}`
