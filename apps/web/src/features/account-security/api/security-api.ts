// The Security tab's calls: the user's two-factor, their sessions, their organisation's requirement.
import type { PasswordChange } from '@blueconsent/contract/auth'
import type { TwoFactorReauth } from '@blueconsent/contract/two-factor'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'

// No common root: each key is the one its data has always been cached under.
export const securityKeys = {
  twoFactorStatus: () => ['two-factor', 'status'] as const,
  sessions: () => ['sessions'] as const,
  organization: (orgId: string) => ['organization-security', orgId] as const,
  authorizedApps: () => ['integrations', 'authorized-apps'] as const,
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.twoFactorStatus(),
    queryFn: ({ signal }) => callEndpoint('two-factor.status', { signal }),
  })

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions())

/** A mutation that refreshes the two-factor state once it settles (a wrong code may have locked it). */
function useTwoFactorMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactorStatus() }),
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

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => callEndpoint('two-factor.sessions', { signal }),
  })

export const useSessions = () => useQuery(sessionsQueryOptions())

function useSessionMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  })
}

export const useSignOutOtherSessions = () =>
  useSessionMutation(() => callEndpoint('two-factor.signOutOtherSessions'))

export const useSignOutSession = () =>
  useSessionMutation((id: string) => callEndpointUnparsed('two-factor.signOutSession', { params: { id } }))

export const organizationSecurityQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: securityKeys.organization(orgId),
    queryFn: ({ signal }) => callEndpoint('two-factor.organizationSecurity', { params: { orgId }, signal }),
  })

export const useOrganizationSecurity = (orgId: string | null) =>
  useQuery({ ...organizationSecurityQueryOptions(orgId ?? ''), enabled: orgId !== null })

export function useSetOrganizationSecurity(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      callEndpoint('two-factor.setOrganizationSecurity', {
        params: { orgId },
        body: { require_two_factor: requireTwoFactor },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(securityKeys.organization(orgId), data)
      return queryClient.invalidateQueries({ queryKey: securityKeys.twoFactorStatus() })
    },
  })
}

/** The third-party apps the user allowed into their account. */
export const authorizedAppsQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.authorizedApps(),
    queryFn: ({ signal }) => callEndpoint('integrations.authorizedApps', { signal }),
  })

export const useAuthorizedApps = () => useQuery(authorizedAppsQueryOptions())

export function useRevokeAuthorizedApp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (grantId: string) =>
      callEndpoint('integrations.revokeAuthorizedApp', { params: { id: grantId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.authorizedApps() }),
  })
}

/** The card says what happened in its own words: the answer is read for its status only. */
export const changePassword = (body: PasswordChange) => callEndpointUnparsed('passwords.change', { body })
