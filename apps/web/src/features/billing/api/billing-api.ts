// Billing calls. The account is read from the individual path and, when that fails,
// from the team path; every change refreshes it.
import type { BillingAccount, TEAM_MEMBER_ROLES, TeamSignup } from '@blueconsent/contract/billing'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api-error.ts'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'

const ALL = ['billing'] as const
export const billingKeys = {
  all: ALL,
  account: () => [...ALL, 'account'] as const,
  paymentMethods: () => [...ALL, 'payment-methods'] as const,
  checkout: (sessionId: string) => [...ALL, 'verify-checkout', sessionId] as const,
  teamInvitation: (token: string) => [...ALL, 'team-invitation', token] as const,
}

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

export const billingQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.account(), queryFn: ({ signal }) => loadBilling(signal) })

export const useBilling = () => useQuery(billingQueryOptions())

export function useRefreshBilling() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all })
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

/** Whether Stripe completed the checkout the browser came back from. */
export const checkoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: () => verifyCheckout(sessionId),
    retry: 2,
  })

export const removeTeamMember = (userId: string) =>
  callEndpoint('billing.removeSeat', { body: { user_id: userId } })

export const inviteTeamMember = (email: string, role: (typeof TEAM_MEMBER_ROLES)[number]) =>
  callEndpoint('billing.createTeamInvitation', { body: { email, role } })

// Answers read for their status only, as the page says what happened in its own words.
export const resendTeamInvitation = (invitationId: string) =>
  callEndpointUnparsed('billing.resendTeamInvitation', { body: { invitation_id: invitationId } })

export const verifyTeamInvitation = (token: string) =>
  callEndpoint('billing.verifyTeamInvitation', { params: { token } })

// A refused token stays refused: the page says so at once rather than after retries.
export const teamInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: billingKeys.teamInvitation(token),
    queryFn: () => verifyTeamInvitation(token),
    retry: false,
  })

export const acceptTeamInvitation = (
  token: string,
  user: { first_name: string; last_name: string; password: string; password_confirm: string },
) => callEndpoint('billing.acceptTeamInvitation', { body: { token, user } })

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.paymentMethods(),
    queryFn: ({ signal }) => callEndpoint('billing.paymentMethods', { signal }),
  })

export const usePaymentMethods = (enabled: boolean) => useQuery({ ...paymentMethodsQueryOptions(), enabled })

export const startCardSetup = (returnUrl: string) =>
  callEndpoint('billing.setupPaymentMethod', { body: { return_url: returnUrl } })

export const makeDefaultCard = (id: string) =>
  callEndpointUnparsed('billing.setDefaultPaymentMethod', { params: { id } })
export const removeCard = (id: string) =>
  callEndpointUnparsed('billing.removePaymentMethod', { params: { id } })
