// POST /api/healthplans/requests/{id}/hide/: 'Clear My Requests' (spec 1 §9), one call per shown request.
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export const hideRequest = (requestId: string) =>
  apiClient.post<unknown>(`/api/healthplans/requests/${requestId}/hide/`)

/** Hides every id; resolves with the ids the server accepted (the rest stay hidden locally only). */
export async function hideRequests(requestIds: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(requestIds.map((id) => hideRequest(id)))
  return requestIds.filter((_, index) => results[index]?.status === 'fulfilled')
}

export const useHideRequests = () => useMutation({ mutationFn: hideRequests })
