// Data Access reads the sets behind the dashboard's figures from the request list
// (GET /api/healthplans/requests/?attention=…, the figure's own condition on the server) and acts on them:
// renew an ending authorization, send a waiting request again, start a failed pull again.
import type { RequestAttention } from '@blueconsent/contract/authorization-requests'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

/** The most rows one set shows; the figure above it says when there are more. */
export const ATTENTION_PAGE_SIZE = 100
const dataAccessKey = ['data-access'] as const

export const attentionQueryOptions = (set: RequestAttention) =>
  queryOptions({
    queryKey: [...dataAccessKey, set],
    queryFn: ({ signal }) =>
      callEndpoint('authorization-requests.list', {
        query: { attention: set, page_size: ATTENTION_PAGE_SIZE },
        signal,
      }),
  })

export type DataAccessAction = 'renew' | 'resend' | 'retry-pull'

const ACTION_ENDPOINTS = {
  renew: 'authorization-requests.renew',
  resend: 'authorization-requests.resend',
  'retry-pull': 'authorization-requests.retryPull',
} as const satisfies Record<DataAccessAction, string>

/** One action on one request; every set and the dashboard's figures are read again after it. */
export function useDataAccessAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, action }: { requestId: string; action: DataAccessAction }) =>
      callEndpoint(ACTION_ENDPOINTS[action], { params: { id: requestId } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataAccessKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ])
    },
  })
}
