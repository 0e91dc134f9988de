// The ACO's members and the admin's changes to them; the TINs offered are the organisation's active TINs.
import { tinCatalogSchema } from '@blueconsent/contract/invitations'
import { memberListSchema, memberSchema, type MemberUpdate } from '@blueconsent/contract/members'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

const membersKey = (orgId: string) => ['members', orgId] as const

export const useMembers = (orgId: string) =>
  useQuery({
    queryKey: membersKey(orgId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/organizations/${orgId}/members/`, { schema: memberListSchema, signal }),
  })

export const useActiveTins = (enabled: boolean) =>
  useQuery({
    queryKey: ['members', 'active-tins'],
    queryFn: ({ signal }) => apiClient.get('/api/invitations/tins/', { schema: tinCatalogSchema, signal }),
    enabled,
  })

export function useMemberUpdate(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: MemberUpdate }) =>
      apiClient.patch(`/api/organizations/${orgId}/members/${userId}/`, change, { schema: memberSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(orgId) }),
  })
}
