// The patient's single-use consent link: 32 random bytes, only the SHA-256 is stored on the request, valid
// 7 days. Resending issues a new token, so older links stop working.
import { AUTHORIZATION } from '@blueconsent/contract/shared'
import type { AppConfig } from '../../config.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'

export type ConsentToken = { token: string; tokenHash: string; expiresAt: Date }

const VALIDITY_MS = AUTHORIZATION.consentLinkValidityDays * 24 * 60 * 60 * 1000

export const hashConsentToken = (token: string): string => sha256Hex(token)

export function issueConsentToken(now: Date = new Date()): ConsentToken {
  const token = randomToken(32)
  return { token, tokenHash: hashConsentToken(token), expiresAt: new Date(now.getTime() + VALIDITY_MS) }
}

export const consentUrl = (config: Pick<AppConfig, 'publicUrl'>, token: string): string =>
  `${config.publicUrl}/consent/${token}`
