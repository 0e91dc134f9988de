// POST /api/healthplans/requests/{id}/resend/: sends the consent link again (a fresh link; old ones stop working).
import { authorizationRequestSchema } from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const resendRequest = (requestId: string) =>
  apiClient.post(`/api/healthplans/requests/${requestId}/resend/`, undefined, {
    schema: authorizationRequestSchema,
  })

export function useResendRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendRequest,
    onSuccess: (request) => upsertRequestInLists(queryClient, request),
  })
}
