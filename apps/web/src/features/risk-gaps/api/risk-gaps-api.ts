// The worklist's server state: one page of gaps for the chosen filters, the filter options, a status change.
import type { RiskGapQueryInput, RiskGapStatusBody } from '@blueconsent/contract/risk-gaps'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'

export type GapQuery = Record<string, string | number> & RiskGapQueryInput

const ALL = ['risk-gaps'] as const
export const riskGapKeys = {
  all: ALL,
  lists: () => [...ALL, 'list'] as const,
  list: (query: GapQuery) => [...riskGapKeys.lists(), query] as const,
  filters: () => [...ALL, 'filters'] as const,
}

export const riskGapsQueryOptions = (query: GapQuery) =>
  queryOptions({
    queryKey: riskGapKeys.list(query),
    queryFn: ({ signal }) => callEndpoint('risk-gaps.list', { query, signal }),
    placeholderData: keepPreviousData,
  })

export const useRiskGaps = (query: GapQuery) => useQuery(riskGapsQueryOptions(query))

export const riskGapFiltersQueryOptions = () =>
  queryOptions({
    queryKey: riskGapKeys.filters(),
    queryFn: ({ signal }) => callEndpoint('risk-gaps.filters', { signal }),
  })

export const useRiskGapFilters = () => useQuery(riskGapFiltersQueryOptions())

/** A changed status moves the gap between lists: every page and filter reloads. */
export function useSetGapStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RiskGapStatusBody }) =>
      callEndpoint('risk-gaps.setStatus', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: riskGapKeys.lists() }),
  })
}

export async function exportRiskGaps(query: GapQuery): Promise<string> {
  const body = await callEndpointUnparsed('risk-gaps.export', { query })
  return typeof body === 'string' ? body : JSON.stringify(body)
}
