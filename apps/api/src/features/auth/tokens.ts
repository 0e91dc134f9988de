// Access tokens: HS256 JWTs, 15 minutes, carrying the session payload (role, organization_type, tin_ids, all_tins).
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import { SERVER_SESSION } from '@blueconsent/contract/shared'
import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

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

export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  const key = new TextEncoder().encode(secret)
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
          .sign(key)
      )
    },
    async verify(token, now) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: now,
      })
      return payload as unknown as VerifiedClaims
    },
  }
}
