// /app/care-management ('Data Access', the ACO user's home): the access to Medicare data the organisation
// holds and what needs doing about it: authorizations ending soon (renew), pulls that failed (with the
// reason, start again), patients who have not answered (send again), and how fresh each patient's data is.
// Each dashboard figure opens its own set here (?attention=…), showing exactly the rows it counted.
import {
  REQUEST_ATTENTION,
  REQUEST_ATTENTION_LABELS,
  requestTimeText,
  staffAccessEnd,
  type AuthorizationRequest,
  type RequestAttention,
} from '@blueconsent/contract/authorization-requests'
import { MEDICARE_ACCESS_ENDS_LABEL, timeRemainingText } from '@blueconsent/contract/durations'
import { HEALTH_PLAN, isProviderRole, type Role } from '@blueconsent/contract/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { DataTable } from '@/components/ui/data-table.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import {
  ATTENTION_PAGE_SIZE,
  attentionQueryOptions,
  useDataAccessAction,
  type DataAccessAction,
} from '../api/data-access.ts'
import { RequestAuthorizationLink } from '../components/request-authorization-link.tsx'
import { RoleSummary } from '../components/role-summary.tsx'

type SetView = {
  title: string
  description: string
  empty: string
  /** The column after the patient: when it ends, why it failed, when it was sent, when data last came. */
  detail: (request: AuthorizationRequest, now: number) => string
  action?: { kind: DataAccessAction; label: string; allowed: (role: Role) => boolean }
  /** Rows shown in this order (the server lists newest first). */
  order?: (a: AuthorizationRequest, b: AuthorizationRequest) => number
}

const dateTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never'
const anyStaff = () => true

/**
 * When an ending approval ends: the portal's own end, or Medicare's grant end when that comes first (the
 * set counts it then too), said so, since renewing is the only way past it.
 */
function endingDetail(request: AuthorizationRequest, now: number): string {
  const end = staffAccessEnd(request)
  if (end !== request.expires_at && end !== null)
    return `${MEDICARE_ACCESS_ENDS_LABEL} ${dateTime(end)} (${timeRemainingText(end, now) ?? ''})`
  return `Ends ${dateTime(request.expires_at)} (${requestTimeText(request, now) ?? ''})`
}

const SETS: Record<RequestAttention, SetView> = {
  ending_within_30_days: {
    title: 'Ending within 30 days',
    description: 'Approvals that end soon. Renew them before they end, or the patient’s data stops updating.',
    empty: 'No approval ends in the next 30 days.',
    detail: endingDetail,
    action: { kind: 'renew', label: 'Renew', allowed: isProviderRole },
    order: (a, b) => Date.parse(staffAccessEnd(a) ?? '') - Date.parse(staffAccessEnd(b) ?? ''),
  },
  pull_failed: {
    title: 'Data pulls failed',
    description: `The last download of the patient’s data from ${HEALTH_PLAN.name} failed. Start it again once the reason is dealt with.`,
    empty: 'Every latest data pull succeeded.',
    detail: (request) => request.ingestion.error ?? 'The download failed.',
    action: { kind: 'retry-pull', label: 'Try the pull again', allowed: anyStaff },
  },
  waiting_over_48h: {
    title: 'Waiting over 48 hours',
    description: 'Patients who have not answered for two days. Send the request again, or call them.',
    empty: 'No patient has left a request unanswered for more than 48 hours.',
    detail: (request) => `Sent ${dateTime(request.created_at)} by ${request.contact_method}`,
    action: { kind: 'resend', label: 'Send again', allowed: anyStaff },
  },
  authorized: {
    title: 'Data freshness',
    description: 'Every approval ever given, with when its data last arrived (the oldest first).',
    empty: 'No patient has approved a request yet.',
    detail: (request) =>
      request.status === 'authorized'
        ? `Data last refreshed: ${dateTime(request.ingestion.last_synced_at)}`
        : `No longer approved (${request.status})`,
    order: (a, b) =>
      Date.parse(a.ingestion.last_synced_at ?? '1970-01-01') -
      Date.parse(b.ingestion.last_synced_at ?? '1970-01-01'),
  },
}

const isAttention = (value: string | null): value is RequestAttention =>
  (REQUEST_ATTENTION as readonly (string | null)[]).includes(value)

export function DataAccessPage() {
  const { user } = useSession()
  const [searchParams] = useSearchParams()
  const only = searchParams.get('attention')
  if (!user) return null
  const sets = isAttention(only) ? [only] : REQUEST_ATTENTION
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Data Access</h1>
        <p className="mt-2">
          The access to {HEALTH_PLAN.name} data your organization holds, and what needs doing about it.
          Patient data arrives once a patient approves your request.
        </p>
        <div className="mt-3">
          <RequestAuthorizationLink user={user} />
        </div>
      </div>
      {isAttention(only) ? (
        <p>
          Showing the requests counted as “{REQUEST_ATTENTION_LABELS[only]}” on the dashboard.{' '}
          <Link className="link" to={paths.careManagement}>
            Show all of Data Access
          </Link>
        </p>
      ) : null}
      {user.organization
        ? sets.map((set) => <AttentionSection key={set} set={set} role={user.role} />)
        : null}
      <RoleSummary user={user} />
    </div>
  )
}

function AttentionSection({ set, role }: { set: RequestAttention; role: Role }) {
  const view = SETS[set]
  const list = useQuery(attentionQueryOptions(set))
  const action = useDataAccessAction()
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  const headingId = `data-access-${set}`
  // Times are read against when the list arrived (it is read again after every action).
  const now = list.dataUpdatedAt
  const rows = [...(list.data?.results ?? [])].sort(view.order ?? (() => 0))
  const canAct = view.action?.allowed(role) ?? false

  async function act(request: AuthorizationRequest) {
    if (!view.action) return
    setOutcome(null)
    try {
      await action.mutateAsync({ requestId: request.request_id, action: view.action.kind })
      setOutcome({ kind: 'success', text: `${view.action.label}: done for ${request.patient_name}.` })
    } catch (error) {
      const detail = isApiError(error) ? error.detail : null
      setOutcome({ kind: 'error', text: detail ?? `${view.action.label} failed. Please try again.` })
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {view.title}
        {list.data ? ` (${list.data.count})` : ''}
      </h2>
      <p>{view.description}</p>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'success' ? outcome.text : null}
      </div>
      {outcome?.kind === 'error' ? <Alert type="error">{outcome.text}</Alert> : null}
      {list.isPending ? <Spinner label={`Loading ${view.title.toLowerCase()}…`} /> : null}
      {list.isError ? <Alert type="error">Failed to load {view.title.toLowerCase()}.</Alert> : null}
      {list.isSuccess && rows.length === 0 ? <p>{view.empty}</p> : null}
      {rows.length > 0 ? (
        <DataTable
          caption={view.title}
          rows={rows}
          rowKey={(request) => request.request_id}
          cards
          columns={[
            {
              id: 'patient',
              header: 'Patient',
              card: 'title',
              cell: (request) =>
                request.patient_id && isProviderRole(role) ? (
                  <Link className="link" to={`/app/patient/${request.patient_id}`}>
                    {request.patient_name}
                  </Link>
                ) : (
                  request.patient_name
                ),
            },
            { id: 'details', header: 'Details', cell: (request) => view.detail(request, now) },
            ...(canAct && view.action
              ? [
                  {
                    id: 'action',
                    header: 'Action',
                    card: 'actions' as const,
                    cell: (request: AuthorizationRequest) => (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={action.isPending}
                        aria-label={`${view.action?.label ?? ''}: ${request.patient_name}`}
                        onClick={() => void act(request)}
                      >
                        {view.action?.label}
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {list.data && list.data.count > rows.length ? (
        <p>
          Showing the first {ATTENTION_PAGE_SIZE} of {list.data.count}.
        </p>
      ) : null}
    </section>
  )
}
