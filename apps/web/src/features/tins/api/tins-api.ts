// The TIN registry's calls. The list is kept for 30 s (a registry changes rarely); every change the admin
// makes here invalidates it, so they always see their own change at once.
import { TIN_LIST_CACHE_MS } from '@blueconsent/contract/shared'
import type { BulkAttach, TinCreate, TinUpdate } from '@blueconsent/contract/tins'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

export type TinStatusFilter = 'active' | 'inactive' | 'all'
export type TinListFilters = { search: string; status: TinStatusFilter; page: number }

export const TIN_PAGE_SIZE = 25
export const TIN_PATIENT_PAGE_SIZE = 25

export const tinKeys = {
  all: (orgId: string) => ['tins', orgId] as const,
  list: (orgId: string, filters: TinListFilters) => [...tinKeys.all(orgId), 'list', filters] as const,
  summary: (orgId: string) => [...tinKeys.all(orgId), 'summary'] as const,
  patients: (orgId: string, tinId: string | null, page: number) =>
    [...tinKeys.all(orgId), 'patients', tinId ?? 'unassigned', page] as const,
}

const isActiveParam = (status: TinStatusFilter): 'true' | 'false' | undefined =>
  status === 'all' ? undefined : status === 'active' ? 'true' : 'false'

export const tinsQueryOptions = (orgId: string, filters: TinListFilters) =>
  queryOptions({
    queryKey: tinKeys.list(orgId, filters),
    queryFn: ({ signal }) =>
      callEndpoint('tins.list', {
        params: { orgId },
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

export const useTins = (orgId: string, filters: TinListFilters) => useQuery(tinsQueryOptions(orgId, filters))

export const tinSummaryQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: tinKeys.summary(orgId),
    queryFn: ({ signal }) => callEndpoint('tins.summary', { params: { orgId }, signal }),
    staleTime: TIN_LIST_CACHE_MS,
  })

export const useTinSummary = (orgId: string) => useQuery(tinSummaryQueryOptions(orgId))

/** One TIN's patients, or (tinId null) the organisation's patients under no TIN. */
export const registryPatientsQueryOptions = (orgId: string, tinId: string | null, page: number) =>
  queryOptions({
    queryKey: tinKeys.patients(orgId, tinId, page),
    queryFn: ({ signal }) => {
      const query = { page, page_size: TIN_PATIENT_PAGE_SIZE }
      return tinId === null
        ? callEndpoint('tins.unassignedPatients', { params: { orgId }, query, signal })
        : callEndpoint('tins.patients', { params: { orgId, id: tinId }, query, signal })
    },
    placeholderData: keepPreviousData,
  })

export const useRegistryPatients = (orgId: string, tinId: string | null, page: number, enabled = true) =>
  useQuery({ ...registryPatientsQueryOptions(orgId, tinId, page), enabled })

export type TinChange =
  | { kind: 'create'; body: TinCreate }
  | { kind: 'update'; tinId: string; body: TinUpdate }
  | { kind: 'deactivate'; tinId: string }
  | { kind: 'reactivate'; tinId: string }

function sendTinChange(orgId: string, change: TinChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return callEndpoint('tins.create', { params: { orgId }, body: change.body })
    case 'update':
      return callEndpoint('tins.update', { params: { orgId, id: change.tinId }, body: change.body })
    case 'deactivate':
      return callEndpoint('tins.deactivate', { params: { orgId, id: change.tinId } })
    case 'reactivate':
      return callEndpoint('tins.reactivate', { params: { orgId, id: change.tinId } })
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
      callEndpoint('tins.bulkAttach', { params: { orgId, id: tinId }, body }),
    onSuccess: invalidate,
  })
}

export function useReassignPatient(orgId: string) {
  const invalidate = useRegistryInvalidation(orgId)
  return useMutation({
    mutationFn: ({ patientId, tinId }: { patientId: string; tinId: string | null }) =>
      callEndpoint('tins.reassignPatient', { params: { orgId, patientId }, body: { tin_id: tinId } }),
    onSuccess: invalidate,
  })
}
