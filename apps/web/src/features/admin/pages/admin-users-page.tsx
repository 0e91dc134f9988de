// /app/admin/users: find a user by name or email, narrow by role, organisation and status, and sort and page
// on the server. A row opens the user's details.
import { ADMIN_MESSAGES, type AdminUser } from '@blueconsent/contract/admin'
import { ROLES, ROLE_LABELS, type Role } from '@blueconsent/contract/shared'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Pager } from '../../../components/patient-data/pager.tsx'
import { pageCount } from '../../../components/patient-data/paging.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ariaSortOf, formatDateTime, nextOrdering, type SortColumn } from '../admin-model.ts'
import { ADMIN_PAGE_SIZE, useAdminOrganizations, useAdminUsers, type UserFilters } from '../api/admin-api.ts'
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
        <UserTable
          users={users.data.results}
          ordering={filters.ordering}
          onSort={(column) => change({ ordering: nextOrdering(filters.ordering, column) })}
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

type FiltersProps = { filters: UserFilters; onChange: (next: Partial<UserFilters>) => void }

function UserFiltersForm({ filters, onChange }: FiltersProps) {
  const id = useId()
  const organizations = useAdminOrganizations('', 1).data?.results ?? []
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
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="text-sm font-medium">
          Role
        </label>
        <select
          id={`${id}-role`}
          className="select"
          value={filters.role}
          onChange={(event) => onChange({ role: event.target.value as Role | '' })}
        >
          <option value="">All roles</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      {organizations.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-org`} className="text-sm font-medium">
            Organization
          </label>
          <select
            id={`${id}-org`}
            className="select"
            value={filters.organizationId}
            onChange={(event) => onChange({ organizationId: event.target.value })}
          >
            <option value="">All organizations</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          Status
        </label>
        <select
          id={`${id}-status`}
          className="select"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as UserFilters['status'] })}
        >
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
    </div>
  )
}

const COLUMNS: [SortColumn, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['role', 'Role'],
  ['last_login', 'Last sign-in'],
]

type TableProps = {
  users: readonly AdminUser[]
  ordering: UserFilters['ordering']
  onSort: (column: SortColumn) => void
}

function UserTable({ users, ordering, onSort }: TableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <caption className="sr-only">Users</caption>
        <thead className="text-base-content">
          <tr>
            {COLUMNS.map(([column, label]) => (
              <th key={column} scope="col" aria-sort={ariaSortOf(ordering, column)}>
                <button
                  type="button"
                  className="link link-hover font-semibold"
                  onClick={() => onSort(column)}
                >
                  {label}
                  <span aria-hidden="true">{sortMark(ariaSortOf(ordering, column))}</span>
                </button>
              </th>
            ))}
            <th scope="col">Organization</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <Link className="link" to={`/app/admin/users/${user.id}`}>
                  {`${user.first_name} ${user.last_name}`.trim() || user.email}
                </Link>
              </td>
              <td className="break-all">{user.email}</td>
              <td>{ROLE_LABELS[user.role]}</td>
              <td>{formatDateTime(user.last_login_at)}</td>
              <td>{user.organization_name ?? '—'}</td>
              <td>
                <span className={`badge ${user.is_active ? 'badge-success' : 'badge-ghost'}`}>
                  {user.is_active ? 'Active' : 'Inactive'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const sortMark = (sort: 'ascending' | 'descending' | 'none'): string =>
  sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''
