// A flagged identity mismatch on the review page: the name and birth date asked for beside what Medicare
// returned, what differs, who consented and when. Confirm (releases the held data) and Reject (deletes it and
// revokes the access) each open a dialog that repeats both identities and asks for a reason.
import type { AuthorizationRequest, IdentityReview } from '@blueconsent/contract/authorization-requests'
import type { Role } from '@blueconsent/contract/shared'
import { useState, type FormEvent } from 'react'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { TextAreaField } from '@/components/ui/text-area-field.tsx'
import type { IdentityDecision } from '../api/identity-review.ts'
import { reviewerPhrase } from './ingestion-progress.tsx'
import { patientName } from './request-display.ts'

const REVIEW_TEXT: Record<IdentityReview['status'], string> = {
  none: '—',
  pending: 'Identity review: the Medicare record does not match',
  confirmed: 'Identity confirmed',
  rejected: 'Identity rejected',
}

const DIFFERENCE_TEXT: Record<IdentityReview['differences'][number], string> = {
  name: 'Name',
  birth_date: 'Date of birth',
}

export const REASON_REQUIRED = 'Give a reason for this decision.'

const dateText = (value: string | null): string =>
  value ? new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC' }) : 'Not given'

const whenText = (value: string | null): string => (value ? new Date(value).toLocaleString() : '—')

/** Both identities side by side; a field that differs is marked in words, not by colour alone. */
export function IdentityComparison({ review }: { review: IdentityReview }) {
  const differs = (field: IdentityReview['differences'][number]) => review.differences.includes(field)
  const mark = (field: IdentityReview['differences'][number]) =>
    differs(field) ? <strong className="text-error"> (differs)</strong> : null
  return (
    <div className="flex flex-col gap-2 text-sm">
      <table className="table table-sm">
        <caption className="sr-only">Identity asked for and identity Medicare returned</caption>
        <thead className="text-base-content">
          <tr>
            <td />
            <th scope="col">On the request</th>
            <th scope="col">From Medicare</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Name{mark('name')}</th>
            <td>{review.requested_name}</td>
            <td>{review.medicare_name ?? 'Not shared'}</td>
          </tr>
          <tr>
            <th scope="row">Date of birth{mark('birth_date')}</th>
            <td>{dateText(review.requested_birth_date)}</td>
            <td>{review.medicare_birth_date ? dateText(review.medicare_birth_date) : 'Not shared'}</td>
          </tr>
          <tr>
            <th scope="row">Medicare ID</th>
            <td>—</td>
            <td>{review.medicare_id_last4 ? `ends in ${review.medicare_id_last4}` : 'Not shared'}</td>
          </tr>
        </tbody>
      </table>
      <p>
        What differs:{' '}
        {review.differences.length > 0
          ? review.differences.map((field) => DIFFERENCE_TEXT[field]).join(', ')
          : 'not known'}
        . Consented at Medicare: {whenText(review.consented_at)}.
      </p>
    </div>
  )
}

type IdentityReviewCellProps = {
  request: AuthorizationRequest
  canDecide: boolean
  /** Names the administrator role that reviews identities for the viewer's organisation. */
  viewerRole: Role
  busy: boolean
  onDecide: (request: AuthorizationRequest, decision: IdentityDecision, reason: string) => Promise<boolean>
}

export function IdentityReviewCell({
  request,
  canDecide,
  viewerRole,
  busy,
  onDecide,
}: IdentityReviewCellProps) {
  const review = request.identity_review
  const pending = review.status === 'pending'
  const [deciding, setDeciding] = useState<IdentityDecision | null>(null)
  return (
    <div className="flex flex-col gap-1">
      <span>{REVIEW_TEXT[review.status]}</span>
      {pending && !canDecide ? (
        <span className="text-sm">{reviewerPhrase(viewerRole)} of your organization must review it.</span>
      ) : null}
      {pending && canDecide ? (
        <>
          <IdentityComparison review={review} />
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-xs btn-success"
              disabled={busy}
              aria-label={`Confirm identity of ${patientName(request)}`}
              onClick={() => setDeciding('confirm')}
            >
              Confirm
            </button>
            <button
              type="button"
              className="btn btn-xs btn-error"
              disabled={busy}
              aria-label={`Reject identity of ${patientName(request)}`}
              onClick={() => setDeciding('reject')}
            >
              Reject
            </button>
          </div>
        </>
      ) : null}
      {review.status === 'confirmed' || review.status === 'rejected' ? (
        <span className="text-sm">
          {review.reviewed_by ? `By ${review.reviewed_by.name}` : null}
          {review.reviewed_at ? ` on ${new Date(review.reviewed_at).toLocaleDateString()}` : null}
          {review.reason ? `: ${review.reason}` : null}
        </span>
      ) : null}
      {deciding ? (
        <DecisionDialog
          request={request}
          decision={deciding}
          busy={busy}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            if (await onDecide(request, deciding, reason)) setDeciding(null)
          }}
        />
      ) : null}
    </div>
  )
}

type DecisionDialogProps = {
  request: AuthorizationRequest
  decision: IdentityDecision
  busy: boolean
  onClose: () => void
  onSubmit: (reason: string) => Promise<void>
}

function DecisionDialog({ request, decision, busy, onClose, onSubmit }: DecisionDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const confirm = decision === 'confirm'
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!reason.trim()) {
      setError(REASON_REQUIRED)
      return
    }
    await onSubmit(reason.trim())
  }
  return (
    <ModalDialog
      title={confirm ? `Confirm identity of ${patientName(request)}?` : `Reject the Medicare record?`}
      onClose={onClose}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <IdentityComparison review={request.identity_review} />
        <p>
          {confirm
            ? 'Confirm only if this Medicare record belongs to the patient on the request. Its claims, medications and risk score will then be filed under this patient.'
            : 'The data pulled from this Medicare record will be deleted and the Medicare access it gave revoked. The patient’s earlier data stays as it is, and the requester is told.'}
        </p>
        <TextAreaField
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={error}
          hint={confirm ? 'For example: checked by phone, the patient changed their name.' : undefined}
          onChange={(event) => {
            setReason(event.target.value)
            setError(undefined)
          }}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={`btn ${confirm ? 'btn-success' : 'btn-error'}`} disabled={busy}>
            {confirm ? 'Confirm identity' : 'Reject and delete data'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
