// Invitation calls: the admin's list and sending, and the invitee's public check and acceptance.
import type { InvitationAccept, InvitationBulk, InvitationSend } from '@blueconsent/contract/invitations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../lib/endpoints.ts'

const invitationKeys = {
  list: ['invitations', 'list'] as const,
  tins: (organizationId: string | null) => ['invitations', 'tins', organizationId] as const,
  organizations: ['invitations', 'organizations'] as const,
}

export const useInvitations = () =>
  useQuery({
    queryKey: invitationKeys.list,
    queryFn: ({ signal }) => callEndpoint('invitations.list', { signal }),
  })

export const useTinCatalog = (organizationId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: invitationKeys.tins(organizationId),
    queryFn: ({ signal }) =>
      callEndpoint('invitations.tins', { query: { organization_id: organizationId ?? undefined }, signal }),
    enabled,
  })

/** The organisation pick-list; a failure leaves it empty rather than blocking the form. */
export const useOrganizationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: invitationKeys.organizations,
    queryFn: ({ signal }) =>
      callEndpoint('invitations.organizations', { signal }).catch(() => ({ results: [] })),
    enabled,
  })

function useListRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: invitationKeys.list })
}

export function useSendInvitation() {
  const refresh = useListRefresh()
  return useMutation({
    mutationFn: (body: InvitationSend) => callEndpoint('invitations.send', { body }),
    onSuccess: refresh,
  })
}

export function useBulkInvitations() {
  const refresh = useListRefresh()
  return useMutation({
    mutationFn: (body: InvitationBulk) => callEndpoint('invitations.sendBulk', { body }),
    onSuccess: refresh,
  })
}

export function useInvitationAction() {
  const refresh = useListRefresh()
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'resend' | 'revoke'; id: string }) =>
      kind === 'resend'
        ? callEndpoint('invitations.resend', { params: { id }, body: { invitation_id: id } })
        : callEndpoint('invitations.revoke', { params: { id } }),
    onSuccess: refresh,
  })
}

export const useVerifyInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitations', 'verify', token],
    queryFn: ({ signal }) => callEndpoint('invitations.verify', { params: { token }, public: true, signal }),
    retry: false,
  })

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: InvitationAccept) =>
      callEndpoint('invitations.accept', { params: { token }, body, public: true }),
  })
