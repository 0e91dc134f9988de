// POST /api/healthplans/requests/: the new request goes to the top of the list at once, then lists reload.
import type { CreateAuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'
import { upsertRequestInLists } from './list-requests.ts'

export const createRequest = (body: CreateAuthorizationRequest) =>
  callEndpoint('authorization-requests.create', { body })

export function useCreateRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRequest,
    onSuccess: async (request) => {
      upsertRequestInLists(queryClient, request, true)
      await queryClient.invalidateQueries({ queryKey: authorizationKeys.lists() })
    },
  })
}
