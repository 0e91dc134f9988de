// GET /api/healthplans/requests/{id}/data/: medications, claims and the risk score of an approved request.
import { requestDataSchema } from '@blueconsent/contract/patients'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { isApiError } from '../../../lib/api-error.ts'
import { authorizationKeys } from './keys.ts'

export const fetchRequestData = (requestId: string, signal?: AbortSignal) =>
  apiClient.get(`/api/healthplans/requests/${requestId}/data/`, { schema: requestDataSchema, signal })

export const requestDataQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: authorizationKeys.data(requestId),
    queryFn: ({ signal }) => fetchRequestData(requestId, signal),
    // A 409 (not authorized, held for review) will not change by retrying now.
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
  })

export const useRequestData = (requestId: string | null) =>
  useQuery({ ...requestDataQueryOptions(requestId ?? ''), enabled: requestId != null })
