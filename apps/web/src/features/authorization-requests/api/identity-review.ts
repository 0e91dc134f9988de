// POST /api/healthplans/requests/{id}/identity-review/: an admin confirms or rejects a flagged identity mismatch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'
import { upsertRequestInLists } from './list-requests.ts'

export type IdentityDecision = 'confirm' | 'reject'

export const decideIdentityReview = ({
  requestId,
  decision,
  reason,
}: {
  requestId: string
  decision: IdentityDecision
  reason: string
}) =>
  callEndpoint('authorization-requests.identityReview', {
    params: { id: requestId },
    body: { decision, reason },
  })

export function useIdentityReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideIdentityReview,
    onSuccess: async (request) => {
      upsertRequestInLists(queryClient, request)
      await queryClient.invalidateQueries({ queryKey: authorizationKeys.all })
    },
  })
}
