// The admin area's calls (people side). Every action reloads the user or organisation it changed and the
// lists, so the admin sees the result of their own change at once.
import type {
  AdminGroupsUpdate,
  AdminOrganizationCreate,
  AdminOrganizationUpdate,
  AdminUserOrdering,
} from '@blueconsent/contract/admin'
import type { Role } from '@blueconsent/contract/shared'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

export const ADMIN_PAGE_SIZE = 25

export type UserFilters = {
  search: string
  role: Role | ''
  status: 'active' | 'inactive' | ''
  organizationId: string
  ordering: AdminUserOrdering
  page: number
}

const ALL = ['admin'] as const
export const adminKeys = {
  all: ALL,
  overview: () => [...ALL, 'overview'] as const,
  users: (filters: UserFilters) => [...ALL, 'users', filters] as const,
  user: (id: string) => [...ALL, 'user', id] as const,
  organizations: (search: string, page: number) => [...ALL, 'organizations', search, page] as const,
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => callEndpoint('admin.overview', { signal }),
  })

export const useAdminOverview = () => useQuery(adminOverviewQueryOptions())

export const adminUsersQueryOptions = (filters: UserFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) =>
      callEndpoint('admin.users', {
        query: {
          search: filters.search || undefined,
          role: filters.role || undefined,
          status: filters.status || undefined,
          organization_id: filters.organizationId || undefined,
          ordering: filters.ordering,
          page: filters.page,
          page_size: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const useAdminUsers = (filters: UserFilters) => useQuery(adminUsersQueryOptions(filters))

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => callEndpoint('admin.user', { params: { id }, signal }),
  })

export const useAdminUser = (id: string) => useQuery(adminUserQueryOptions(id))

export type UserAction =
  | { kind: 'role'; role: Role }
  | { kind: 'groups'; body: AdminGroupsUpdate }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'password-reset' }
  | { kind: 'verification' }

function sendUserAction(id: string, action: UserAction): Promise<unknown> {
  const params = { id }
  switch (action.kind) {
    case 'role':
      return callEndpoint('admin.changeRole', { params, body: { role: action.role } })
    case 'groups':
      return callEndpoint('admin.changeGroups', { params, body: action.body })
    case 'deactivate':
      return callEndpoint('admin.deactivateUser', { params })
    case 'reactivate':
      return callEndpoint('admin.reactivateUser', { params })
    case 'password-reset':
      return callEndpoint('admin.sendPasswordReset', { params })
    case 'verification':
      return callEndpoint('admin.resendVerification', { params })
  }
}

function useAdminInvalidation() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all })
}

export function useUserAction(id: string) {
  const invalidate = useAdminInvalidation()
  return useMutation({
    mutationFn: (action: UserAction) => sendUserAction(id, action),
    onSuccess: invalidate,
  })
}

export const adminOrganizationsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.organizations(search, page),
    queryFn: ({ signal }) =>
      callEndpoint('admin.organizations', {
        query: { search: search || undefined, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const useAdminOrganizations = (search: string, page: number) =>
  useQuery(adminOrganizationsQueryOptions(search, page))

export type OrganizationChange =
  | { kind: 'create'; body: AdminOrganizationCreate }
  | { kind: 'update'; id: string; body: AdminOrganizationUpdate }

export function useOrganizationChange() {
  const invalidate = useAdminInvalidation()
  return useMutation({
    mutationFn: (change: OrganizationChange) =>
      change.kind === 'create'
        ? callEndpoint('admin.createOrganization', { body: change.body })
        : callEndpoint('admin.updateOrganization', { params: { id: change.id }, body: change.body }),
    onSuccess: invalidate,
  })
}
