// When a patient's authorization ends, a rule of its own so it is tested without a database.
import type { AuthorizationType } from '@blueconsent/contract/authorization-requests'
import { accessEndsAt, medicareAccessEndsAt } from '@blueconsent/contract/durations'
import type { TokenSet } from '@blueconsent/bluebutton'

/**
 * When the authorization ends: the period the patient was told (10 hours for agents, the days chosen at
 * creation or 13 months for providers), never after Blue Button's own grant end for a provider. An agent's
 * one-time grant ends with its single one-hour token, which bounds the copy, not how long the agent reads it.
 */
export function grantEnd(
  now: Date,
  request: { authorizationType: AuthorizationType },
  tokens: Pick<TokenSet, 'accessGrantExpiration'>,
  durationDays: number | null,
): Date {
  return accessEndsAt(now, request.authorizationType, durationDays, tokens.accessGrantExpiration ?? null)
}

/**
 * When Medicare's own access ends: Blue Button's grant expiration, or for a one-time grant (no refresh
 * token) its single token's hour. Kept on the request so staff and the patient see it.
 */
export const medicareGrantEnd = (
  now: Date,
  tokens: Pick<TokenSet, 'accessGrantExpiration' | 'refreshToken'>,
): Date | null =>
  medicareAccessEndsAt(now, {
    accessGrantExpiration: tokens.accessGrantExpiration ?? null,
    oneTime: !tokens.refreshToken,
  })
