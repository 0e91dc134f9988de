// /app/authorization-request-list ('Authorization Requests'): the organisation's requests for admin roles,
// the user's own otherwise; filters by status and requester; identity mismatches to confirm or reject.
import { MEDICARE_ACCESS_ENDS_LABEL, medicareAccessEndText } from '@blueconsent/contract/durations'
import {
  AUTHORIZATION_MESSAGES,
  AUTHORIZATION_STATUSES,
  AUTHORIZATION_STATUS_LABELS,
  REQUEST_BUCKET_LABELS,
  isRequestBucket,
  requestBuckets,
  requestTimeText,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { isAdminRole, isProviderRole } from '@blueconsent/contract/shared'
import { useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { useIdentityReview, type IdentityDecision } from '../api/identity-review.ts'
import type { RequestListParams } from '../api/keys.ts'
import { useRequests } from '../api/list-requests.ts'
import { IdentityReviewCell } from '../components/identity-review-cell.tsx'
import { contactText, pageCount, pageOf, patientName } from '../components/request-display.ts'
import { Pager } from '@/components/ui/pager.tsx'
import { PatientName } from '../components/request-card.tsx'
import { StatusBadge } from '../components/status-badge.tsx'
import { useNow } from '@/hooks/use-now.ts'

const REVIEW_PAGE_SIZE = 20
export const IDENTITY_DECISION_FAILED = 'Failed to record the identity decision. Please try again.'
const DECISION_TEXT: Record<IdentityDecision, string> = { confirm: 'confirmed', reject: 'rejected' }

function requesterOptions(requests: readonly AuthorizationRequest[]): { id: string; name: string }[] {
  const byId = new Map(requests.map((request) => [request.requester.id, request.requester.name]))
  return [...byId.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

function FilterSelect({
  onChange,
  ...props
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: SelectOption[]
}) {
  return <SelectField {...props} onChange={(event) => onChange(event.target.value)} />
}

const statusFromQuery = (value: string | null): string =>
  value !== null && (AUTHORIZATION_STATUSES as readonly string[]).includes(value) ? value : ''

export function AuthorizationRequestListPage() {
  const { user } = useSession()
  const organization = user ? isAdminRole(user.role) : false
  const base: RequestListParams = organization ? { scope: 'organization' } : {}
  const [searchParams, setSearchParams] = useSearchParams()
  // A dashboard tile opens this page on exactly the requests it counted (?view=awaitingOver48h).
  const view = searchParams.get('view')
  const tileView = isRequestBucket(view) ? view : null
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
    (request) => request.identity_review.status === 'pending',
  ).length
  const shown = tileView ? unfiltered : filtered
  const rows = tileView
    ? (unfiltered.data?.results ?? []).filter((request) => requestBuckets(request, now).includes(tileView))
    : (filtered.data?.results ?? [])
  const pages = pageCount(rows.length, REVIEW_PAGE_SIZE)
  const current = Math.min(page, pages - 1)
  const showMrn = isProviderRole(user.role)

  async function decide(
    request: AuthorizationRequest,
    decision: IdentityDecision,
    reason: string,
  ): Promise<boolean> {
    setOutcome(null)
    try {
      await review.mutateAsync({ requestId: request.request_id, decision, reason })
      setOutcome({ kind: 'success', text: `Identity of ${patientName(request)} ${DECISION_TEXT[decision]}.` })
      return true
    } catch {
      setOutcome({ kind: 'error', text: IDENTITY_DECISION_FAILED })
      return false
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
      {tileView ? (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            Showing {rows.length === 1 ? '1 request' : `${rows.length} requests`} counted as “
            {REQUEST_BUCKET_LABELS[tileView]}” on the dashboard.
          </p>
          <button type="button" className="btn btn-sm" onClick={() => setSearchParams({})}>
            Show all requests
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-4">
          <FilterSelect
            label="Status"
            value={status}
            onChange={filter(setStatus)}
            options={[
              { value: '', label: 'All statuses' },
              ...AUTHORIZATION_STATUSES.map((value) => ({
                value,
                label: AUTHORIZATION_STATUS_LABELS[value],
              })),
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
      )}
      <div role="status" aria-live="polite">
        {outcome?.kind === 'success' ? outcome.text : null}
      </div>
      {outcome?.kind === 'error' ? <Alert type="error">{outcome.text}</Alert> : null}
      {organization && flagged > 0 ? (
        <Alert type="warning">
          {flagged === 1 ? '1 request has' : `${flagged} requests have`} a Medicare record that does not match
          the patient asked for. Compare both identities, then confirm or reject. Medicare data stays held,
          seen by no one, until you decide.
        </Alert>
      ) : null}
      {shown.isPending ? <Spinner label="Loading authorization requests…" /> : null}
      {shown.isError ? <Alert type="error">{AUTHORIZATION_MESSAGES.loadFailed}</Alert> : null}
      {shown.isSuccess && rows.length === 0 ? <p>{AUTHORIZATION_MESSAGES.emptyList}</p> : null}
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
              onDecide={decide}
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
function RequestRows({ requests, now, showMrn, reviewCell }: RequestRowsProps) {
  const columns: DataColumn<AuthorizationRequest>[] = [
    {
      id: 'patient',
      header: 'Patient',
      card: 'title',
      cell: (request) => <PatientName request={request} now={now} />,
    },
    ...(showMrn
      ? [{ id: 'mrn', header: 'MRN', cell: (request: AuthorizationRequest) => request.patient_mrn ?? '—' }]
      : []),
    // Long email addresses wrap at their own break points rather than letter by letter.
    { id: 'contact', header: 'Contact', className: '[overflow-wrap:anywhere]', cell: contactText },
    { id: 'requester', header: 'Requester', cell: (request) => request.requester.name },
    {
      id: 'status',
      header: 'Status',
      card: 'badge',
      cell: (request) => <StatusBadge request={request} now={now} />,
    },
    { id: 'sent', header: 'Sent', cell: sentDate },
    { id: 'time', header: 'Time left or ended', cell: (request) => requestTimeText(request, now) ?? '—' },
    {
      id: 'medicare-end',
      header: MEDICARE_ACCESS_ENDS_LABEL,
      cell: (request) => medicareAccessEndText(request.medicare_access_ends_at) ?? '—',
      // A card names the Medicare end only when there is one.
      cardCell: (request) => medicareAccessEndText(request.medicare_access_ends_at) ?? null,
    },
    {
      id: 'review',
      header: 'Identity review',
      card: 'actions',
      cell: reviewCell,
      // A card only mentions identity review when there is one.
      cardCell: (request) => (request.identity_review.status === 'none' ? null : reviewCell(request)),
    },
  ]
  return (
    <DataTable
      caption="Authorization requests"
      rows={requests}
      rowKey={(request) => request.request_id}
      columns={columns}
      cards
    />
  )
}
