// GET /api/healthplans/requests/{id}/status/: 'Check status'. Anything no longer pending reloads the whole list.
import {
  PENDING_AUTHORIZATION_STATUSES,
  authorizationStatusResponseSchema,
} from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { authorizationKeys } from './keys.ts'

export const fetchRequestStatus = (requestId: string) =>
  apiClient.get(`/api/healthplans/requests/${requestId}/status/`, {
    schema: authorizationStatusResponseSchema,
  })

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
