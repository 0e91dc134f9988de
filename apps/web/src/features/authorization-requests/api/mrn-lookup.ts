// GET /api/healthplans/requests/lookup/?mrn=: the MRN blur check.
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'

export const lookupMrn = (mrn: string) => callEndpoint('authorization-requests.lookup', { query: { mrn } })

// Never cached: a request created a second ago must count.
export const mrnLookupQueryOptions = (mrn: string) =>
  queryOptions({
    queryKey: authorizationKeys.mrnLookup(mrn),
    queryFn: () => lookupMrn(mrn),
    staleTime: 0,
    retry: false,
  })

export function useMrnLookup() {
  const queryClient = useQueryClient()
  return useCallback((mrn: string) => queryClient.fetchQuery(mrnLookupQueryOptions(mrn)), [queryClient])
}
