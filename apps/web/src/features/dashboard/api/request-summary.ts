// The dashboard's numbers come from the request list itself (GET /api/healthplans/requests/): the
// organisation's for admin roles, the user's own otherwise; one large page, counted in the browser.
import {
  AUTHORIZATION,
  authorizationRequestSchema,
  isAdminRole,
  paginated,
  type Role,
} from '@blueconsent/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export const SUMMARY_PAGE_SIZE = 200
const listSchema = paginated(authorizationRequestSchema)

export type SummaryScope = 'organization' | 'own'
export const summaryScopeFor = (role: Role): SummaryScope => (isAdminRole(role) ? 'organization' : 'own')

export const fetchRequestSummary = (scope: SummaryScope, signal?: AbortSignal) =>
  apiClient.get('/api/healthplans/requests/', {
    schema: listSchema,
    query: { page_size: SUMMARY_PAGE_SIZE, ...(scope === 'organization' ? { scope: 'organization' } : {}) },
    signal,
  })

// Shares the authorization feature's key prefix so its mutations refresh these numbers too.
export const requestSummaryQueryOptions = (scope: SummaryScope) =>
  queryOptions({
    queryKey: ['authorization-requests', 'list', 'dashboard-summary', scope],
    queryFn: ({ signal }) => fetchRequestSummary(scope, signal),
    refetchInterval: AUTHORIZATION.listRefreshMs,
  })

export const useRequestSummary = (role: Role, enabled: boolean) =>
  useQuery({ ...requestSummaryQueryOptions(summaryScopeFor(role)), enabled })
