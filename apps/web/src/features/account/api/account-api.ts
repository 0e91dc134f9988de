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
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['account'] as const
export const accountKeys = {
  all: ALL,
  profile: () => [...ALL, 'profile'] as const,
  preferences: () => [...ALL, 'preferences'] as const,
}

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => callEndpoint('account.profile', { params: { id: MY_PROFILE_ID }, signal }),
  })

export const useMyProfile = () => useQuery(myProfileQueryOptions())

export const myPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.preferences(),
    queryFn: ({ signal }) => callEndpoint('account.preferences', { signal }),
  })

export const useMyPreferences = () => useQuery(myPreferencesQueryOptions())

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
    set: (profile: Profile) => queryClient.setQueryData(accountKeys.profile(), profile),
    setAddress: (address: Address | null) =>
      queryClient.setQueryData<Profile>(accountKeys.profile(), (profile) =>
        profile ? { ...profile, address } : profile,
      ),
  }
}
