// The admin support inbox's calls. Every action answers the request as it now is: it replaces the cached
// detail, and the lists are refetched so the status and assignee columns follow.
import {
  SUPPORT_INBOX_PATH,
  supportAdminListSchema,
  supportInboxListSchema,
  supportRequestDetailSchema,
  type SupportRequestDetail,
  type SupportStatus,
} from '@blueconsent/contract/support'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

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
      apiClient.get(SUPPORT_INBOX_PATH, {
        schema: supportInboxListSchema,
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
    queryFn: ({ signal }) =>
      apiClient.get(`${SUPPORT_INBOX_PATH}admins/`, { schema: supportAdminListSchema, signal }),
  })

export const useSupportRequest = (id: string) =>
  useQuery({
    queryKey: inboxKeys.detail(id),
    queryFn: ({ signal }) =>
      apiClient.get(`${SUPPORT_INBOX_PATH}${id}/`, { schema: supportRequestDetailSchema, signal }),
  })

export type InboxAction =
  | { kind: 'assign'; assigneeId: string | null }
  | { kind: 'reply'; body: string }
  | { kind: 'close' }
  | { kind: 'reopen' }

function send(id: string, action: InboxAction): Promise<SupportRequestDetail> {
  const url = `${SUPPORT_INBOX_PATH}${id}/`
  const schema = supportRequestDetailSchema
  switch (action.kind) {
    case 'assign':
      return apiClient.post(`${url}assign/`, { assignee_id: action.assigneeId }, { schema })
    case 'reply':
      return apiClient.post(`${url}reply/`, { body: action.body }, { schema })
    case 'close':
    case 'reopen':
      return apiClient.post(`${url}${action.kind}/`, undefined, { schema })
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
