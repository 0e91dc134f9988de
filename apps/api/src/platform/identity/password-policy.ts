// Which new passwords are refused, as NIST SP 800-63B asks of a verifier: at least the minimum length (the
// contract checks it), and not a password found in lists of common and breached ones, nor one built from the
// account's own address or the service's name. No composition rules: they make passwords harder to remember
// without making them harder to guess.
import { MESSAGES } from '@blueconsent/contract/shared'
import { dictionary } from '@zxcvbn-ts/language-common'
import { fieldError } from '../errors.ts'
import { hashPassword } from './passwords.ts'

/** About 49,000 passwords ranked by how often they appear in breaches (the zxcvbn project's list). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'])
const SERVICE_WORDS = ['blueconsent', 'blue consent']

/** Lowercase, without the digits and symbols people pad a word with ('Password123!' → 'password'). */
const core = (value: string): string => value.toLowerCase().replace(/[^\p{L}]+/gu, '')

export type PasswordContext = { email?: string | null | undefined }

/** Why this password is refused, or null when it may be used. */
export function passwordWeakness(password: string, context: PasswordContext = {}): string | null {
  const lower = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(core(password))) return MESSAGES.passwordTooCommon
  const personal = [...SERVICE_WORDS]
  if (context.email)
    personal.push(context.email.toLowerCase(), context.email.split('@')[0]?.toLowerCase() ?? '')
  const words = personal.filter((word) => word.length >= 4)
  if (words.some((word) => lower === word || core(password) === core(word)))
    return MESSAGES.passwordTooPersonal
  return null
}

/**
 * Hashes a password someone chose, after refusing a weak one with a field error on `field` (the form field
 * it was typed into). Every place that sets a password goes through here.
 */
export async function hashNewPassword(
  password: string,
  field: string,
  context: PasswordContext = {},
): Promise<string> {
  const weakness = passwordWeakness(password, context)
  if (weakness) throw fieldError(field, weakness)
  return hashPassword(password)
}
