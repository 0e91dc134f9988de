// Lenient reading of Blue Button's token response . Standard fields are checked strictly
// enough to be safe (an access token must be a string); Blue Button's own fields are read leniently
// because their formats have changed over time and differ between docs and code.
import { z } from 'zod'
import { BlueButtonError } from '../errors.ts'

export const SCOPE_PATIENT = 'patient/Patient.rs'
export const SCOPE_COVERAGE = 'patient/Coverage.rs'
export const SCOPE_EOB = 'patient/ExplanationOfBenefit.rs'
export const SCOPE_PROFILE = 'profile'

/** What we ask for: demographics included (the consent screen lets the enrollee withhold them). */
export const DEFAULT_SCOPES: readonly string[] = [SCOPE_PATIENT, SCOPE_COVERAGE, SCOPE_EOB, SCOPE_PROFILE]

export interface GrantedScopes {
  patient: boolean
  coverage: boolean
  explanationOfBenefit: boolean
  profile: boolean
}

export interface TokenSet {
  accessToken: string
  tokenType: 'Bearer'
  /** Seconds, as sent (3600 today; 36000 before 2026; fractional values seen in docs). */
  expiresIn: number | null
  /** obtainedAt + expiresIn; null when expires_in was absent. */
  expiresAt: Date | null
  obtainedAt: Date
  /** The new refresh token. Store it (atomically, replacing the old one) before using accessToken. */
  refreshToken: string | null
  scopes: string[]
  granted: GrantedScopes
  /** The enrollee unticked "share personal information": no Patient, no userinfo. */
  demographicsWithheld: boolean
  /** FHIR Patient id; null when Blue Button left it out (see BlueButtonClient.resolvePatientId). */
  patientId: string | null
  /** End of the data access grant; null for research apps ("") and when unreadable. */
  accessGrantExpiration: Date | null
  /** The raw value, kept for audit/debugging. */
  accessGrantExpirationRaw: string | null
  /**
   * Blue Button's data access type, guessed from the response (it is set per application by CMS and not
   * sent): no refresh token → ONE_TIME; a refresh token with an empty grant end → RESEARCH_STUDY; with a
   * grant end → THIRTEEN_MONTH. Null when the response does not fit any of these.
   */
  inferredDataAccessType: DataAccessType | null
  /** Anything we had to skip or guess. */
  warnings: string[]
}

export type DataAccessType = 'ONE_TIME' | 'THIRTEEN_MONTH' | 'RESEARCH_STUDY'

const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.union([z.number(), z.string()]).optional().nullable(),
  scope: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .nullable(),
  refresh_token: z.string().optional().nullable(),
  patient: z.union([z.string(), z.number()]).optional().nullable(),
  access_grant_expiration: z.union([z.string(), z.number()]).optional().nullable(),
})

export function parseTokenResponse(json: unknown, obtainedAt: Date): TokenSet {
  const parsed = tokenResponseSchema.safeParse(json)
  if (!parsed.success) {
    throw new BlueButtonError({
      code: 'invalid_response',
      endpoint: 'token',
      status: 200,
      detail: `token response unusable: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    })
  }
  const body = parsed.data
  const warnings: string[] = []
  if (body.token_type !== undefined && body.token_type.toLowerCase() !== 'bearer') {
    warnings.push(`unexpected token_type ${body.token_type}; used as Bearer`)
  }
  const expiresIn = readExpiresIn(body.expires_in, warnings)
  const scopes = readScopes(body.scope)
  const granted = grantedScopes(scopes)
  const grantRaw = body.access_grant_expiration == null ? null : String(body.access_grant_expiration)
  const refreshToken = body.refresh_token ? body.refresh_token : null
  const accessGrantExpiration = parseGrantExpiration(grantRaw, warnings)
  return {
    accessToken: body.access_token,
    tokenType: 'Bearer',
    expiresIn,
    expiresAt: expiresIn === null ? null : new Date(obtainedAt.getTime() + expiresIn * 1000),
    obtainedAt,
    refreshToken,
    scopes,
    granted,
    demographicsWithheld: scopes.length > 0 && !granted.patient && !granted.profile,
    patientId: readPatientId(body.patient),
    accessGrantExpiration,
    accessGrantExpirationRaw: grantRaw,
    inferredDataAccessType: inferDataAccessType(refreshToken, grantRaw, accessGrantExpiration),
    warnings,
  }
}

function inferDataAccessType(
  refreshToken: string | null,
  grantRaw: string | null,
  grantEnd: Date | null,
): DataAccessType | null {
  if (refreshToken === null) return 'ONE_TIME'
  if (grantRaw !== null && grantRaw.trim() === '') return 'RESEARCH_STUDY'
  return grantEnd === null ? null : 'THIRTEEN_MONTH'
}

function readExpiresIn(value: number | string | null | undefined, warnings: string[]): number | null {
  if (value === undefined || value === null) return null
  const seconds = typeof value === 'number' ? value : Number(value.trim())
  if (!Number.isFinite(seconds) || seconds < 0) {
    warnings.push(`expires_in unreadable: ${String(value)}`)
    return null
  }
  return seconds
}

function readScopes(value: string | string[] | null | undefined): string[] {
  const list = Array.isArray(value) ? value : (value ?? '').split(/[\s+]+/)
  return [...new Set(list.map((scope) => scope.trim()).filter(Boolean))]
}

/** Accepts .rs, .r, .s and the legacy .read forms. */
export function grantedScopes(scopes: readonly string[]): GrantedScopes {
  const has = (resource: string) =>
    scopes.some((scope) => new RegExp(`^patient/${resource}\\.(rs|r|s|read|\\*)$`).test(scope))
  return {
    patient: has('Patient'),
    coverage: has('Coverage'),
    explanationOfBenefit: has('ExplanationOfBenefit'),
    profile: scopes.includes(SCOPE_PROFILE),
  }
}

function readPatientId(value: string | number | null | undefined): string | null {
  if (value === undefined || value === null) return null
  const text = String(value).trim()
  return text === '' ? null : text
}

const GRANT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i

/**
 * Code sends `YYYY-MM-DDTHH:MM:SSZ`, docs show `YYYY-MM-DD HH:MM:SSZ`, research apps send "".
 * Also accepted: fractional seconds, offsets, a bare date, no zone (read as UTC), epoch seconds.
 */
export function parseGrantExpiration(raw: string | null, warnings: string[] = []): Date | null {
  if (raw === null || raw.trim() === '') return null
  const text = raw.trim()
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000)
  const match = GRANT_PATTERN.exec(text)
  if (!match) {
    warnings.push(`access_grant_expiration unreadable: ${text}`)
    return null
  }
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`
  const millis = fraction === '' ? '' : `.${fraction.padEnd(3, '0').slice(0, 3)}`
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${offset}`)
  if (Number.isNaN(date.getTime())) {
    warnings.push(`access_grant_expiration unreadable: ${text}`)
    return null
  }
  return date
}
