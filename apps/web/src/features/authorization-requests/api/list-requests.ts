// GET /api/healthplans/requests/: the user's own requests, or the organisation's with scope=organization.
import type { AuthorizationRequest, AuthorizationStatus } from '@blueconsent/contract/authorization-requests'
import { AUTHORIZATION, type Paginated } from '@blueconsent/contract/shared'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys, type RequestListParams } from './keys.ts'

/** The API's largest page. Paging, grouping and hiding happen in the browser, so the whole list is read. */
export const LIST_PAGE_SIZE = 100
/** A ceiling on pages read per load; a user with more than 1,000 requests sees the newest 1,000. */
export const LIST_MAX_PAGES = 10

const fetchPage = (params: RequestListParams, page: number, signal?: AbortSignal) =>
  callEndpoint('authorization-requests.list', {
    // The status filter is picked from AUTHORIZATION_STATUSES; the server refuses anything else.
    query: {
      ...params,
      status: params.status as AuthorizationStatus | undefined,
      page,
      page_size: LIST_PAGE_SIZE,
    },
    signal,
  })

/** Every page of the list (newest first), up to LIST_MAX_PAGES; `next` says whether more remained. */
export async function fetchRequests(
  params: RequestListParams,
  signal?: AbortSignal,
): Promise<Paginated<AuthorizationRequest>> {
  const first = await fetchPage(params, 1, signal)
  const results = [...first.results]
  let last = first
  for (let page = 2; last.next && page <= LIST_MAX_PAGES; page += 1) {
    last = await fetchPage(params, page, signal)
    results.push(...last.results)
  }
  return { count: first.count, next: last.next, previous: null, results }
}

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
