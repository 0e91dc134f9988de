// POST /api/healthplans/requests/{id}/identity-review/: an admin confirms or rejects a flagged identity mismatch.
import { authorizationRequestSchema } from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
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
  apiClient.post(
    `/api/healthplans/requests/${requestId}/identity-review/`,
    { decision, reason },
    { schema: authorizationRequestSchema },
  )

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
