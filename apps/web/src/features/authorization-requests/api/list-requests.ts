// GET /api/healthplans/requests/: the user's own requests, or the organisation's with scope=organization.
import {
  AUTHORIZATION,
  authorizationRequestSchema,
  paginated,
  type AuthorizationRequest,
  type Paginated,
} from '@blueconsent/contract'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { authorizationKeys, type RequestListParams } from './keys.ts'

/** Paging, grouping and hiding happen in the browser (spec 1 §9), so one large page holds the whole list. */
export const LIST_FETCH_SIZE = 200

const listSchema = paginated(authorizationRequestSchema)

export const fetchRequests = (
  params: RequestListParams,
  signal?: AbortSignal,
): Promise<Paginated<AuthorizationRequest>> =>
  apiClient.get('/api/healthplans/requests/', {
    schema: listSchema,
    query: { ...params, page_size: LIST_FETCH_SIZE },
    signal,
  })

export const requestsQueryOptions = (params: RequestListParams = {}) =>
  queryOptions({
    queryKey: authorizationKeys.list(params),
    queryFn: ({ signal }) => fetchRequests(params, signal),
    refetchInterval: AUTHORIZATION.listRefreshMs,
    refetchOnMount: 'always',
  })

export const useRequests = (params: RequestListParams = {}) => useQuery(requestsQueryOptions(params))

/** Puts a returned request into every cached list: replaces it where present, else adds it at the top of own lists. */
export function upsertRequestInLists(
  queryClient: QueryClient,
  request: AuthorizationRequest,
  addWhenMissing = false,
): void {
  queryClient.setQueriesData<Paginated<AuthorizationRequest>>(
    { queryKey: authorizationKeys.lists() },
    (list) => {
      if (!list) return list
      const exists = list.results.some((item) => item.request_id === request.request_id)
      if (exists)
        return {
          ...list,
          results: list.results.map((item) => (item.request_id === request.request_id ? request : item)),
        }
      if (!addWhenMissing) return list
      return { ...list, count: list.count + 1, results: [request, ...list.results] }
    },
  )
}
