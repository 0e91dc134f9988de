// What a Medicare pull tells the request: the patient's grant ended at CMS, or the Medicare record does not
// match the patient the staff member named and must be reviewed before its data is shown.
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { encrypt } from '../../platform/lib/crypto.ts'
import { durationSentences } from '@blueconsent/contract/durations'
import { findRequest, updateRequest } from './authorization-requests.repository.ts'
import type { IdentityEvidence } from './request-views.ts'
import { recordRequestEvent, transitionRequest, type RequestRow } from './transitions.ts'

const GRANT_ENDED_MESSAGE =
  'Medicare access has ended or was withdrawn by the patient. Ask the patient to connect again.'

/** The reason an authorization ended because Medicare's grant did, on its event and audit rows. */
export const MEDICARE_GRANT_ENDED = 'medicare_grant_ended'

/**
 * CMS answered that the grant behind the request has ended (its refresh or a data call refused after the
 * grant's end, or the patient withdrew it at Medicare.gov). A provider's authorization ends with it: the
 * request expires with the reason, and the expired event tells the features that act on it (the tokens
 * are destroyed, integrators receive request.expired). An agent's one-time grant ends after its first hour
 * by design, which bounds only the copy: the agent keeps reading it, and the request only notes it.
 */
export async function noteMedicareGrantEnded(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  code: string,
): Promise<void> {
  const at = ctx.clock()
  const current = await findRequest(tx, request.id)
  const withdrawn = code === 'revoked'
  const message = withdrawn ? GRANT_ENDED_MESSAGE : durationSentences('en').medicareAccessEnded(at)
  if (current?.status === 'authorized' && current.authorizationType === 'healthcare_provider') {
    const earlier = (end: Date | null): Date => (end && end < at ? end : at)
    await transitionRequest(ctx, tx, {
      requestId: current.id,
      to: 'expired',
      event: MEDICARE_GRANT_ENDED,
      actor: { kind: 'system' },
      at,
      details: { reason: MEDICARE_GRANT_ENDED, code },
      patch: {
        statusMessage: message,
        expiresAt: earlier(current.expiresAt),
        medicareAccessEndsAt: earlier(current.medicareAccessEndsAt),
      },
    })
    return
  }
  await updateRequest(tx, request.id, { statusMessage: GRANT_ENDED_MESSAGE, updatedAt: at })
  await recordRequestEvent(tx, {
    request,
    event: MEDICARE_GRANT_ENDED,
    actor: { kind: 'system' },
    at,
    details: { code },
  })
}

/** What the pull found that does not match, and what Medicare returned (shown to the reviewer only). */
export type HeldIdentity = {
  /** The check's reasons (family_name, birth_date, name_withheld): ids of rules, no personal data. */
  reasons: readonly string[]
  differences: IdentityEvidence['differences']
  medicareName: string | null
  medicareBirthDate: string | null
  medicareIdLast4: string | null
  medicareGender: string | null
}

/**
 * Holds the request for an identity review: Medicare's side is kept encrypted on the request as the
 * reviewer's evidence; the event (and its audit row) names only what differs and the ids involved.
 */
export async function requireIdentityReview(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  held: HeldIdentity,
): Promise<void> {
  const at = ctx.clock()
  const evidence: IdentityEvidence = {
    medicare_name: held.medicareName,
    medicare_birth_date: held.medicareBirthDate,
    medicare_id_last4: held.medicareIdLast4,
    medicare_gender: held.medicareGender,
    differences: held.differences,
  }
  await updateRequest(tx, request.id, {
    identityReview: 'pending',
    identityEvidenceEncrypted: encrypt(ctx.keys, JSON.stringify(evidence)),
    updatedAt: at,
  })
  await recordRequestEvent(tx, {
    request,
    event: 'identity_review_required',
    actor: { kind: 'system' },
    at,
    // Audited with both identities by reference: the patient asked for and the grant the beneficiary gave.
    details: {
      mismatch: held.reasons.join(','),
      differences: held.differences.join(','),
      requested_patient_id: request.patientId,
      medicare_grant_id: request.grantId,
    },
  })
}
