// The TIN registry's calls. The list is kept for 30 s (a registry changes rarely); every change the admin
// makes here invalidates it, so they always see their own change at once.
import { TIN_LIST_CACHE_MS } from '@blueconsent/contract/shared'
import {
  bulkAttachResultSchema,
  tinListSchema,
  tinPatientListSchema,
  tinPatientSchema,
  tinSchema,
  tinSummarySchema,
  type BulkAttach,
  type TinCreate,
  type TinUpdate,
} from '@blueconsent/contract/tins'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export type TinStatusFilter = 'active' | 'inactive' | 'all'
export type TinListFilters = { search: string; status: TinStatusFilter; page: number }

export const TIN_PAGE_SIZE = 25
export const TIN_PATIENT_PAGE_SIZE = 25

const base = (orgId: string) => `/api/organizations/${orgId}/tins/`
const tinKeys = {
  all: (orgId: string) => ['tins', orgId] as const,
  list: (orgId: string, filters: TinListFilters) => [...tinKeys.all(orgId), 'list', filters] as const,
  summary: (orgId: string) => [...tinKeys.all(orgId), 'summary'] as const,
  patients: (orgId: string, tinId: string | null, page: number) =>
    [...tinKeys.all(orgId), 'patients', tinId ?? 'unassigned', page] as const,
}

const isActiveParam = (status: TinStatusFilter): string | undefined =>
  status === 'all' ? undefined : String(status === 'active')

export const useTins = (orgId: string, filters: TinListFilters) =>
  useQuery({
    queryKey: tinKeys.list(orgId, filters),
    queryFn: ({ signal }) =>
      apiClient.get(base(orgId), {
        schema: tinListSchema,
        query: {
          search: filters.search || undefined,
          is_active: isActiveParam(filters.status),
          page: filters.page,
          page_size: TIN_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: TIN_LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  })

export const useTinSummary = (orgId: string) =>
  useQuery({
    queryKey: tinKeys.summary(orgId),
    queryFn: ({ signal }) => apiClient.get(`${base(orgId)}summary/`, { schema: tinSummarySchema, signal }),
    staleTime: TIN_LIST_CACHE_MS,
  })

/** One TIN's patients, or (tinId null) the organisation's patients under no TIN. */
export const useRegistryPatients = (orgId: string, tinId: string | null, page: number, enabled = true) =>
  useQuery({
    queryKey: tinKeys.patients(orgId, tinId, page),
    queryFn: ({ signal }) =>
      apiClient.get(
        tinId === null
          ? `/api/organizations/${orgId}/patients/unassigned/`
          : `${base(orgId)}${tinId}/patients/`,
        { schema: tinPatientListSchema, query: { page, page_size: TIN_PATIENT_PAGE_SIZE }, signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  })

export type TinChange =
  | { kind: 'create'; body: TinCreate }
  | { kind: 'update'; tinId: string; body: TinUpdate }
  | { kind: 'deactivate'; tinId: string }
  | { kind: 'reactivate'; tinId: string }

function sendTinChange(orgId: string, change: TinChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return apiClient.post(base(orgId), change.body, { schema: tinSchema })
    case 'update':
      return apiClient.patch(`${base(orgId)}${change.tinId}/`, change.body, { schema: tinSchema })
    case 'deactivate':
      return apiClient.delete(`${base(orgId)}${change.tinId}/`)
    case 'reactivate':
      return apiClient.post(`${base(orgId)}${change.tinId}/reactivate/`, undefined, { schema: tinSchema })
  }
}

/** Any change to the registry reloads its lists and counts, whatever the cache's age. */
function useRegistryInvalidation(orgId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: tinKeys.all(orgId) })
}

export function useTinChange(orgId: string) {
  const invalidate = useRegistryInvalidation(orgId)
  return useMutation({
    mutationFn: (change: TinChange) => sendTinChange(orgId, change),
    onSuccess: invalidate,
  })
}

export function useBulkAttach(orgId: string) {
  const invalidate = useRegistryInvalidation(orgId)
  return useMutation({
    mutationFn: ({ tinId, body }: { tinId: string; body: BulkAttach }) =>
      apiClient.post(`${base(orgId)}${tinId}/bulk-attach-patients/`, body, {
        schema: bulkAttachResultSchema,
      }),
    onSuccess: invalidate,
  })
}

export function useReassignPatient(orgId: string) {
  const invalidate = useRegistryInvalidation(orgId)
  return useMutation({
    mutationFn: ({ patientId, tinId }: { patientId: string; tinId: string | null }) =>
      apiClient.patch(
        `/api/organizations/${orgId}/patients/${patientId}/tin/`,
        { tin_id: tinId },
        { schema: tinPatientSchema },
      ),
    onSuccess: invalidate,
  })
}
