// POST /api/healthplans/requests/{id}/renew/: a new request for the same patient (ACO and physician roles).
import { authorizationRequestSchema } from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { authorizationKeys } from './keys.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const renewRequest = (requestId: string) =>
  apiClient.post(`/api/healthplans/requests/${requestId}/renew/`, undefined, {
    schema: authorizationRequestSchema,
  })

export function useRenewRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renewRequest,
    onSuccess: async (request) => {
      upsertRequestInLists(queryClient, request, true)
      await queryClient.invalidateQueries({ queryKey: authorizationKeys.lists() })
    },
  })
}
