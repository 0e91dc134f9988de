// When a patient's authorization ends, a rule of its own so it is tested without a database.
import type { AuthorizationType } from '@blueconsent/contract/authorization-requests'
import { AUTHORIZATION } from '@blueconsent/contract/shared'
import type { TokenSet } from '@blueconsent/bluebutton'

const AGENT_VALIDITY_MS = AUTHORIZATION.agentValidityHours * 60 * 60 * 1000

/**
 * When the authorization ends: Blue Button's own grant end (else 13 months for providers, 10 hours for
 * agents), shortened to the length chosen when the request was created (the organisation's default).
 */
export function grantEnd(
  now: Date,
  request: { authorizationType: AuthorizationType },
  tokens: Pick<TokenSet, 'accessGrantExpiration'>,
  durationDays: number | null,
): Date {
  let end: Date
  if (tokens.accessGrantExpiration) end = tokens.accessGrantExpiration
  else if (request.authorizationType === 'insurance_agent') end = new Date(now.getTime() + AGENT_VALIDITY_MS)
  else {
    end = new Date(now)
    end.setUTCMonth(end.getUTCMonth() + AUTHORIZATION.providerValidityMonths)
  }
  if (durationDays === null || request.authorizationType === 'insurance_agent') return end
  const chosen = new Date(now.getTime() + durationDays * 24 * 60 * 60 * 1000)
  return chosen < end ? chosen : end
}
