// The setup wizard's calls, its copy in this browser (restored when younger than 30 days), and the
// subscription its last step reports.
import { type BillingAccount } from '@blueconsent/contract/billing'
import { isProgressFresh, setupStateSchema, type SetupState } from '@blueconsent/contract/setup'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { isApiError } from '@/lib/api-error.ts'
import { callEndpoint } from '@/lib/endpoints.ts'
import { readStored, writeStored } from '@/lib/storage.ts'

const ALL = ['setup'] as const
export const setupKeys = {
  all: ALL,
  progress: () => [...ALL, 'progress'] as const,
  subscription: () => [...ALL, 'subscription'] as const,
}

export const setupProgressQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.progress(),
    queryFn: ({ signal }) => callEndpoint('setup.progress', { signal }),
    retry: false,
  })

export const useSetupProgress = (enabled = true) => useQuery({ ...setupProgressQueryOptions(), enabled })

export const saveSetupProgress = (state: SetupState) =>
  callEndpoint('setup.saveProgress', { body: { state } })

export const completeSetup = (state: SetupState) => callEndpoint('setup.complete', { body: { state } })

export const lookupNpi = (npi: string) => callEndpoint('setup.npiLookup', { params: { npi } })

const localKey = (userId: string) => `setup_wizard_progress:${userId}`
const storedSchema = z.object({ savedAt: z.number(), state: setupStateSchema })

export function readLocalProgress(
  userId: string,
  now = Date.now(),
): { state: SetupState; savedAt: number } | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(readStored(localKey(userId)) ?? 'null'))
    if (!parsed.success) return null
    if (!isProgressFresh(parsed.data.savedAt, now)) {
      writeStored(localKey(userId), null)
      return null
    }
    return parsed.data
  } catch {
    return null
  }
}

export const writeLocalProgress = (userId: string, state: SetupState | null) =>
  writeStored(localKey(userId), state ? JSON.stringify({ savedAt: Date.now(), state }) : null)

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 404

/**
 * The organisation's subscription as Billing reads it (the individual account first, then the team's), so
 * the wizard's last step says what Billing says: null when there is no subscription yet.
 */
async function loadSubscription(signal: AbortSignal): Promise<BillingAccount | null> {
  try {
    return await callEndpoint('billing.individualAccount', { signal })
  } catch (individualError) {
    try {
      return await callEndpoint('billing.teamAccount', { signal })
    } catch (teamError) {
      if (isNotFound(individualError) && isNotFound(teamError)) return null
      throw teamError
    }
  }
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.subscription(),
    queryFn: ({ signal }) => loadSubscription(signal),
    retry: false,
  })

export const useSubscription = (enabled: boolean) => useQuery({ ...subscriptionQueryOptions(), enabled })
