// The admin area's calls (people side). Every action reloads the user or organisation it changed and the
// lists, so the admin sees the result of their own change at once.
import {
  adminActionResultSchema,
  adminOrganizationListSchema,
  adminOrganizationSchema,
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  type AdminGroupsUpdate,
  type AdminOrganizationCreate,
  type AdminOrganizationUpdate,
  type AdminUserOrdering,
} from '@blueconsent/contract/admin'
import type { Role } from '@blueconsent/contract/shared'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export const ADMIN_PAGE_SIZE = 25

export type UserFilters = {
  search: string
  role: Role | ''
  status: 'active' | 'inactive' | ''
  organizationId: string
  ordering: AdminUserOrdering
  page: number
}

const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  users: (filters: UserFilters) => [...adminKeys.all, 'users', filters] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  organizations: (search: string, page: number) => [...adminKeys.all, 'organizations', search, page] as const,
}

export const useAdminOverview = () =>
  useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => apiClient.get('/api/admin/overview/', { schema: adminOverviewSchema, signal }),
  })

export const useAdminUsers = (filters: UserFilters) =>
  useQuery({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/users/', {
        schema: adminUserListSchema,
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

export const useAdminUser = (id: string) =>
  useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/admin/users/${id}/`, { schema: adminUserDetailSchema, signal }),
  })

export type UserAction =
  | { kind: 'role'; role: Role }
  | { kind: 'groups'; body: AdminGroupsUpdate }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'password-reset' }
  | { kind: 'verification' }

function sendUserAction(id: string, action: UserAction): Promise<unknown> {
  const url = `/api/admin/users/${id}/`
  switch (action.kind) {
    case 'role':
      return apiClient.patch(`${url}role/`, { role: action.role }, { schema: adminUserDetailSchema })
    case 'groups':
      return apiClient.put(`${url}groups/`, action.body, { schema: adminUserDetailSchema })
    case 'deactivate':
    case 'reactivate':
      return apiClient.post(`${url}${action.kind}/`, undefined, { schema: adminUserDetailSchema })
    case 'password-reset':
      return apiClient.post(`${url}send-password-reset/`, undefined, { schema: adminActionResultSchema })
    case 'verification':
      return apiClient.post(`${url}resend-verification/`, undefined, { schema: adminActionResultSchema })
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

export const useAdminOrganizations = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.organizations(search, page),
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/organizations/', {
        schema: adminOrganizationListSchema,
        query: { search: search || undefined, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export type OrganizationChange =
  | { kind: 'create'; body: AdminOrganizationCreate }
  | { kind: 'update'; id: string; body: AdminOrganizationUpdate }

export function useOrganizationChange() {
  const invalidate = useAdminInvalidation()
  return useMutation({
    mutationFn: (change: OrganizationChange) =>
      change.kind === 'create'
        ? apiClient.post('/api/admin/organizations/', change.body, { schema: adminOrganizationSchema })
        : apiClient.patch(`/api/admin/organizations/${change.id}/`, change.body, {
            schema: adminOrganizationSchema,
          }),
    onSuccess: invalidate,
  })
}
