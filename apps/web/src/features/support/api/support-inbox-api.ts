// The admin support inbox's calls. Every action answers the request as it now is: it replaces the cached
// detail, and the lists are refetched so the status and assignee columns follow.
import type { SupportRequestDetail, SupportStatus } from '@blueconsent/contract/support'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

export const INBOX_PAGE_SIZE = 25

export type InboxFilters = { status: SupportStatus | ''; assignee: string; page: number }

const ALL = ['support-inbox'] as const
export const inboxKeys = {
  all: ALL,
  lists: () => [...ALL, 'list'] as const,
  list: (filters: InboxFilters) => [...ALL, 'list', filters] as const,
  admins: () => [...ALL, 'admins'] as const,
  detail: (id: string) => [...ALL, 'detail', id] as const,
}

export const supportInboxQueryOptions = (filters: InboxFilters) =>
  queryOptions({
    queryKey: inboxKeys.list(filters),
    queryFn: ({ signal }) =>
      callEndpoint('support.inbox', {
        query: {
          status: filters.status || undefined,
          assignee: filters.assignee || undefined,
          page: filters.page,
          page_size: INBOX_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const useSupportInbox = (filters: InboxFilters) => useQuery(supportInboxQueryOptions(filters))

export const supportAdminsQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.admins(),
    queryFn: ({ signal }) => callEndpoint('support.inboxAdmins', { signal }),
  })

export const useSupportAdmins = () => useQuery(supportAdminsQueryOptions())

export const supportRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint('support.inboxRequest', { params: { id }, signal }),
  })

export const useSupportRequest = (id: string) => useQuery(supportRequestQueryOptions(id))

export type InboxAction =
  | { kind: 'assign'; assigneeId: string | null }
  | { kind: 'reply'; body: string }
  | { kind: 'close' }
  | { kind: 'reopen' }

function send(id: string, action: InboxAction): Promise<SupportRequestDetail> {
  const params = { id }
  switch (action.kind) {
    case 'assign':
      return callEndpoint('support.assign', { params, body: { assignee_id: action.assigneeId } })
    case 'reply':
      return callEndpoint('support.reply', { params, body: { body: action.body } })
    case 'close':
      return callEndpoint('support.close', { params })
    case 'reopen':
      return callEndpoint('support.reopen', { params })
  }
}

export function useInboxAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: InboxAction) => send(id, action),
    onSuccess: async (detail) => {
      queryClient.setQueryData(inboxKeys.detail(id), detail)
      await queryClient.invalidateQueries({ queryKey: inboxKeys.lists() })
    },
  })
}
