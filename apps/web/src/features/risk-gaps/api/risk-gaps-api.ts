// The worklist's server state: one page of gaps for the chosen filters, the filter options, a status change.
import type { RiskGapQueryInput, RiskGapStatusBody } from '@blueconsent/contract/risk-gaps'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, callEndpointUnparsed } from '../../../lib/endpoints.ts'

export type GapQuery = Record<string, string | number> & RiskGapQueryInput

export function useRiskGaps(query: GapQuery) {
  return useQuery({
    queryKey: ['risk-gaps', 'list', query],
    queryFn: ({ signal }) => callEndpoint('risk-gaps.list', { query, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useRiskGapFilters() {
  return useQuery({
    queryKey: ['risk-gaps', 'filters'],
    queryFn: ({ signal }) => callEndpoint('risk-gaps.filters', { signal }),
  })
}

export function useSetGapStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RiskGapStatusBody }) =>
      callEndpoint('risk-gaps.setStatus', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['risk-gaps', 'list'] }),
  })
}

export async function exportRiskGaps(query: GapQuery): Promise<string> {
  const body = await callEndpointUnparsed('risk-gaps.export', { query })
  return typeof body === 'string' ? body : JSON.stringify(body)
}
