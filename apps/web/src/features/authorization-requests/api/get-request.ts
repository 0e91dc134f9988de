// GET /api/healthplans/requests/{id}/: one request, for a Data tab link whose request is not in the list
// (cleared, older than the list page, or opened from another page).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { retryServerErrors } from '@/lib/error-messages.ts'
import { authorizationKeys } from './keys.ts'

export const fetchRequest = (requestId: string, signal?: AbortSignal) =>
  callEndpoint('authorization-requests.read', { params: { id: requestId }, signal })

export const requestQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: authorizationKeys.detail(requestId),
    queryFn: ({ signal }) => fetchRequest(requestId, signal),
    retry: retryServerErrors,
  })

export const useRequest = (requestId: string | null, enabled: boolean) =>
  useQuery({ ...requestQueryOptions(requestId ?? ''), enabled: enabled && requestId != null })
