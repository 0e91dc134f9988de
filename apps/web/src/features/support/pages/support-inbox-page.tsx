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
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import {
  INBOX_PAGE_SIZE,
  useSupportAdmins,
  useSupportInbox,
  type InboxFilters,
} from '../api/support-inbox-api.ts'
import { SupportStatusBadge } from '../components/support-status-badge.tsx'
import { senderLine, statusFromSearch } from '../support-inbox-model.ts'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

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
  const admins = useSupportAdmins().data?.results ?? []
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as SupportStatus | '' })}
      >
        <option value="">All statuses</option>
        {SUPPORT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SUPPORT_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Assignee"
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
      </SelectField>
    </div>
  )
}

function InboxTable({ items }: { items: readonly SupportInboxItem[] }) {
  const now = new Date()
  const columns: DataColumn<SupportInboxItem>[] = [
    {
      id: 'reference',
      header: 'Reference',
      cell: (item) => (
        <Link className="link font-mono" to={`${paths.adminSupport}/${item.id}`}>
          {item.reference}
        </Link>
      ),
    },
    { id: 'subject', header: 'Subject', className: 'break-words', cell: (item) => item.subject },
    {
      id: 'sender',
      header: 'Sender',
      className: 'break-all',
      cell: (item) => senderLine(item.sender_name, item.sender_email),
    },
    { id: 'organization', header: 'Organization', cell: (item) => item.organization_name ?? '—' },
    { id: 'source', header: 'Source', cell: (item) => (item.source === 'public' ? 'Public form' : 'App') },
    {
      id: 'age',
      header: 'Age',
      cell: (item) => <time dateTime={item.created_at}>{supportAge(item.created_at, now)}</time>,
    },
    { id: 'status', header: 'Status', cell: (item) => <SupportStatusBadge status={item.status} /> },
    { id: 'assignee', header: 'Assignee', cell: (item) => item.assignee?.name ?? 'Unassigned' },
  ]
  return <DataTable caption="Support requests" rows={items} rowKey={(item) => item.id} columns={columns} />
}
