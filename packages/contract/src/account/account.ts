// The signed-in user's own record: profile, postal address and phone (Address), and the
// preferences that follow them between devices (Preferences, Theme). The messages are the ones users see.
import { z } from 'zod'
import { userSchema } from '../auth/index.ts'
import { THEMES } from '../shared/constants.ts'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'
import { formatPhone, isValidName, isValidPhone, isValidState } from '../shared/validators.ts'

/** The profile id `me` names the caller's own record. */
export const MY_PROFILE_ID = 'me'

export const ACCOUNT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameInvalid: 'Use letters, spaces, apostrophes and hyphens (at most 50 characters)',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateInvalid: 'Choose a state from the list',
  zipInvalid: 'Enter a 5-digit ZIP code or ZIP+4 (12345-6789)',
  phoneInvalid: 'Enter a 10-digit phone number, e.g. (555) 123-4567',
  profileUpdated: 'Profile updated successfully!',
  addressUpdated: 'Address updated successfully!',
  passwordChanged: 'Password changed successfully!',
  preferencesUpdated: 'Preferences saved',
  profileUpdateFailedTitle: 'Profile Update Failed',
  profileFetchFailed: 'Failed to fetch user profile',
  profileUpdateFailed: 'Failed to update profile',
  addressUpdateFailed: 'Failed to update address',
  passwordChangeFailed: 'Failed to change password. Please check your current password.',
  preferencesUpdateFailed: 'Failed to update preferences',
  changesDiscarded: 'Changes discarded',
  noChanges: 'No changes to save',
  correctErrors: 'Please correct the errors before saving',
  correctErrorsSuggestion: 'Check the fields marked in red.',
  throttled: 'Please wait before submitting again',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  passwordTooShort: 'Password must be at least 8 characters long',
  newPasswordsDoNotMatch: 'New passwords do not match',
  noAddress: 'No address on file',
} as const

const personName = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .refine((value) => value === '' || isValidName(value), ACCOUNT_MESSAGES.nameInvalid)

/** Only the names change here; the email is the sign-in identity and is read-only (ignored if sent). */
export const profileUpdateSchema = z.object({
  first_name: personName(ACCOUNT_MESSAGES.firstNameRequired),
  last_name: personName(ACCOUNT_MESSAGES.lastNameRequired),
})
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

export const ZIP_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/

const optionalPhone = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? '').trim())
  .refine((value) => value === '' || isValidPhone(value), ACCOUNT_MESSAGES.phoneInvalid)
  .transform((value) => (value === '' ? null : formatPhone(value)))

export const addressInputSchema = z.object({
  street_address: z.string().trim().min(1, ACCOUNT_MESSAGES.streetRequired).max(200),
  city: z.string().trim().min(1, ACCOUNT_MESSAGES.cityRequired).max(100),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => isValidState(value), ACCOUNT_MESSAGES.stateInvalid),
  zip_code: z.string().trim().max(10).regex(ZIP_CODE_PATTERN, ACCOUNT_MESSAGES.zipInvalid),
  phone_number: optionalPhone,
})
export type AddressInput = z.input<typeof addressInputSchema>

export const addressSchema = z.object({
  id: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone_number: z.string().nullable(),
  updated_at: z.string(),
})
export type Address = z.infer<typeof addressSchema>

export const profileSchema = userSchema.extend({ address: addressSchema.nullable() })
export type Profile = z.infer<typeof profileSchema>

export const themeSchema = z.enum(THEMES)

export const preferencesSchema = z.object({
  /** Null until the user picks one: the browser then follows the system's light or dark. */
  theme: themeSchema.nullable(),
  email_billing: z.boolean(),
  email_system: z.boolean(),
  email_security: z.boolean(),
})
export type Preferences = z.infer<typeof preferencesSchema>
export const preferencesUpdateSchema = preferencesSchema.partial()
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>

export const DEFAULT_PREFERENCES: Preferences = {
  theme: null,
  email_billing: true,
  email_system: true,
  email_security: true,
}

/** The kinds of optional email a user may switch off; account-security messages are not among them. */
export const OPTIONAL_EMAIL_KINDS = ['billing', 'system', 'security'] as const
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number]

/** Every route needs a signed-in user; whose record may be read is the server's rule. */
export const ACCOUNT_ENDPOINTS = {
  /** `me` or a user id: the caller's own profile, or a member's for their organisation's administrator. */
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:id/',
    access: 'SIGNED_IN',
    params: idParamsSchema,
    answers: { 200: profileSchema },
  }),
  updateProfile: defineEndpoint({
    method: 'PATCH',
    path: '/api/profiles/:id/',
    access: 'SIGNED_IN',
    params: idParamsSchema,
    body: profileUpdateSchema,
    answers: { 200: profileSchema },
  }),
  myAddress: defineEndpoint({
    method: 'GET',
    path: '/api/addresses/my_address/',
    access: 'SIGNED_IN',
    answers: { 200: addressSchema },
  }),
  userAddress: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/address/',
    access: 'SIGNED_IN',
    params: idParamsSchema,
    answers: { 200: addressSchema },
  }),
  createAddress: defineEndpoint({
    method: 'POST',
    path: '/api/addresses/',
    access: 'SIGNED_IN',
    body: addressInputSchema,
    answers: { 201: addressSchema },
  }),
  updateAddress: defineEndpoint({
    method: 'PUT',
    path: '/api/addresses/:id/',
    access: 'SIGNED_IN',
    params: idParamsSchema,
    body: addressInputSchema,
    answers: { 200: addressSchema },
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/preferences/me/',
    access: 'SIGNED_IN',
    answers: { 200: preferencesSchema },
  }),
  updatePreferences: defineEndpoint({
    method: 'PATCH',
    path: '/api/preferences/me/',
    access: 'SIGNED_IN',
    body: preferencesUpdateSchema,
    answers: { 200: preferencesSchema },
  }),
}
