// Invitation calls: the admin's list and sending, and the invitee's public check and acceptance.
import {
  invitationAcceptedSchema,
  invitationBulkResultSchema,
  invitationListSchema,
  invitationSchema,
  invitationSentSchema,
  invitationVerifySchema,
  organizationOptionsSchema,
  tinCatalogSchema,
  type InvitationAccept,
  type InvitationBulk,
  type InvitationSend,
} from '@blueconsent/contract/invitations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

const invitationKeys = {
  list: ['invitations', 'list'] as const,
  tins: (organizationId: string | null) => ['invitations', 'tins', organizationId] as const,
  organizations: ['invitations', 'organizations'] as const,
}

export const useInvitations = () =>
  useQuery({
    queryKey: invitationKeys.list,
    queryFn: ({ signal }) => apiClient.get('/api/invitations/', { schema: invitationListSchema, signal }),
  })

export const useTinCatalog = (organizationId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: invitationKeys.tins(organizationId),
    queryFn: ({ signal }) =>
      apiClient.get('/api/invitations/tins/', {
        schema: tinCatalogSchema,
        query: { organization_id: organizationId ?? undefined },
        signal,
      }),
    enabled,
  })

/** The organisation pick-list; a failure leaves it empty rather than blocking the form. */
export const useOrganizationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: invitationKeys.organizations,
    queryFn: ({ signal }) =>
      apiClient
        .get('/api/organizations/', { schema: organizationOptionsSchema, signal })
        .catch(() => ({ results: [] })),
    enabled,
  })

function useListRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: invitationKeys.list })
}

export function useSendInvitation() {
  const refresh = useListRefresh()
  return useMutation({
    mutationFn: (body: InvitationSend) =>
      apiClient.post('/api/users/invitations/send/', body, { schema: invitationSentSchema }),
    onSuccess: refresh,
  })
}

export function useBulkInvitations() {
  const refresh = useListRefresh()
  return useMutation({
    mutationFn: (body: InvitationBulk) =>
      apiClient.post('/api/users/invitations/bulk/', body, { schema: invitationBulkResultSchema }),
    onSuccess: refresh,
  })
}

export function useInvitationAction() {
  const refresh = useListRefresh()
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'resend' | 'revoke'; id: string }) =>
      kind === 'resend'
        ? apiClient.post(
            `/api/users/invitations/${id}/resend/`,
            { invitation_id: id },
            { schema: invitationSchema },
          )
        : apiClient.delete(`/api/invitations/${id}/`),
    onSuccess: refresh,
  })
}

export const useVerifyInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitations', 'verify', token],
    queryFn: ({ signal }) =>
      apiClient.get(`/api/users/invitations/verify/${encodeURIComponent(token)}/`, {
        schema: invitationVerifySchema,
        public: true,
        signal,
      }),
    retry: false,
  })

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: InvitationAccept) =>
      apiClient.post(`/api/users/invitations/accept/${encodeURIComponent(token)}/`, body, {
        schema: invitationAcceptedSchema,
        public: true,
      }),
  })
