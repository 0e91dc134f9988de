// The admin support inbox's calls. Every action answers the request as it now is: it replaces the cached
// detail, and the lists are refetched so the status and assignee columns follow.
import type { SupportRequestDetail, SupportStatus } from '@blueconsent/contract/support'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../lib/endpoints.ts'

export const INBOX_PAGE_SIZE = 25

export type InboxFilters = { status: SupportStatus | ''; assignee: string; page: number }

const inboxKeys = {
  all: ['support-inbox'] as const,
  list: (filters: InboxFilters) => [...inboxKeys.all, 'list', filters] as const,
  admins: () => [...inboxKeys.all, 'admins'] as const,
  detail: (id: string) => [...inboxKeys.all, 'detail', id] as const,
}

export const useSupportInbox = (filters: InboxFilters) =>
  useQuery({
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

export const useSupportAdmins = () =>
  useQuery({
    queryKey: inboxKeys.admins(),
    queryFn: ({ signal }) => callEndpoint('support.inboxAdmins', { signal }),
  })

export const useSupportRequest = (id: string) =>
  useQuery({
    queryKey: inboxKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint('support.inboxRequest', { params: { id }, signal }),
  })

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
      await queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'list'] })
    },
  })
}
