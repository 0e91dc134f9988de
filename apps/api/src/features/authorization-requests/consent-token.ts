// The patient's single-use consent link: 32 random bytes, only the SHA-256 is stored on the request, valid
// 7 days. Resending issues a new token, so older links stop working.
import { consentLinkExpiresAt } from '@blueconsent/contract/durations'
import type { AppConfig } from '../../platform/config.ts'
import { randomToken, sha256Hex } from '../../platform/lib/crypto.ts'

export type ConsentToken = { token: string; tokenHash: string; expiresAt: Date }

export const hashConsentToken = (token: string): string => sha256Hex(token)

export function issueConsentToken(now: Date = new Date()): ConsentToken {
  const token = randomToken(32)
  return { token, tokenHash: hashConsentToken(token), expiresAt: consentLinkExpiresAt(now) }
}

export const consentUrl = (config: Pick<AppConfig, 'publicUrl'>, token: string): string =>
  `${config.publicUrl}/consent/${token}`
