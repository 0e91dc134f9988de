// GET /api/healthplans/requests/lookup/?mrn=: the MRN blur check.
import { mrnLookupResponseSchema } from '@blueconsent/contract/authorization-requests'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiClient } from '../../../lib/api-client.ts'
import { authorizationKeys } from './keys.ts'

export const lookupMrn = (mrn: string) =>
  apiClient.get('/api/healthplans/requests/lookup/', { schema: mrnLookupResponseSchema, query: { mrn } })

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
