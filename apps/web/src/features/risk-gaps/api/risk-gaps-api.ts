// The worklist's server state: one page of gaps for the chosen filters, the filter options, a status change.
import {
  RISK_GAP_PATHS,
  riskGapFiltersSchema,
  riskGapListSchema,
  riskGapSchema,
  type RiskGapQueryInput,
  type RiskGapStatusBody,
} from '@blueconsent/contract/risk-gaps'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export type GapQuery = Record<string, string | number> & RiskGapQueryInput

export function useRiskGaps(query: GapQuery) {
  return useQuery({
    queryKey: ['risk-gaps', 'list', query],
    queryFn: ({ signal }) => apiClient.get(RISK_GAP_PATHS.list, { schema: riskGapListSchema, query, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useRiskGapFilters() {
  return useQuery({
    queryKey: ['risk-gaps', 'filters'],
    queryFn: ({ signal }) => apiClient.get(RISK_GAP_PATHS.filters, { schema: riskGapFiltersSchema, signal }),
  })
}

export function useSetGapStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RiskGapStatusBody }) =>
      apiClient.patch(RISK_GAP_PATHS.gap(id), body, { schema: riskGapSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['risk-gaps', 'list'] }),
  })
}

export async function exportRiskGaps(query: GapQuery): Promise<string> {
  const body = await apiClient.get<unknown>(RISK_GAP_PATHS.export, { query })
  return typeof body === 'string' ? body : JSON.stringify(body)
}
