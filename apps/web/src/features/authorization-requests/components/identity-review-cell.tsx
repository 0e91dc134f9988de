// A flagged identity mismatch on the review page: admins confirm (releases the held data) or reject (revokes).
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import type { IdentityDecision } from '../api/identity-review.ts'
import type { Role } from '@blueconsent/contract/shared'
import { reviewerLabel } from './ingestion-progress.tsx'
import { patientName } from './request-display.ts'

const REVIEW_TEXT: Record<AuthorizationRequest['identity_review'], string> = {
  none: '—',
  pending: 'Identity mismatch flagged',
  confirmed: 'Identity confirmed',
  rejected: 'Identity rejected',
}

type IdentityReviewCellProps = {
  request: AuthorizationRequest
  canDecide: boolean
  /** Names the administrator role that reviews identities for the viewer's organisation. */
  viewerRole: Role
  busy: boolean
  onDecide: (request: AuthorizationRequest, decision: IdentityDecision) => void
}

export function IdentityReviewCell({
  request,
  canDecide,
  viewerRole,
  busy,
  onDecide,
}: IdentityReviewCellProps) {
  const pending = request.identity_review === 'pending'
  return (
    <div className="flex flex-col gap-1">
      <span>{REVIEW_TEXT[request.identity_review]}</span>
      {pending && !canDecide ? (
        <span className="text-sm">An {reviewerLabel(viewerRole)} must review it.</span>
      ) : null}
      {pending && canDecide ? (
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-xs btn-success"
            disabled={busy}
            aria-label={`Confirm identity of ${patientName(request)}`}
            onClick={() => onDecide(request, 'confirm')}
          >
            Confirm
          </button>
          <button
            type="button"
            className="btn btn-xs btn-error"
            disabled={busy}
            aria-label={`Reject identity of ${patientName(request)}`}
            onClick={() => onDecide(request, 'reject')}
          >
            Reject
          </button>
        </div>
      ) : null}
    </div>
  )
}
