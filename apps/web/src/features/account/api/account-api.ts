// The signed-in user's profile, address and preferences (account feature of the API).
import {
  MY_PROFILE_ID,
  type Address,
  type AddressInput,
  type Preferences,
  type PreferencesUpdate,
  type Profile,
  type ProfileUpdate,
} from '@blueconsent/contract/account'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../lib/endpoints.ts'

export const PROFILE_KEY = ['account', 'profile'] as const
export const PREFERENCES_KEY = ['account', 'preferences'] as const

export const useMyProfile = () =>
  useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => callEndpoint('account.profile', { params: { id: MY_PROFILE_ID }, signal }),
  })

export const useMyPreferences = () =>
  useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => callEndpoint('account.preferences', { signal }),
  })

export const updateMyProfile = (change: ProfileUpdate): Promise<Profile> =>
  callEndpoint('account.updateProfile', { params: { id: MY_PROFILE_ID }, body: change })

/** One address per user: create it the first time, then update it in place. */
export const saveMyAddress = (existing: Address | null, input: AddressInput): Promise<Address> =>
  existing
    ? callEndpoint('account.updateAddress', { params: { id: existing.id }, body: input })
    : callEndpoint('account.createAddress', { body: input })

export const updateMyPreferences = (change: PreferencesUpdate): Promise<Preferences> =>
  callEndpoint('account.updatePreferences', { body: change })

/** Keeps the cached profile in step with what the server answered (or the rollback). */
export function useProfileCache() {
  const queryClient = useQueryClient()
  return {
    set: (profile: Profile) => queryClient.setQueryData(PROFILE_KEY, profile),
    setAddress: (address: Address | null) =>
      queryClient.setQueryData<Profile>(PROFILE_KEY, (profile) =>
        profile ? { ...profile, address } : profile,
      ),
  }
}
