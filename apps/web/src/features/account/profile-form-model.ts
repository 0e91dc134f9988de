// The profile form's rules, apart from React: its values from a profile, whether they changed, their errors
// under the contract's validators, and what to send. The address is optional, but a started one is whole.
import {
  ACCOUNT_MESSAGES,
  addressInputSchema,
  profileUpdateSchema,
  type AddressInput,
  type Profile,
  type ProfileUpdate,
} from '@blueconsent/contract/account'
import type { Role } from '@blueconsent/contract/shared'
import { zodFieldErrors } from '@/lib/form-errors.ts'

export type ProfileFormValues = {
  first_name: string
  last_name: string
  street_address: string
  city: string
  state: string
  zip_code: string
  phone_number: string
}
export type ProfileFormField = keyof ProfileFormValues
export type ProfileFormErrors = Partial<Record<ProfileFormField, string>>

const ADDRESS_FIELDS = ['street_address', 'city', 'state', 'zip_code', 'phone_number'] as const

export function valuesOf(profile: Profile): ProfileFormValues {
  const address = profile.address
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    street_address: address?.street_address ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip_code: address?.zip_code ?? '',
    phone_number: address?.phone_number ?? '',
  }
}

export const namesChanged = (values: ProfileFormValues, loaded: ProfileFormValues): boolean =>
  values.first_name !== loaded.first_name || values.last_name !== loaded.last_name

export const addressChanged = (values: ProfileFormValues, loaded: ProfileFormValues): boolean =>
  ADDRESS_FIELDS.some((field) => values[field] !== loaded[field])

export const isDirty = (values: ProfileFormValues, loaded: ProfileFormValues): boolean =>
  namesChanged(values, loaded) || addressChanged(values, loaded)

const hasAddress = (values: ProfileFormValues): boolean =>
  ADDRESS_FIELDS.some((field) => values[field].trim() !== '')

export const namesOf = (values: ProfileFormValues): ProfileUpdate => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
})

export const addressOf = (values: ProfileFormValues): AddressInput => ({
  street_address: values.street_address,
  city: values.city,
  state: values.state,
  zip_code: values.zip_code,
  phone_number: values.phone_number,
})

/** Errors under the contract's own validators, so the form refuses what the server would. */
export function validate(values: ProfileFormValues): ProfileFormErrors {
  const names = profileUpdateSchema.safeParse(namesOf(values))
  const errors: ProfileFormErrors = names.success ? {} : zodFieldErrors(names.error)
  if (hasAddress(values)) {
    const address = addressInputSchema.safeParse(addressOf(values))
    if (!address.success) Object.assign(errors, zodFieldErrors(address.error))
  }
  return errors
}

export type SaveCheck = { ok: true } | { ok: false; message: string; suggestion?: string }

/** What stops a save before it is sent: nothing changed, an invalid field, or a save within the throttle. */
export function checkSave(
  values: ProfileFormValues,
  loaded: ProfileFormValues,
  lastSubmitAt: number | null,
  now: number,
  throttleMs: number,
): SaveCheck {
  if (!isDirty(values, loaded)) return { ok: false, message: ACCOUNT_MESSAGES.noChanges }
  if (Object.keys(validate(values)).length > 0)
    return {
      ok: false,
      message: ACCOUNT_MESSAGES.correctErrors,
      suggestion: ACCOUNT_MESSAGES.correctErrorsSuggestion,
    }
  if (lastSubmitAt !== null && now - lastSubmitAt < throttleMs)
    return { ok: false, message: ACCOUNT_MESSAGES.throttled }
  return { ok: true }
}

/** 'Back to Dashboard' goes to the dashboard named after the role's family (they all lead to the dashboard). */
export function profileDashboardPath(role: Role | null | undefined): string {
  const name = role ?? ''
  if (name.includes('AGENT')) return '/app/agent-dashboard'
  if (name.includes('PHYSICIAN')) return '/app/physician-dashboard'
  if (name.includes('ACO')) return '/app/aco-dashboard'
  if (name.includes('ADMIN')) return '/app/admin-dashboard'
  return '/app/dashboard'
}

/** 'Account Created' in en-US long form ('March 4, 2025'), or 'Unknown'. */
export function accountCreatedText(dateJoined: string | null | undefined): string {
  if (!dateJoined) return 'Unknown'
  const date = new Date(dateJoined)
  if (Number.isNaN(date.getTime())) return 'Unknown'
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}

/** The Invitations quick link is for platform administrators and ACO users only. */
export const showsInvitationsLink = (role: Role | null | undefined): boolean =>
  role === 'ADMIN' || (role ?? '').startsWith('ACO')
