// Data Access reads the sets behind the dashboard's figures from the request list
// (GET /api/healthplans/requests/?attention=…, the figure's own condition on the server) and acts on them:
// renew an ending authorization, send a waiting request again, start a failed pull again.
import {
  authorizationRequestSchema,
  type RequestAttention,
} from '@blueconsent/contract/authorization-requests'
import { paginated } from '@blueconsent/contract/shared'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

/** The most rows one set shows; the figure above it says when there are more. */
export const ATTENTION_PAGE_SIZE = 100
const listSchema = paginated(authorizationRequestSchema)
const dataAccessKey = ['data-access'] as const

export const attentionQueryOptions = (set: RequestAttention) =>
  queryOptions({
    queryKey: [...dataAccessKey, set],
    queryFn: ({ signal }) =>
      apiClient.get('/api/healthplans/requests/', {
        schema: listSchema,
        query: { attention: set, page_size: ATTENTION_PAGE_SIZE },
        signal,
      }),
  })

export type DataAccessAction = 'renew' | 'resend' | 'retry-pull'

/** One action on one request; every set and the dashboard's figures are read again after it. */
export function useDataAccessAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, action }: { requestId: string; action: DataAccessAction }) =>
      apiClient.post(`/api/healthplans/requests/${requestId}/${action}/`, undefined, {
        schema: authorizationRequestSchema,
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataAccessKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ])
    },
  })
}
