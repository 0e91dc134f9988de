// The ACO's members and the admin's changes to them; the TINs offered are the organisation's active TINs.
import type { MemberUpdate } from '@blueconsent/contract/members'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['members'] as const
export const memberKeys = {
  all: ALL,
  list: (orgId: string) => [...ALL, orgId] as const,
  activeTins: () => [...ALL, 'active-tins'] as const,
}

export const membersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: memberKeys.list(orgId),
    queryFn: ({ signal }) => callEndpoint('members.list', { params: { orgId }, signal }),
  })

export const useMembers = (orgId: string) => useQuery(membersQueryOptions(orgId))

export const activeTinsQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.activeTins(),
    queryFn: ({ signal }) => callEndpoint('invitations.tins', { signal }),
  })

export const useActiveTins = (enabled: boolean) => useQuery({ ...activeTinsQueryOptions(), enabled })

export function useMemberUpdate(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: MemberUpdate }) =>
      callEndpoint('members.update', { params: { orgId, userId }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(orgId) }),
  })
}
