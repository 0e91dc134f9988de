import { randomBytes, randomUUID } from 'node:crypto'
import type { ApiVersion } from '../versions.ts'

// In-memory OAuth state. The sandbox is a test double: nothing survives a restart, by design.

export type PendingAuthorization = {
  readonly id: string
  readonly clientId: string
  readonly redirectUri: string
  readonly state: string
  readonly codeChallenge: string
  // undefined = the client sent no scope (Blue Button then uses the app's registered scopes).
  readonly requestedScopes: readonly string[] | undefined
  readonly lang: 'en' | 'es'
  readonly expiresAt: number
  // The /vN/ the app started at: v3 shows the Part 2 choice.
  readonly version: ApiVersion
  username?: string
  patientId?: string
}

export type AuthorizationCode = {
  readonly code: string
  readonly clientId: string
  readonly redirectUri: string
  readonly codeChallenge: string
  readonly scopes: readonly string[]
  readonly username: string
  readonly patientId: string
  readonly expiresAt: number
  // The enrollee's 42 CFR Part 2 choice (always true through v2, which does not ask).
  readonly includePart2: boolean
  used: boolean
}

export type Grant = {
  readonly clientId: string
  readonly patientId: string
  readonly createdAt: number
  // null for research apps, which have no end date.
  expiresAt: number | null
}

export type TokenRecord = {
  readonly accessToken: string
  readonly refreshToken: string | null
  readonly clientId: string
  readonly username: string
  readonly patientId: string
  readonly scopes: readonly string[]
  readonly accessExpiresAt: number
  // Carried from the consent to every refreshed token, as Blue Button's AccessTokenExtension is.
  readonly includePart2: boolean
  accessRevoked: boolean
  // Set once the refresh token has been used (rotation) or revoked.
  refreshSpent: boolean
}

export const pairKey = (clientId: string, patientId: string): string => `${clientId}\u0000${patientId}`

export const opaqueToken = (bytes = 30): string => randomBytes(bytes).toString('base64url')

export type OAuthStore = ReturnType<typeof createOAuthStore>

export function createOAuthStore() {
  const pending = new Map<string, PendingAuthorization>()
  const codes = new Map<string, AuthorizationCode>()
  const grants = new Map<string, Grant>()
  const byAccess = new Map<string, TokenRecord>()
  const byRefresh = new Map<string, TokenRecord>()

  const tokensOfPair = (clientId: string, patientId: string): TokenRecord[] =>
    [...byAccess.values()].filter((t) => t.clientId === clientId && t.patientId === patientId)

  return {
    createPending(input: Omit<PendingAuthorization, 'id'>): PendingAuthorization {
      const record = { ...input, id: randomUUID() }
      pending.set(record.id, record)
      return record
    },
    pending: (id: string): PendingAuthorization | undefined => pending.get(id),
    dropPending: (id: string): void => void pending.delete(id),
    saveCode(code: Omit<AuthorizationCode, 'code' | 'used'>): AuthorizationCode {
      const record = { ...code, code: opaqueToken(24), used: false }
      codes.set(record.code, record)
      return record
    },
    code: (code: string): AuthorizationCode | undefined => codes.get(code),
    grant: (clientId: string, patientId: string): Grant | undefined =>
      grants.get(pairKey(clientId, patientId)),
    putGrant: (grant: Grant): void => void grants.set(pairKey(grant.clientId, grant.patientId), grant),
    deleteGrant: (clientId: string, patientId: string): boolean =>
      grants.delete(pairKey(clientId, patientId)),
    grantsOfPatient: (patientId: string): Grant[] =>
      [...grants.values()].filter((g) => g.patientId === patientId),
    saveTokens(record: TokenRecord): void {
      byAccess.set(record.accessToken, record)
      if (record.refreshToken) byRefresh.set(record.refreshToken, record)
    },
    byAccess: (token: string): TokenRecord | undefined => byAccess.get(token),
    byRefresh: (token: string): TokenRecord | undefined => byRefresh.get(token),
    // Blue Button (June 2026): a new consent, or /revoke/, kills every token of the app+enrollee pair.
    revokePair(clientId: string, patientId: string): void {
      for (const t of tokensOfPair(clientId, patientId)) {
        t.accessRevoked = true
        t.refreshSpent = true
      }
    },
  }
}
