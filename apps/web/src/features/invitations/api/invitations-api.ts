// Invitation calls: the admin's list and sending, and the invitee's public check and acceptance.
import type { InvitationAccept, InvitationBulk, InvitationSend } from '@blueconsent/contract/invitations'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['invitations'] as const
export const invitationKeys = {
  all: ALL,
  list: () => [...ALL, 'list'] as const,
  tins: (organizationId: string | null) => [...ALL, 'tins', organizationId] as const,
  organizations: () => [...ALL, 'organizations'] as const,
  verify: (token: string) => [...ALL, 'verify', token] as const,
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationKeys.list(),
    queryFn: ({ signal }) => callEndpoint('invitations.list', { signal }),
  })

export const useInvitations = () => useQuery(invitationsQueryOptions())

export const tinCatalogQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: invitationKeys.tins(organizationId),
    queryFn: ({ signal }) =>
      callEndpoint('invitations.tins', { query: { organization_id: organizationId ?? undefined }, signal }),
  })

export const useTinCatalog = (organizationId: string | null, enabled: boolean) =>
  useQuery({ ...tinCatalogQueryOptions(organizationId), enabled })

/** The organisation pick-list; a failure leaves it empty rather than blocking the form. */
export const organizationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: invitationKeys.organizations(),
    queryFn: ({ signal }) =>
      callEndpoint('invitations.organizations', { signal }).catch(() => ({ results: [] })),
  })

export const useOrganizationOptions = (enabled: boolean) =>
  useQuery({ ...organizationOptionsQueryOptions(), enabled })

function useListRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() })
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

export const verifyInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.verify(token),
    queryFn: ({ signal }) => callEndpoint('invitations.verify', { params: { token }, public: true, signal }),
    retry: false,
  })

export const useVerifyInvitation = (token: string) => useQuery(verifyInvitationQueryOptions(token))

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: InvitationAccept) =>
      callEndpoint('invitations.accept', { params: { token }, body, public: true }),
  })
