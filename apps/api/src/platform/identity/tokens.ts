// Access tokens: HS256 JWTs, 15 minutes, carrying the session payload (role, organization_type, tin_ids, all_tins).
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import { SERVER_SESSION } from '@blueconsent/contract/shared'
import { randomUUID, webcrypto } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { LRUCache } from 'lru-cache'

export const ACCESS_TOKEN_AUDIENCE = 'blueconsent-api'

export type AccessClaims = {
  sub: string
  role: Role
  organization_type: OrganizationType | null
  tin_ids: string[]
  all_tins: boolean
  /** Refresh-session family, for portal logins. */
  sid?: string
  /** OAuth grants: the client, its scope, and the authorization code the token descends from. */
  client_id?: string
  scope?: string
  grant_id?: string
}

export type VerifiedClaims = AccessClaims & { exp: number; iat: number; jti?: string }

export type TokenSigner = {
  sign(claims: AccessClaims, now: Date): Promise<string>
  verify(token: string, now: Date): Promise<VerifiedClaims>
  lifetimeSeconds: number
}

/**
 * The HMAC key imported once. Given raw bytes, jose imports a WebCrypto key on every sign and verify, which
 * a CPU profile of the API under load showed as about a sixth of its busy time (every signed-in request
 * verifies a token); a CryptoKey is used as it is.
 */
function importHmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
}

// Tokens whose signature, issuer and audience this process has checked. The key is the whole token,
// signature included, so only the very string that passed is ever found; its expiry is checked again on
// every use. Whether the session behind it is still live is not a property of the token: the access hook
// reads that from the database on every request.
const VERIFIED_TOKENS_KEPT = 10_000

export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  const verified = new LRUCache<string, Readonly<VerifiedClaims>>({ max: VERIFIED_TOKENS_KEPT })
  let imported: Promise<webcrypto.CryptoKey> | undefined
  const hmacKey = (): Promise<webcrypto.CryptoKey> => (imported ??= importHmacKey(secret))
  const lifetimeSeconds = SERVER_SESSION.accessTokenSeconds
  return {
    lifetimeSeconds,
    async sign(claims, now) {
      const { sub, ...rest } = claims
      const iat = Math.floor(now.getTime() / 1000)
      return (
        new SignJWT(rest)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(sub)
          .setIssuer(issuer)
          .setAudience(ACCESS_TOKEN_AUDIENCE)
          .setIssuedAt(iat)
          // Unique per token, so two tokens issued in the same second are never the same string.
          .setJti(randomUUID())
          .setExpirationTime(iat + lifetimeSeconds)
          .sign(await hmacKey())
      )
    },
    async verify(token, now) {
      const known = verified.get(token)
      // jose's own rule: a token is expired once `exp` is not after the current second.
      if (known && known.exp > Math.floor(now.getTime() / 1000)) return known
      const { payload } = await jwtVerify(token, await hmacKey(), {
        algorithms: ['HS256'],
        issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: now,
      })
      const claims = Object.freeze(payload as unknown as VerifiedClaims)
      verified.set(token, claims)
      return claims
    },
  }
}
