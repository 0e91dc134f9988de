// A patient's answer by text to an SMS request: YES opts in (the request becomes pending with a fresh
// link, which messaging then texts), STOP denies it and silences the number for this request.
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { consentUrl, issueConsentToken } from './consent-token.ts'
import { requestFacts } from './request-facts.ts'
import { transitionRequest, type RequestRow } from './transitions.ts'

export async function acceptSmsOptIn(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  now: Date,
): Promise<RequestRow> {
  const token = issueConsentToken(now)
  const updated = await transitionRequest(ctx, tx, {
    requestId: request.id,
    to: 'pending',
    event: 'sms_opted_in',
    actor: { kind: 'patient' },
    at: now,
    patch: {
      smsConsent: 'opted_in',
      consentTokenHash: token.tokenHash,
      consentTokenExpiresAt: token.expiresAt,
      expiresAt: token.expiresAt,
    },
  })
  await ctx.events.publish(ctx, tx, 'authorization_request.consented', {
    request: requestFacts(ctx, updated),
    consentLink: consentUrl(ctx.config, token.token),
  })
  return updated
}

export async function recordSmsOptOut(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  now: Date,
): Promise<RequestRow> {
  return transitionRequest(ctx, tx, {
    requestId: request.id,
    to: 'denied',
    event: 'sms_opted_out',
    actor: { kind: 'patient' },
    at: now,
    patch: {
      smsConsent: 'opted_out',
      consentTokenHash: null,
      consentTokenExpiresAt: null,
      consentAnsweredAt: now,
    },
  })
}
