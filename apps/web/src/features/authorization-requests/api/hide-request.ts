// POST /api/healthplans/requests/{id}/hide/: 'Clear My Requests', one call per shown request; and
// POST /api/healthplans/requests/unhide/: its Undo, and 'Show again' on hidden requests.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'

export const hideRequest = (requestId: string) =>
  callEndpointUnparsed('authorization-requests.hide', { params: { id: requestId } })

/** Hides every id; resolves with the ids the server accepted (the rest stay hidden locally only). */
export async function hideRequests(requestIds: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(requestIds.map((id) => hideRequest(id)))
  return requestIds.filter((_, index) => results[index]?.status === 'fulfilled')
}

export function useHideRequests() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: hideRequests,
    // The server leaves hidden requests out of the requester's list from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizationKeys.lists() }),
  })
}

export const unhideRequests = (requestIds: readonly string[]) =>
  callEndpoint('authorization-requests.unhide', { body: { request_ids: [...requestIds] } })

export function useUnhideRequests() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unhideRequests,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizationKeys.lists() }),
  })
}
