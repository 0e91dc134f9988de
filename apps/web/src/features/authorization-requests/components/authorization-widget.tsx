// The authorization widget: Create Request, My Requests (badge: pending), Patients (not for agents), Data.
import { type User } from '@blueconsent/contract/auth'
import {
  AUTHORIZATION_MESSAGES,
  requestGroup,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { isAdminRole, isAgentRole, isProviderRole } from '@blueconsent/contract/shared'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useRequests } from '../api/list-requests.ts'
import { CreateRequestForm } from './create-request-form.tsx'
import { DataTab, type PatientRecordSlot } from './data-tab.tsx'
import { useHiddenRequests } from './hidden-requests.ts'
import { MyRequests } from './my-requests.tsx'
import { PatientsTab } from './patients-tab.tsx'
import { pendingCount, visibleRequests } from './request-display.ts'
import { Tabs, type TabItem } from '@/components/ui/tabs.tsx'
import { useNow } from '@/hooks/use-now.ts'
import { useStatusAnnouncer } from './use-status-announcer.ts'

export type WidgetTab = 'create' | 'requests' | 'patients' | 'data'
const TAB_KEYS: readonly WidgetTab[] = ['create', 'requests', 'patients', 'data']

function useWidgetLocation(agent: boolean) {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const requested = TAB_KEYS.find((key) => key === raw) ?? 'create'
  const tab: WidgetTab = agent && requested === 'patients' ? 'create' : requested
  const requestId = params.get('request')
  const go = (next: WidgetTab, nextRequest: string | null = requestId) => {
    const search = new URLSearchParams(params)
    search.set('tab', next)
    if (nextRequest) search.set('request', nextRequest)
    else search.delete('request')
    setParams(search, { replace: true })
  }
  return { tab, requestId, go }
}

function PendingBadge({ count }: { count: number }) {
  return (
    <span className="badge badge-sm badge-primary">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{count} pending</span>
    </span>
  )
}

export function AuthorizationWidget({
  user,
  patientRecord,
}: {
  user: User
  patientRecord?: PatientRecordSlot
}) {
  const agent = isAgentRole(user.role)
  const provider = isProviderRole(user.role)
  const now = useNow()
  const { tab, requestId, go } = useWidgetLocation(agent)
  const list = useRequests()
  const { hidden, hide, unhide } = useHiddenRequests(user.id)
  const all = list.data?.results ?? []
  const visible = visibleRequests(all, hidden, now)
  const approved = all.filter((request) => requestGroup(request, now) === 'approved')
  const tabs: TabItem<WidgetTab>[] = [
    { key: 'create', label: 'Create Request' },
    { key: 'requests', label: 'My Requests', badge: <PendingBadge count={pendingCount(visible, now)} /> },
    ...(agent ? [] : [{ key: 'patients' as const, label: 'Patients' }]),
    { key: 'data', label: 'Data' },
  ]
  const viewData = (request: AuthorizationRequest) => go('data', request.request_id)
  const announcement = useStatusAnnouncer(list.data?.results)

  return (
    <>
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
      <Tabs label="Authorization" tabs={tabs} selected={tab} onSelect={(key) => go(key)}>
        {tab === 'create' ? <CreateRequestForm role={user.role} /> : null}
        {tab === 'requests' ? (
          <MyRequests
            requests={visible}
            status={list.status}
            now={now}
            showMrn={provider}
            canRenew={provider}
            viewerRole={user.role}
            onHide={hide}
            onUnhide={unhide}
            onViewData={viewData}
          />
        ) : null}
        {tab === 'patients' ? <PatientsPanel organization={isAdminRole(user.role)} now={now} /> : null}
        {tab === 'data' ? (
          <DataTab
            role={user.role}
            approved={approved}
            selectedId={requestId}
            listReady={list.isSuccess || list.isError}
            onSelect={(id) => go('data', id)}
            patientRecord={patientRecord}
          />
        ) : null}
      </Tabs>
    </>
  )
}

/** Admins see the organisation's patients; everyone else the patients of their own requests. */
function PatientsPanel({ organization, now }: { organization: boolean; now: number }) {
  const list = useRequests(organization ? { scope: 'organization' } : {})
  if (list.isPending) return <Spinner label="Loading patients…" />
  if (list.isError) return <Alert type="error">{AUTHORIZATION_MESSAGES.loadFailed}</Alert>
  return <PatientsTab requests={list.data?.results ?? []} now={now} />
}
