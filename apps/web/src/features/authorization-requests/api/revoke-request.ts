// POST /api/healthplans/requests/{id}/revoke/: cancels a pending request or revokes an authorized one.
import { authorizationRequestSchema } from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const revokeRequest = (requestId: string) =>
  apiClient.post(`/api/healthplans/requests/${requestId}/revoke/`, undefined, {
    schema: authorizationRequestSchema,
  })

export function useRevokeRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeRequest,
    // The returned request replaces the old one in the list.
    onSuccess: (request) => upsertRequestInLists(queryClient, request),
  })
}
