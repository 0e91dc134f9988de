// The ACO's members and the admin's changes to them; the TINs offered are the organisation's active TINs.
import type { MemberUpdate } from '@blueconsent/contract/members'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../lib/endpoints.ts'

const membersKey = (orgId: string) => ['members', orgId] as const

export const useMembers = (orgId: string) =>
  useQuery({
    queryKey: membersKey(orgId),
    queryFn: ({ signal }) => callEndpoint('members.list', { params: { orgId }, signal }),
  })

export const useActiveTins = (enabled: boolean) =>
  useQuery({
    queryKey: ['members', 'active-tins'],
    queryFn: ({ signal }) => callEndpoint('invitations.tins', { signal }),
    enabled,
  })

export function useMemberUpdate(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: MemberUpdate }) =>
      callEndpoint('members.update', { params: { orgId, userId }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(orgId) }),
  })
}
