// The Security tab's calls: the user's two-factor, their sessions, their organisation's requirement.
import type { PasswordChange } from '@blueconsent/contract/auth'
import type { TwoFactorReauth } from '@blueconsent/contract/two-factor'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, callEndpointUnparsed } from '../../../lib/endpoints.ts'

const statusKey = ['two-factor', 'status'] as const
const sessionsKey = ['sessions'] as const
const organizationKey = (orgId: string) => ['organization-security', orgId] as const

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callEndpoint('two-factor.status', { signal }),
  })

/** A mutation that refreshes the two-factor state once it settles (a wrong code may have locked it). */
function useTwoFactorMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  })
}

export const useSetUpTwoFactor = () =>
  useTwoFactorMutation((password: string) => callEndpoint('two-factor.setup', { body: { password } }))

export const useConfirmTwoFactor = () =>
  useTwoFactorMutation((code: string) => callEndpoint('two-factor.confirm', { body: { code } }))

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation((body: TwoFactorReauth) => callEndpoint('two-factor.recoveryCodes', { body }))

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorReauth) => callEndpointUnparsed('two-factor.disable', { body }))

export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => callEndpoint('two-factor.sessions', { signal }),
  })

function useSessionMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  })
}

export const useSignOutOtherSessions = () =>
  useSessionMutation(() => callEndpoint('two-factor.signOutOtherSessions'))

export const useSignOutSession = () =>
  useSessionMutation((id: string) => callEndpointUnparsed('two-factor.signOutSession', { params: { id } }))

export const useOrganizationSecurity = (orgId: string | null) =>
  useQuery({
    queryKey: organizationKey(orgId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint('two-factor.organizationSecurity', { params: { orgId: orgId ?? '' }, signal }),
    enabled: orgId !== null,
  })

export function useSetOrganizationSecurity(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      callEndpoint('two-factor.setOrganizationSecurity', {
        params: { orgId },
        body: { require_two_factor: requireTwoFactor },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(organizationKey(orgId), data)
      return queryClient.invalidateQueries({ queryKey: statusKey })
    },
  })
}

const authorizedAppsKey = ['integrations', 'authorized-apps'] as const

/** The third-party apps the user allowed into their account. */
export const useAuthorizedApps = () =>
  useQuery({
    queryKey: authorizedAppsKey,
    queryFn: ({ signal }) => callEndpoint('integrations.authorizedApps', { signal }),
  })

export function useRevokeAuthorizedApp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (grantId: string) =>
      callEndpoint('integrations.revokeAuthorizedApp', { params: { id: grantId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authorizedAppsKey }),
  })
}

/** The card says what happened in its own words: the answer is read for its status only. */
export const changePassword = (body: PasswordChange) => callEndpointUnparsed('passwords.change', { body })
