// The signed-in user's profile, address and preferences (account feature of the API).
import {
  ACCOUNT_PATHS,
  addressSchema,
  preferencesSchema,
  profileSchema,
  type Address,
  type AddressInput,
  type Preferences,
  type PreferencesUpdate,
  type Profile,
  type ProfileUpdate,
} from '@blueconsent/contract/account'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export const PROFILE_KEY = ['account', 'profile'] as const
export const PREFERENCES_KEY = ['account', 'preferences'] as const

export const useMyProfile = () =>
  useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => apiClient.get(ACCOUNT_PATHS.myProfile, { schema: profileSchema, signal }),
  })

export const useMyPreferences = () =>
  useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) =>
      apiClient.get(ACCOUNT_PATHS.myPreferences, { schema: preferencesSchema, signal }),
  })

export const updateMyProfile = (change: ProfileUpdate): Promise<Profile> =>
  apiClient.patch(ACCOUNT_PATHS.myProfile, change, { schema: profileSchema })

/** One address per user: create it the first time, then update it in place. */
export const saveMyAddress = (existing: Address | null, input: AddressInput): Promise<Address> =>
  existing
    ? apiClient.put(ACCOUNT_PATHS.address(existing.id), input, { schema: addressSchema })
    : apiClient.post(ACCOUNT_PATHS.addresses, input, { schema: addressSchema })

export const updateMyPreferences = (change: PreferencesUpdate): Promise<Preferences> =>
  apiClient.patch(ACCOUNT_PATHS.myPreferences, change, { schema: preferencesSchema })

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
