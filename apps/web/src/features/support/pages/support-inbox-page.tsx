// /app/admin/support: the support requests an admin may see (the platform's administrators all of them, an
// organisation's its own), newest first, filtered by status and assignee and paged on the server. The status
// filter lives in the address so the admin dashboard can link to the waiting ones (?status=new).
import {
  SUPPORT_INBOX_MESSAGES,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  supportAge,
  type SupportInboxItem,
  type SupportStatus,
} from '@blueconsent/contract/support'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { Pager } from '../../../components/patient-data/pager.tsx'
import { pageCount } from '../../../components/patient-data/paging.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import {
  INBOX_PAGE_SIZE,
  useSupportAdmins,
  useSupportInbox,
  type InboxFilters,
} from '../api/support-inbox-api.ts'
import { SupportStatusBadge } from '../components/support-status-badge.tsx'
import { senderLine, statusFromSearch } from '../support-inbox-model.ts'

export function SupportInboxPage() {
  const [search, setSearch] = useSearchParams()
  const filters: InboxFilters = {
    status: statusFromSearch(search.get('status')),
    assignee: search.get('assignee') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
  }
  const inbox = useSupportInbox(filters)
  const pages = pageCount(inbox.data?.count ?? 0, INBOX_PAGE_SIZE)
  const change = (next: Partial<InboxFilters>) => {
    const merged = { ...filters, page: 1, ...next }
    const params = new URLSearchParams()
    if (merged.status) params.set('status', merged.status)
    if (merged.assignee) params.set('assignee', merged.assignee)
    if (merged.page > 1) params.set('page', String(merged.page))
    setSearch(params, { replace: true })
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Support Inbox</h1>
          <p className="mt-2">Requests for help, newest first. Open one to read it, take it and answer.</p>
        </div>
        <Link className="btn btn-outline" to={paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
      <InboxFiltersForm filters={filters} onChange={change} />
      {inbox.isPending ? <Spinner label="Loading support requests…" /> : null}
      {inbox.isError ? <Alert type="error">{SUPPORT_INBOX_MESSAGES.loadFailed}</Alert> : null}
      {inbox.data?.count === 0 ? <p>No support requests match.</p> : null}
      {inbox.data && inbox.data.results.length > 0 ? <InboxTable items={inbox.data.results} /> : null}
      <Pager
        page={Math.min(filters.page - 1, pages - 1)}
        pages={pages}
        label="Support request pages"
        onPage={(page) => change({ page: page + 1 })}
      />
    </div>
  )
}

type FiltersProps = { filters: InboxFilters; onChange: (next: Partial<InboxFilters>) => void }

function InboxFiltersForm({ filters, onChange }: FiltersProps) {
  const id = useId()
  const admins = useSupportAdmins().data?.results ?? []
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          Status
        </label>
        <select
          id={`${id}-status`}
          className="select"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as SupportStatus | '' })}
        >
          <option value="">All statuses</option>
          {SUPPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SUPPORT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-assignee`} className="text-sm font-medium">
          Assignee
        </label>
        <select
          id={`${id}-assignee`}
          className="select"
          value={filters.assignee}
          onChange={(event) => onChange({ assignee: event.target.value })}
        >
          <option value="">Anyone</option>
          <option value="me">Assigned to me</option>
          <option value="unassigned">Unassigned</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

function InboxTable({ items }: { items: readonly SupportInboxItem[] }) {
  const now = new Date()
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <caption className="sr-only">Support requests</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Subject</th>
            <th scope="col">Sender</th>
            <th scope="col">Organization</th>
            <th scope="col">Source</th>
            <th scope="col">Age</th>
            <th scope="col">Status</th>
            <th scope="col">Assignee</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link className="link font-mono" to={`${paths.adminSupport}/${item.id}`}>
                  {item.reference}
                </Link>
              </td>
              <td className="break-words">{item.subject}</td>
              <td className="break-all">{senderLine(item.sender_name, item.sender_email)}</td>
              <td>{item.organization_name ?? '—'}</td>
              <td>{item.source === 'public' ? 'Public form' : 'App'}</td>
              <td>
                <time dateTime={item.created_at}>{supportAge(item.created_at, now)}</time>
              </td>
              <td>
                <SupportStatusBadge status={item.status} />
              </td>
              <td>{item.assignee?.name ?? 'Unassigned'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
