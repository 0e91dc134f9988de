// What a Medicare pull tells the request: the patient's grant ended at CMS, or the Medicare record does not
// match the patient the staff member named and must be reviewed before its data is shown.
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { updateRequest } from './authorization-requests.repository.ts'
import { recordRequestEvent, type RequestRow } from './transitions.ts'

const GRANT_ENDED_MESSAGE =
  'Medicare access has ended or was withdrawn by the patient. Ask the patient to connect again.'

export async function noteMedicareGrantEnded(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  code: string,
): Promise<void> {
  await updateRequest(tx, request.id, { statusMessage: GRANT_ENDED_MESSAGE, updatedAt: ctx.clock() })
  await recordRequestEvent(tx, {
    request,
    event: 'medicare_grant_ended',
    actor: { kind: 'system' },
    at: ctx.clock(),
    details: { code },
  })
}

export async function requireIdentityReview(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  mismatches: readonly string[],
): Promise<void> {
  await updateRequest(tx, request.id, { identityReview: 'pending', updatedAt: ctx.clock() })
  await recordRequestEvent(tx, {
    request,
    event: 'identity_review_required',
    actor: { kind: 'system' },
    at: ctx.clock(),
    details: { mismatch: mismatches.join(',') },
  })
}
