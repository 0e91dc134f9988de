// GET /api/healthplans/requests/{id}/status/: 'Check status'. Anything no longer pending reloads the whole list.
import { PENDING_AUTHORIZATION_STATUSES } from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'

export const fetchRequestStatus = (requestId: string) =>
  callEndpoint('authorization-requests.status', { params: { id: requestId } })

export function useCheckStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fetchRequestStatus,
    onSuccess: async (result) => {
      if (!PENDING_AUTHORIZATION_STATUSES.includes(result.status)) {
        await queryClient.invalidateQueries({ queryKey: authorizationKeys.lists() })
      }
    },
  })
}
