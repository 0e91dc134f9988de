// /app/authorization-request-list ('Authorization Requests'): the organisation's requests for admin roles,
// the user's own otherwise; filters by status and requester; identity mismatches to confirm or reject.
import {
  AUTHORIZATION_MESSAGES,
  AUTHORIZATION_STATUSES,
  AUTHORIZATION_STATUS_LABELS,
  requestTimeText,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { isAdminRole, isProviderRole } from '@blueconsent/contract/shared'
import { useId, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../../lib/session.ts'
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query.ts'
import { useIdentityReview, type IdentityDecision } from '../api/identity-review.ts'
import type { RequestListParams } from '../api/keys.ts'
import { useRequests } from '../api/list-requests.ts'
import { IdentityReviewCell } from '../components/identity-review-cell.tsx'
import { contactText, pageCount, pageOf, patientName } from '../components/request-display.ts'
import { Pager } from '../../../components/patient-data/pager.tsx'
import { PatientName } from '../components/request-card.tsx'
import { StatusBadge } from '../components/status-badge.tsx'
import { useNow } from '../components/use-now.ts'

const REVIEW_PAGE_SIZE = 20
export const IDENTITY_DECISION_FAILED = 'Failed to record the identity decision. Please try again.'
const DECISION_TEXT: Record<IdentityDecision, string> = { confirm: 'confirmed', reject: 'rejected' }

function requesterOptions(requests: readonly AuthorizationRequest[]): { id: string; name: string }[] {
  const byId = new Map(requests.map((request) => [request.requester.id, request.requester.name]))
  return [...byId.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

const statusFromQuery = (value: string | null): string =>
  value !== null && (AUTHORIZATION_STATUSES as readonly string[]).includes(value) ? value : ''

export function AuthorizationRequestListPage() {
  const { user } = useSession()
  const organization = user ? isAdminRole(user.role) : false
  const base: RequestListParams = organization ? { scope: 'organization' } : {}
  const [searchParams] = useSearchParams()
  // A dashboard tile opens this page filtered by what it counted (?status=authorized).
  const [status, setStatus] = useState(() => statusFromQuery(searchParams.get('status')))
  const [requester, setRequester] = useState('')
  const [page, setPage] = useState(0)
  const now = useNow()
  const unfiltered = useRequests(base)
  const filtered = useRequests({
    ...base,
    ...(status ? { status } : {}),
    ...(requester ? { requester } : {}),
  })
  const review = useIdentityReview()
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  if (!user) return null
  const flagged = (unfiltered.data?.results ?? []).filter(
    (request) => request.identity_review === 'pending',
  ).length
  const rows = filtered.data?.results ?? []
  const pages = pageCount(rows.length, REVIEW_PAGE_SIZE)
  const current = Math.min(page, pages - 1)
  const showMrn = isProviderRole(user.role)

  async function decide(request: AuthorizationRequest, decision: IdentityDecision) {
    setOutcome(null)
    try {
      await review.mutateAsync({ requestId: request.request_id, decision })
      setOutcome({ kind: 'success', text: `Identity of ${patientName(request)} ${DECISION_TEXT[decision]}.` })
    } catch {
      setOutcome({ kind: 'error', text: IDENTITY_DECISION_FAILED })
    }
  }

  const filter = (apply: (value: string) => void) => (value: string) => {
    apply(value)
    setPage(0)
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Authorization Requests</h1>
        <p className="mt-2">
          {organization ? 'Every request sent from your organization.' : 'The requests you have sent.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-4">
        <FilterSelect
          label="Status"
          value={status}
          onChange={filter(setStatus)}
          options={[
            { value: '', label: 'All statuses' },
            ...AUTHORIZATION_STATUSES.map((value) => ({ value, label: AUTHORIZATION_STATUS_LABELS[value] })),
          ]}
        />
        {organization ? (
          <FilterSelect
            label="Requester"
            value={requester}
            onChange={filter(setRequester)}
            options={[
              { value: '', label: 'All requesters' },
              ...requesterOptions(unfiltered.data?.results ?? []).map((option) => ({
                value: option.id,
                label: option.name,
              })),
            ]}
          />
        ) : null}
      </div>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'success' ? outcome.text : null}
      </div>
      {outcome?.kind === 'error' ? <Alert type="error">{outcome.text}</Alert> : null}
      {organization && flagged > 0 ? (
        <Alert type="warning">
          {flagged === 1 ? '1 request has' : `${flagged} requests have`} a flagged identity mismatch to
          confirm or reject. Medicare data stays held until you decide.
        </Alert>
      ) : null}
      {filtered.isPending ? <Spinner label="Loading authorization requests…" /> : null}
      {filtered.isError ? <Alert type="error">{AUTHORIZATION_MESSAGES.loadFailed}</Alert> : null}
      {filtered.isSuccess && rows.length === 0 ? <p>{AUTHORIZATION_MESSAGES.emptyList}</p> : null}
      {rows.length > 0 ? (
        <RequestRows
          requests={pageOf(rows, current, REVIEW_PAGE_SIZE)}
          now={now}
          showMrn={showMrn}
          reviewCell={(request) => (
            <IdentityReviewCell
              request={request}
              canDecide={organization}
              viewerRole={user?.role ?? 'USER'}
              busy={review.isPending}
              onDecide={(target, decision) => void decide(target, decision)}
            />
          )}
        />
      ) : null}
      <Pager page={current} pages={pages} label="Authorization request pages" onPage={setPage} />
    </div>
  )
}

type RequestRowsProps = {
  requests: readonly AuthorizationRequest[]
  now: number
  showMrn: boolean
  reviewCell: (request: AuthorizationRequest) => ReactNode
}

const sentDate = (request: AuthorizationRequest): string => new Date(request.created_at).toLocaleDateString()

/** A table on a laptop; on a phone one card per request, so status and contact never fall off-screen. */
function RequestRows(props: RequestRowsProps) {
  const narrow = useMediaQuery(NARROW_SCREEN)
  return narrow ? <RequestCards {...props} /> : <RequestTable {...props} />
}

function RequestTable({ requests, now, showMrn, reviewCell }: RequestRowsProps) {
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <caption className="sr-only">Authorization requests</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Patient</th>
            {showMrn ? <th scope="col">MRN</th> : null}
            <th scope="col">Contact</th>
            <th scope="col">Requester</th>
            <th scope="col">Status</th>
            <th scope="col">Sent</th>
            <th scope="col">Time left or ended</th>
            <th scope="col">Identity review</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.request_id}>
              <td>
                <PatientName request={request} now={now} />
              </td>
              {showMrn ? <td>{request.patient_mrn ?? '—'}</td> : null}
              <td className="break-all">{contactText(request)}</td>
              <td>{request.requester.name}</td>
              <td>
                <StatusBadge request={request} now={now} />
              </td>
              <td>{sentDate(request)}</td>
              <td>{requestTimeText(request, now) ?? '—'}</td>
              <td>{reviewCell(request)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RequestCards({ requests, now, showMrn, reviewCell }: RequestRowsProps) {
  return (
    <ul aria-label="Authorization requests" className="flex flex-col gap-3">
      {requests.map((request) => (
        <li key={request.request_id} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="font-semibold">
                <PatientName request={request} now={now} />
              </span>
              <StatusBadge request={request} now={now} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {showMrn ? <CardField label="MRN" value={request.patient_mrn ?? '—'} /> : null}
              <CardField label="Contact" value={contactText(request)} />
              <CardField label="Requester" value={request.requester.name} />
              <CardField label="Sent" value={sentDate(request)} />
              <CardField label="Time left or ended" value={requestTimeText(request, now) ?? '—'} />
            </dl>
            {/* A card only mentions identity review when there is one. */}
            {request.identity_review === 'none' ? null : reviewCell(request)}
          </div>
        </li>
      ))}
    </ul>
  )
}

function CardField({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      {/* Long email addresses wrap at their own break points rather than letter by letter. */}
      <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
    </>
  )
}
