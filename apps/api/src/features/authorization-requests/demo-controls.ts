// Controls the demo seed uses to play a request through the real path without a patient's mailbox: a
// fresh consent token it can open (the emailed one is never readable back), and an expiry moved into the
// past so the sweep expires it. Nothing else calls these.
import type { AppContext } from '../../platform/context.ts'
import { updateRequest } from './authorization-requests.repository.ts'
import { issueConsentToken } from './consent-token.ts'

/** A new consent token for the request, as a resend would issue; returns the plain token. */
export async function reissueConsentTokenForDemo(ctx: AppContext, requestId: string): Promise<string> {
  const link = issueConsentToken(ctx.clock())
  await updateRequest(ctx.db, requestId, {
    consentTokenHash: link.tokenHash,
    consentTokenExpiresAt: link.expiresAt,
  })
  return link.token
}

/** Moves the request's expiry (and its link's) a minute into the past. */
export async function backdateExpiryForDemo(ctx: AppContext, requestId: string): Promise<void> {
  const past = new Date(ctx.clock().getTime() - 60_000)
  await updateRequest(ctx.db, requestId, { expiresAt: past, consentTokenExpiresAt: past })
}
