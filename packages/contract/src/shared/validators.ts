// Field validators and the exact messages users see. Used by forms and by the API.
import { z } from 'zod'
import { NAME_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts'
import { isUsStateCode } from './us-states.ts'

export const MESSAGES = {
  required: 'This field is required',
  phone: 'Please enter a valid phone number (e.g., (555) 123-4567)',
  postalCode: 'Please enter a valid postal code',
  name: 'Please enter a valid name',
  state: 'Please select a valid US state',
  patientId: 'Invalid patient ID format',
  email: 'Please enter a valid email address',
  loginRequired: 'Please enter both email and password.',
  passwordMinReset: 'Password must be at least 8 characters long',
  passwordMinChange: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordTooCommon:
    'This password is one of the most common ones and easy to guess. Choose another, such as a few unrelated words.',
  passwordTooPersonal: 'Your password must not be your email address or the name of this service.',
} as const

/** Optional +1, then 10 digits with optional separators: '(555) 123-4567', '555.123.4567', '+1 555 123 4567'. */
export const PHONE_PATTERN = /^(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/
/** The authorization form's input pattern. */
export const AUTHORIZATION_PHONE_PATTERN = /^\(\d{3}\)\s?\d{3}-\d{4}$/
export const US_POSTAL_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/
export const CANADIAN_POSTAL_CODE_PATTERN = /^[A-Za-z]\d[A-Za-z][\s-]?\d[A-Za-z]\d$/
/** Letters (any script), spaces, apostrophes and hyphens. */
export const NAME_PATTERN = /^[\p{L}\s'-]+$/u
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const STATE_CODE_PATTERN = /^[A-Z]{2}$/

export const isValidPhone = (value: string): boolean => PHONE_PATTERN.test(value.trim())
export const isValidPostalCode = (value: string): boolean =>
  US_POSTAL_CODE_PATTERN.test(value.trim()) || CANADIAN_POSTAL_CODE_PATTERN.test(value.trim())
export const isValidName = (value: string): boolean => {
  const trimmed = value.trim()
  return trimmed.length >= NAME_LENGTH.min && trimmed.length <= NAME_LENGTH.max && NAME_PATTERN.test(trimmed)
}
export const isValidState = (value: string): boolean => STATE_CODE_PATTERN.test(value) && isUsStateCode(value)
export const isValidPatientId = (value: string): boolean => UUID_PATTERN.test(value)

/** Digits only, at most 10 (a leading US country code is dropped). */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return national.slice(0, 10)
}

/** Formats as the user types: '5551234567' → '(555) 123-4567'. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value)
  if (digits.length === 0) return ''
  if (digits.length <= 3) return `(${digits}`
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** E.164 for a US number, as SMS providers want it. */
export const toE164 = (value: string): string => `+1${phoneDigits(value)}`

export const requiredString = (message: string = MESSAGES.required) => z.string().trim().min(1, message)
export const phoneSchema = z.string().trim().refine(isValidPhone, MESSAGES.phone)
export const postalCodeSchema = z.string().trim().refine(isValidPostalCode, MESSAGES.postalCode)
export const nameSchema = z.string().trim().refine(isValidName, MESSAGES.name)
export const stateSchema = z.string().refine(isValidState, MESSAGES.state)
export const patientIdSchema = z.string().regex(UUID_PATTERN, MESSAGES.patientId)
export const emailSchema = z.string().trim().toLowerCase().email(MESSAGES.email).max(254)
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMinReset).max(256)
