// Billing calls. The account is read from the individual path and, when that fails,
// from the team path; every change refreshes it.
import type { BillingAccount, TEAM_MEMBER_ROLES, TeamSignup } from '@blueconsent/contract/billing'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '../../../lib/api-error.ts'
import { callEndpoint, callEndpointUnparsed } from '../../../lib/endpoints.ts'

export const BILLING_KEY = ['billing', 'account'] as const
export const PAYMENT_METHODS_KEY = ['billing', 'payment-methods'] as const

export type BillingPath = 'individual' | 'team'
export type LoadedBilling = { path: BillingPath; account: BillingAccount | null }

const ACCOUNT_ENDPOINT = { individual: 'billing.individualAccount', team: 'billing.teamAccount' } as const
const ACTION_ENDPOINT = { individual: 'billing.individualAction', team: 'billing.teamAction' } as const

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 404

/** Individual first, team on failure; 404 on the path that fits means there is no subscription yet. */
async function loadBilling(signal: AbortSignal): Promise<LoadedBilling> {
  try {
    return { path: 'individual', account: await callEndpoint(ACCOUNT_ENDPOINT.individual, { signal }) }
  } catch (individualError) {
    try {
      return { path: 'team', account: await callEndpoint(ACCOUNT_ENDPOINT.team, { signal }) }
    } catch (teamError) {
      if (isNotFound(individualError) && isNotFound(teamError)) return { path: 'team', account: null }
      throw teamError
    }
  }
}

export const useBilling = () =>
  useQuery({ queryKey: BILLING_KEY, queryFn: ({ signal }) => loadBilling(signal) })

export function useRefreshBilling() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['billing'] })
}

export const cancelSubscription = (path: BillingPath) =>
  callEndpoint(ACTION_ENDPOINT[path], { body: { action: 'cancel' } })

export const openCustomerPortal = (path: BillingPath, returnUrl: string) =>
  callEndpoint(ACTION_ENDPOINT[path], { body: { action: 'customer_portal', return_url: returnUrl } })

export const startIndividualCheckout = (origin: string) =>
  callEndpoint('billing.checkout', {
    body: { success_url: `${origin}/billing/success`, cancel_url: `${origin}/billing/cancel` },
  })

export const startTeamSignup = (input: Omit<TeamSignup, 'success_url' | 'cancel_url'>, origin: string) =>
  callEndpoint('billing.teamSignup', {
    body: { ...input, success_url: `${origin}/billing/success`, cancel_url: `${origin}/billing/cancel` },
  })

export const verifyCheckout = (sessionId: string) =>
  callEndpoint('billing.verifyCheckout', { body: { session_id: sessionId } })

export const removeTeamMember = (userId: string) =>
  callEndpoint('billing.removeSeat', { body: { user_id: userId } })

export const inviteTeamMember = (email: string, role: (typeof TEAM_MEMBER_ROLES)[number]) =>
  callEndpoint('billing.createTeamInvitation', { body: { email, role } })

// Answers read for their status only, as the page says what happened in its own words.
export const resendTeamInvitation = (invitationId: string) =>
  callEndpointUnparsed('billing.resendTeamInvitation', { body: { invitation_id: invitationId } })

export const verifyTeamInvitation = (token: string) =>
  callEndpoint('billing.verifyTeamInvitation', { params: { token } })

export const acceptTeamInvitation = (
  token: string,
  user: { first_name: string; last_name: string; password: string; password_confirm: string },
) => callEndpoint('billing.acceptTeamInvitation', { body: { token, user } })

export const usePaymentMethods = (enabled: boolean) =>
  useQuery({
    queryKey: PAYMENT_METHODS_KEY,
    queryFn: ({ signal }) => callEndpoint('billing.paymentMethods', { signal }),
    enabled,
  })

export const startCardSetup = (returnUrl: string) =>
  callEndpoint('billing.setupPaymentMethod', { body: { return_url: returnUrl } })

export const makeDefaultCard = (id: string) =>
  callEndpointUnparsed('billing.setDefaultPaymentMethod', { params: { id } })
export const removeCard = (id: string) =>
  callEndpointUnparsed('billing.removePaymentMethod', { params: { id } })
