// The dashboard's numbers come from the request list itself (GET /api/healthplans/requests/): the
// organisation's for admin roles, the user's own otherwise; every page read (up to a ceiling) and counted in the browser.
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import { AUTHORIZATION, isAdminRole, type Paginated, type Role } from '@blueconsent/contract/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

/** The API's largest page, and how many pages the numbers read at most. */
export const SUMMARY_PAGE_SIZE = 100
export const SUMMARY_MAX_PAGES = 10

export type SummaryScope = 'organization' | 'own'
export const summaryScopeFor = (role: Role): SummaryScope => (isAdminRole(role) ? 'organization' : 'own')

const fetchPage = (scope: SummaryScope, page: number, signal?: AbortSignal) =>
  callEndpoint('authorization-requests.list', {
    query: {
      page,
      page_size: SUMMARY_PAGE_SIZE,
      ...(scope === 'organization' ? { scope: 'organization' } : {}),
    },
    signal,
  })

/** Every request in scope, up to SUMMARY_MAX_PAGES pages; `count` is the server's total. */
export async function fetchRequestSummary(
  scope: SummaryScope,
  signal?: AbortSignal,
): Promise<Paginated<AuthorizationRequest>> {
  const first = await fetchPage(scope, 1, signal)
  const results = [...first.results]
  let last = first
  for (let page = 2; last.next && page <= SUMMARY_MAX_PAGES; page += 1) {
    last = await fetchPage(scope, page, signal)
    results.push(...last.results)
  }
  return { count: first.count, next: last.next, previous: null, results }
}

// Shares the authorization feature's key prefix so its mutations refresh these numbers too.
export const requestSummaryQueryOptions = (scope: SummaryScope) =>
  queryOptions({
    queryKey: ['authorization-requests', 'list', 'dashboard-summary', scope],
    queryFn: ({ signal }) => fetchRequestSummary(scope, signal),
    refetchInterval: AUTHORIZATION.listRefreshMs,
  })

export const useRequestSummary = (role: Role, enabled: boolean) =>
  useQuery({ ...requestSummaryQueryOptions(summaryScopeFor(role)), enabled })
