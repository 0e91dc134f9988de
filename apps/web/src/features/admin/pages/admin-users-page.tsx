// /app/admin/users: find a user by name or email, narrow by role, organisation and status, and sort and page
// on the server. A row opens the user's details.
import { ADMIN_MESSAGES, type AdminUser } from '@blueconsent/contract/admin'
import { ROLES, ROLE_LABELS, type Role } from '@blueconsent/contract/shared'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { OrganizationPicker, useOrganizationList } from '@/components/ui/organization-picker.tsx'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { SelectField } from '@/components/ui/select-field.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { columnSort, formatDateTime, nextOrdering, type SortColumn } from '../admin-model.ts'
import { ADMIN_PAGE_SIZE, useAdminUsers, type UserFilters } from '../api/admin-api.ts'
import { AdminPageHeader } from '../components/admin-page-header.tsx'

const INITIAL: UserFilters = {
  search: '',
  role: '',
  status: '',
  organizationId: '',
  ordering: 'name',
  page: 1,
}

export function AdminUsersPage() {
  const [filters, setFilters] = useState<UserFilters>(INITIAL)
  const users = useAdminUsers({ ...filters, search: filters.search.trim() })
  const pages = pageCount(users.data?.count ?? 0, ADMIN_PAGE_SIZE)
  const change = (next: Partial<UserFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }))
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Users" intro="Find a user to see their access, sessions and recent activity." />
      <UserFiltersForm filters={filters} onChange={change} />
      {users.isPending ? <Spinner label="Loading users…" /> : null}
      {users.isError ? <Alert type="error">{ADMIN_MESSAGES.loadFailed}</Alert> : null}
      {users.data?.count === 0 ? <p>No users match.</p> : null}
      {users.data && users.data.results.length > 0 ? (
        <DataTable
          caption="Users"
          focusableScroll={false}
          rows={users.data.results}
          rowKey={(user) => user.id}
          columns={COLUMNS}
          sort={{
            current: columnSort(filters.ordering),
            onSort: (column) => change({ ordering: nextOrdering(filters.ordering, column as SortColumn) }),
          }}
        />
      ) : null}
      <Pager
        page={Math.min(filters.page - 1, pages - 1)}
        pages={pages}
        label="User pages"
        onPage={(page) => setFilters((current) => ({ ...current, page: page + 1 }))}
      />
    </div>
  )
}

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
]
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]

type FiltersProps = { filters: UserFilters; onChange: (next: Partial<UserFilters>) => void }

function UserFiltersForm({ filters, onChange }: FiltersProps) {
  const id = useId()
  const organizations = useOrganizationList().data?.results ?? []
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Search users
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          placeholder="Name or email"
          value={filters.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <SelectField
        label="Role"
        value={filters.role}
        options={ROLE_OPTIONS}
        onChange={(event) => onChange({ role: event.target.value as Role | '' })}
      />
      {organizations.length > 1 ? (
        <OrganizationPicker
          value={filters.organizationId}
          anyLabel="All organizations"
          onChange={(organizationId) => onChange({ organizationId })}
        />
      ) : null}
      <SelectField
        label="Status"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(event) => onChange({ status: event.target.value as UserFilters['status'] })}
      />
    </div>
  )
}

const nameOf = (user: AdminUser): string => `${user.first_name} ${user.last_name}`.trim() || user.email

const COLUMNS: DataColumn<AdminUser>[] = [
  {
    id: 'name',
    header: 'Name',
    serverSortable: true,
    cell: (user) => (
      <Link className="link" to={`/app/admin/users/${user.id}`}>
        {nameOf(user)}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', serverSortable: true, className: 'break-all', cell: (user) => user.email },
  { id: 'role', header: 'Role', serverSortable: true, cell: (user) => ROLE_LABELS[user.role] },
  {
    id: 'last_login',
    header: 'Last sign-in',
    serverSortable: true,
    cell: (user) => formatDateTime(user.last_login_at),
  },
  { id: 'organization', header: 'Organization', cell: (user) => user.organization_name ?? '—' },
  {
    id: 'status',
    header: 'Status',
    cell: (user) => (
      <span className={`badge ${user.is_active ? 'badge-success' : 'badge-ghost'}`}>
        {user.is_active ? 'Active' : 'Inactive'}
      </span>
    ),
  },
]
