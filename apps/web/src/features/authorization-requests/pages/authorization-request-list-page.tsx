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
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../../lib/session.ts'
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
              {pageOf(rows, current, REVIEW_PAGE_SIZE).map((request) => (
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
                  <td>{new Date(request.created_at).toLocaleDateString()}</td>
                  <td>{requestTimeText(request, now) ?? '—'}</td>
                  <td>
                    <IdentityReviewCell
                      request={request}
                      canDecide={organization}
                      viewerRole={user?.role ?? 'USER'}
                      busy={review.isPending}
                      onDecide={(target, decision) => void decide(target, decision)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={current} pages={pages} label="Authorization request pages" onPage={setPage} />
    </div>
  )
}
