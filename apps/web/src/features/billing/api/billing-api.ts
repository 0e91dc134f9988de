// Billing calls (spec 2 §7 'Billing'). The account is read from the individual path and, when that fails,
// from the team path; every change refreshes it.
import {
  BILLING_PATHS,
  billingAccountSchema,
  billingActionResponseSchema,
  checkoutResponseSchema,
  paymentMethodListSchema,
  paymentMethodSetupSchema,
  seatChangeResponseSchema,
  teamInvitationResponseSchema,
  teamInvitationVerifySchema,
  type BillingAccount,
  type TeamSignup,
} from '@blueconsent/contract/billing'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'
import { isApiError } from '../../../lib/api-error.ts'

export const BILLING_KEY = ['billing', 'account'] as const
export const PAYMENT_METHODS_KEY = ['billing', 'payment-methods'] as const

export type BillingPath = 'individual' | 'team'
export type LoadedBilling = { path: BillingPath; account: BillingAccount | null }

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 404

/** Individual first, team on failure; 404 on the path that fits means there is no subscription yet. */
async function loadBilling(signal: AbortSignal): Promise<LoadedBilling> {
  try {
    return {
      path: 'individual',
      account: await apiClient.get(BILLING_PATHS.individual, { schema: billingAccountSchema, signal }),
    }
  } catch (individualError) {
    try {
      return {
        path: 'team',
        account: await apiClient.get(BILLING_PATHS.team, { schema: billingAccountSchema, signal }),
      }
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
  apiClient.post(BILLING_PATHS[path], { action: 'cancel' }, { schema: billingActionResponseSchema })

export const openCustomerPortal = (path: BillingPath, returnUrl: string) =>
  apiClient.post(
    BILLING_PATHS[path],
    { action: 'customer_portal', return_url: returnUrl },
    { schema: billingActionResponseSchema },
  )

export const startIndividualCheckout = (origin: string) =>
  apiClient.post(
    BILLING_PATHS.checkout,
    { success_url: `${origin}/billing/success`, cancel_url: `${origin}/billing/cancel` },
    { schema: checkoutResponseSchema },
  )

export const startTeamSignup = (input: Omit<TeamSignup, 'success_url' | 'cancel_url'>, origin: string) =>
  apiClient.post(
    BILLING_PATHS.teamSignup,
    { ...input, success_url: `${origin}/billing/success`, cancel_url: `${origin}/billing/cancel` },
    { schema: checkoutResponseSchema },
  )

const verifyCheckoutSchema = z.object({
  status: z.string(),
  payment_status: z.string().nullable().optional(),
  account: billingAccountSchema.nullable(),
})
export const verifyCheckout = (sessionId: string) =>
  apiClient.post(BILLING_PATHS.verifyCheckout, { session_id: sessionId }, { schema: verifyCheckoutSchema })

export const removeTeamMember = (userId: string) =>
  apiClient.post(BILLING_PATHS.seatsRemove, { user_id: userId }, { schema: seatChangeResponseSchema })

export const inviteTeamMember = (email: string, role: string) =>
  apiClient.post(
    BILLING_PATHS.teamInvitationCreate,
    { email, role },
    { schema: teamInvitationResponseSchema },
  )

export const resendTeamInvitation = (invitationId: string) =>
  apiClient.post(BILLING_PATHS.teamInvitationResend, { invitation_id: invitationId })

export const verifyTeamInvitation = (token: string) =>
  apiClient.get(BILLING_PATHS.teamInvitationVerify(token), { schema: teamInvitationVerifySchema })

export const acceptTeamInvitation = (
  token: string,
  user: { first_name: string; last_name: string; password: string; password_confirm: string },
) => apiClient.post(BILLING_PATHS.teamInvitationAccept, { token, user })

export const usePaymentMethods = (enabled: boolean) =>
  useQuery({
    queryKey: PAYMENT_METHODS_KEY,
    queryFn: ({ signal }) =>
      apiClient.get(BILLING_PATHS.paymentMethods, { schema: paymentMethodListSchema, signal }),
    enabled,
  })

export const startCardSetup = (returnUrl: string) =>
  apiClient.post(
    BILLING_PATHS.paymentMethodSetup,
    { return_url: returnUrl },
    { schema: paymentMethodSetupSchema },
  )

export const makeDefaultCard = (id: string) => apiClient.post(BILLING_PATHS.paymentMethodDefault(id))
export const removeCard = (id: string) => apiClient.delete(BILLING_PATHS.paymentMethod(id))
