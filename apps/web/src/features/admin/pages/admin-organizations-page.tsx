// /app/admin/organizations: organisations with their members, TINs, billing state and setup progress. A
// platform administrator sees and creates any; an organisation admin sees and edits only their own.
import { ADMIN_MESSAGES, type AdminOrganization } from '@blueconsent/contract/admin'
import { useId, useState } from 'react'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { ADMIN_PAGE_SIZE, useAdminOrganizations } from '../api/admin-api.ts'
import { AdminPageHeader } from '../components/admin-page-header.tsx'
import { ORGANIZATION_TYPE_LABELS, OrganizationFormDialog } from '../components/organization-form-dialog.tsx'
import { OrganizationStatusDialog } from '../components/organization-status-dialog.tsx'

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; organization: AdminOrganization }
  | { kind: 'status'; organization: AdminOrganization }
  | null

export function AdminOrganizationsPage() {
  const searchId = useId()
  const { user } = useSession()
  const platform = user?.is_superuser ?? false
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const organizations = useAdminOrganizations(search.trim(), page + 1)
  const pages = pageCount(organizations.data?.count ?? 0, ADMIN_PAGE_SIZE)
  const done = (message: string) => {
    setDialog(null)
    setNotice(message)
  }
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Organizations"
        intro="Members, TINs, billing and setup of each organization."
        action={
          platform ? (
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'create' })}>
              Create organization
            </button>
          ) : null
        }
      />
      <div role="status" aria-live="polite">
        {notice ? <Alert type="success">{notice}</Alert> : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search organizations
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder="Name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(0)
          }}
        />
      </div>
      {organizations.isPending ? <Spinner label="Loading organizations…" /> : null}
      {organizations.isError ? <Alert type="error">{ADMIN_MESSAGES.loadFailed}</Alert> : null}
      {organizations.data?.count === 0 ? <p>No organizations match.</p> : null}
      {organizations.data && organizations.data.results.length > 0 ? (
        <OrganizationTable
          organizations={organizations.data.results}
          onEdit={(organization) => setDialog({ kind: 'edit', organization })}
          {...(platform
            ? { onStatus: (organization: AdminOrganization) => setDialog({ kind: 'status', organization }) }
            : {})}
        />
      ) : null}
      <Pager page={Math.min(page, pages - 1)} pages={pages} label="Organization pages" onPage={setPage} />
      {dialog?.kind === 'status' ? (
        <OrganizationStatusDialog
          organization={dialog.organization}
          onDone={done}
          onClose={() => setDialog(null)}
        />
      ) : dialog ? (
        <OrganizationFormDialog
          {...(dialog.kind === 'edit' ? { organization: dialog.organization } : {})}
          platform={platform}
          onDone={done}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  )
}

type TableProps = {
  organizations: readonly AdminOrganization[]
  onEdit: (organization: AdminOrganization) => void
  /** Deactivate or reactivate: the platform administrator's only. */
  onStatus?: (organization: AdminOrganization) => void
}

function OrganizationTable({ organizations, onEdit, onStatus }: TableProps) {
  const columns: DataColumn<AdminOrganization>[] = [
    { id: 'name', header: 'Name', cell: (organization) => organization.name },
    {
      id: 'type',
      header: 'Type',
      cell: (organization) => ORGANIZATION_TYPE_LABELS[organization.organization_type],
    },
    {
      id: 'members',
      header: 'Members',
      cell: (organization) => `${organization.active_member_count} active of ${organization.member_count}`,
    },
    { id: 'tins', header: 'TINs', cell: (organization) => organization.tin_count },
    {
      id: 'billing',
      header: 'Billing',
      cell: (organization) => organization.billing_status?.replace(/_/g, ' ') ?? 'No subscription',
    },
    {
      id: 'setup',
      header: 'Setup',
      cell: (organization) => (organization.setup_completed_at ? 'Complete' : 'Unfinished'),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (organization) => (
        <span className={`badge ${organization.is_active ? 'badge-success' : 'badge-ghost'}`}>
          {organization.is_active ? 'Active' : 'Deactivated'}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      className: 'flex flex-wrap gap-1',
      cell: (organization) => (
        <>
          <button
            type="button"
            className="btn btn-xs btn-outline"
            aria-label={`Edit ${organization.name}`}
            onClick={() => onEdit(organization)}
          >
            Edit
          </button>
          {onStatus ? (
            <button
              type="button"
              className={`btn btn-xs ${organization.is_active ? 'btn-outline btn-error' : 'btn-outline'}`}
              aria-label={`${organization.is_active ? 'Deactivate' : 'Reactivate'} ${organization.name}`}
              onClick={() => onStatus(organization)}
            >
              {organization.is_active ? 'Deactivate' : 'Reactivate'}
            </button>
          ) : null}
        </>
      ),
    },
  ]
  return (
    <DataTable
      caption="Organizations"
      focusableScroll={false}
      rows={organizations}
      rowKey={(organization) => organization.id}
      columns={columns}
    />
  )
}
