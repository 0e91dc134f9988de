// The My Requests tab: groups, 6 per page, hiding rules, actions and 'Clear My Requests' (asked first, with
// an Undo), and 'Show hidden' to bring cleared requests back.
import {
  AUTHORIZATION_MESSAGES,
  requestGroup,
  type AuthorizationRequest,
  type RequestGroup,
} from '@blueconsent/contract/authorization-requests'
import { AUTHORIZATION, type Role } from '@blueconsent/contract/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useHideRequests, useUnhideRequests } from '../api/hide-request.ts'
import { requestsQueryOptions } from '../api/list-requests.ts'
import { Pager } from '@/components/ui/pager.tsx'
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
  /** Forgets ids the browser remembered as cleared (Undo, 'Show again'). */
  onUnhide: (ids: readonly string[]) => void
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
  onUnhide,
  onViewData,
}: MyRequestsProps) {
  const [page, setPage] = useState(0)
  const [confirming, setConfirming] = useState(false)
  const [cleared, setCleared] = useState<readonly string[] | null>(null)
  const [showHidden, setShowHidden] = useState(false)
  const actions = useRequestActions()
  const hide = useHideRequests()
  const unhide = useUnhideRequests()
  const hiddenList = useQuery({ ...requestsQueryOptions({ hidden: 'true' }), enabled: showHidden })
  const listed = showHidden ? (hiddenList.data?.results ?? []) : requests
  const listStatus = showHidden ? hiddenList.status : status
  const pages = pageCount(listed.length)
  const current = Math.min(page, pages - 1)
  const shown = pageOf(listed, current)

  // Undo is offered for a while after clearing, then the notice goes.
  useEffect(() => {
    if (!cleared) return
    const timer = setTimeout(() => setCleared(null), AUTHORIZATION.clearUndoMs)
    return () => clearTimeout(timer)
  }, [cleared])

  async function clearAll() {
    const ids = requests.map((request) => request.request_id)
    setConfirming(false)
    onHide(ids)
    setPage(0)
    setCleared(ids)
    await hide.mutateAsync(ids)
  }

  async function showAgain(ids: readonly string[]) {
    onUnhide(ids)
    setCleared(null)
    await unhide.mutateAsync(ids)
  }

  const body = () => {
    if (listStatus === 'pending') return <Spinner label="Loading authorization requests…" />
    if (listStatus === 'error') return <Alert type="error">{AUTHORIZATION_MESSAGES.loadFailed}</Alert>
    if (listed.length === 0)
      return <p>{showHidden ? 'No hidden requests.' : AUTHORIZATION_MESSAGES.emptyList}</p>
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
        <div className="flex flex-wrap items-center gap-3">
          <label className="label cursor-pointer gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={showHidden}
              onChange={(event) => {
                setShowHidden(event.target.checked)
                setPage(0)
              }}
            />
            <span className="label-text">Show hidden</span>
          </label>
          {showHidden && listed.length > 0 ? (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => void showAgain(listed.map((request) => request.request_id))}
            >
              Show all again
            </button>
          ) : null}
          {!showHidden && requests.length > 0 ? (
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setConfirming(true)}>
              Clear My Requests
            </button>
          ) : null}
        </div>
      </div>
      {cleared ? (
        <div role="status" className="alert flex flex-wrap justify-between">
          <span>{requestCount(cleared.length)} hidden.</span>
          <button type="button" className="btn btn-sm" onClick={() => void showAgain(cleared)}>
            Undo
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ModalDialog title={`Hide ${requestCount(requests.length)}?`} onClose={() => setConfirming(false)}>
          <p>
            {requestCount(requests.length)} will be hidden from My Requests. Approvals stay valid: hiding does
            not revoke anyone’s access. You can show them again with ‘Show hidden’.
          </p>
          <div className="card-actions justify-end">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void clearAll()}>
              Hide {requestCount(requests.length)}
            </button>
          </div>
        </ModalDialog>
      ) : null}
      <div aria-live="polite" role="status">
        {actions.outcome?.kind === 'success' ? actions.outcome.text : null}
      </div>
      {actions.outcome?.kind === 'error' ? <Alert type="error">{actions.outcome.text}</Alert> : null}
      {body()}
    </section>
  )
}

const requestCount = (count: number): string => `${count} request${count === 1 ? '' : 's'}`

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
