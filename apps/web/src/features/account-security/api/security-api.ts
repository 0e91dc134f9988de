// The Security tab's calls: the user's two-factor, their sessions, their organisation's requirement.
import type { PasswordChange } from '@blueconsent/contract/auth'
import {
  TWO_FACTOR_PATHS,
  activeSessionListSchema,
  organizationSecuritySchema,
  recoveryCodesSchema,
  signedOutCountSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type TwoFactorReauth,
} from '@blueconsent/contract/two-factor'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

const statusKey = ['two-factor', 'status'] as const
const sessionsKey = ['sessions'] as const
const organizationKey = (orgId: string) => ['organization-security', orgId] as const

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) =>
      apiClient.get(TWO_FACTOR_PATHS.status, { schema: twoFactorStatusSchema, signal }),
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
  useTwoFactorMutation((password: string) =>
    apiClient.post(TWO_FACTOR_PATHS.setup, { password }, { schema: twoFactorSetupSchema }),
  )

export const useConfirmTwoFactor = () =>
  useTwoFactorMutation((code: string) =>
    apiClient.post(TWO_FACTOR_PATHS.confirm, { code }, { schema: recoveryCodesSchema }),
  )

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation((body: TwoFactorReauth) =>
    apiClient.post(TWO_FACTOR_PATHS.recoveryCodes, body, { schema: recoveryCodesSchema }),
  )

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorReauth) => apiClient.post(TWO_FACTOR_PATHS.disable, body))

export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      apiClient.get(TWO_FACTOR_PATHS.sessions, { schema: activeSessionListSchema, signal }),
  })

function useSessionMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  })
}

export const useSignOutOtherSessions = () =>
  useSessionMutation(() =>
    apiClient.post(TWO_FACTOR_PATHS.signOutOtherSessions, undefined, { schema: signedOutCountSchema }),
  )

export const useSignOutSession = () =>
  useSessionMutation((id: string) => apiClient.delete(TWO_FACTOR_PATHS.session(id)))

export const useOrganizationSecurity = (orgId: string | null) =>
  useQuery({
    queryKey: organizationKey(orgId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get(TWO_FACTOR_PATHS.organizationSecurity(orgId ?? ''), {
        schema: organizationSecuritySchema,
        signal,
      }),
    enabled: orgId !== null,
  })

export function useSetOrganizationSecurity(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiClient.put(
        TWO_FACTOR_PATHS.organizationSecurity(orgId),
        { require_two_factor: requireTwoFactor },
        { schema: organizationSecuritySchema },
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(organizationKey(orgId), data)
      return queryClient.invalidateQueries({ queryKey: statusKey })
    },
  })
}

/** POST /api/users/password-change/ (spec 2 §7 'Profile': change password). */
export const changePassword = (body: PasswordChange) =>
  apiClient.post<{ detail: string }>('/api/users/password-change/', body)
