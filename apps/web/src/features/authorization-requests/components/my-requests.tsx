// The My Requests tab: groups, 6 per page, hiding rules, actions and 'Clear My Requests'.
import {
  AUTHORIZATION_MESSAGES,
  requestGroup,
  type AuthorizationRequest,
  type RequestGroup,
} from '@blueconsent/contract/authorization-requests'
import type { Role } from '@blueconsent/contract/shared'
import { useState, type ReactNode } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useHideRequests } from '../api/hide-request.ts'
import { Pager } from '../../../components/patient-data/pager.tsx'
import { useRequestActions } from './request-actions.ts'
import { RequestCard } from './request-card.tsx'
import { GROUP_LABELS, GROUP_ORDER, pageCount, pageOf } from './request-display.ts'

type MyRequestsProps = {
  /** Already filtered by the hiding rules and ordered by group (see visibleRequests). */
  requests: readonly AuthorizationRequest[]
  status: 'pending' | 'error' | 'success'
  now: number
  showMrn: boolean
  canRenew: boolean
  /** Who is looking: says which administrator reviews a held identity, and links them to it. */
  viewerRole: Role
  onHide: (ids: readonly string[]) => void
  onViewData: (request: AuthorizationRequest) => void
}

export function MyRequests({
  requests,
  status,
  now,
  showMrn,
  canRenew,
  viewerRole,
  onHide,
  onViewData,
}: MyRequestsProps) {
  const [page, setPage] = useState(0)
  const actions = useRequestActions()
  const hide = useHideRequests()
  const pages = pageCount(requests.length)
  const current = Math.min(page, pages - 1)
  const shown = pageOf(requests, current)

  async function clearAll() {
    const ids = requests.map((request) => request.request_id)
    onHide(ids)
    setPage(0)
    await hide.mutateAsync(ids)
  }

  const body = () => {
    if (status === 'pending') return <Spinner label="Loading authorization requests…" />
    if (status === 'error') return <Alert type="error">{AUTHORIZATION_MESSAGES.loadFailed}</Alert>
    if (requests.length === 0) return <p>{AUTHORIZATION_MESSAGES.emptyList}</p>
    return (
      <>
        {GROUP_ORDER.map((group) => (
          <GroupSection
            key={group}
            group={group}
            requests={shown.filter((request) => requestGroup(request, now) === group)}
          >
            {(request) => (
              <RequestCard
                key={request.request_id}
                request={request}
                now={now}
                showMrn={showMrn}
                canRenew={canRenew}
                viewerRole={viewerRole}
                busyAction={actions.busy?.id === request.request_id ? actions.busy.action : null}
                onAction={(target, action) => void actions.run(target, action)}
                onViewData={onViewData}
              />
            )}
          </GroupSection>
        ))}
        <Pager page={current} pages={pages} label="My Requests pages" onPage={setPage} />
      </>
    )
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="my-requests-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-requests-heading" className="text-xl font-semibold">
          My Requests
        </h2>
        {requests.length > 0 ? (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => void clearAll()}>
            Clear My Requests
          </button>
        ) : null}
      </div>
      <div aria-live="polite" role="status">
        {actions.outcome?.kind === 'success' ? actions.outcome.text : null}
      </div>
      {actions.outcome?.kind === 'error' ? <Alert type="error">{actions.outcome.text}</Alert> : null}
      {body()}
    </section>
  )
}

type GroupSectionProps = {
  group: RequestGroup
  requests: readonly AuthorizationRequest[]
  children: (request: AuthorizationRequest) => ReactNode
}

function GroupSection({ group, requests, children }: GroupSectionProps) {
  if (requests.length === 0) return null
  const headingId = `requests-group-${group}`
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        {GROUP_LABELS[group]} ({requests.length})
      </h3>
      <ul className="grid gap-3 md:grid-cols-2">{requests.map((request) => children(request))}</ul>
    </section>
  )
}
