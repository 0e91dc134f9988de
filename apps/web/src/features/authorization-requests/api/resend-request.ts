// POST /api/healthplans/requests/{id}/resend/: sends the consent link again (a fresh link; old ones stop working).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const resendRequest = (requestId: string) =>
  callEndpoint('authorization-requests.resend', { params: { id: requestId } })

export function useResendRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendRequest,
    onSuccess: (request) => upsertRequestInLists(queryClient, request),
  })
}
