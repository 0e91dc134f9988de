// POST /api/healthplans/requests/{id}/revoke/: cancels a pending request or revokes an authorized one.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const revokeRequest = (requestId: string) =>
  callEndpoint('authorization-requests.revoke', { params: { id: requestId } })

export function useRevokeRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeRequest,
    // The returned request replaces the old one in the list.
    onSuccess: (request) => upsertRequestInLists(queryClient, request),
  })
}
