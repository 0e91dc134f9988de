// POST /api/healthplans/requests/{id}/renew/: a new request for the same patient (ACO and physician roles).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const renewRequest = (requestId: string) =>
  callEndpoint('authorization-requests.renew', { params: { id: requestId } })

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
