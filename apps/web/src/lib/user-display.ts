// How the shell names the signed-in user.
import { ROLE_LABELS, type Role } from '@blueconsent/contract/shared'

export type DisplayableUser = {
  first_name?: string | null
  last_name?: string | null
  full_name?: string | null
  email?: string | null
  role?: Role | null
}

const clean = (value: string | null | undefined): string => (value ?? '').trim()

/** First name, else full name, else the email's local part, else 'User'. */
export function displayFirstName(user: DisplayableUser | null | undefined): string {
  const first = clean(user?.first_name)
  if (first) return first
  const full = clean(user?.full_name)
  if (full) return full
  const local = clean(user?.email).split('@')[0] ?? ''
  return local || 'User'
}

/** Two letters from first and last name; else from the full name's words; else the email; else 'U'. */
export function userInitials(user: DisplayableUser | null | undefined): string {
  const first = clean(user?.first_name)
  const last = clean(user?.last_name)
  if (first || last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase()
  const words = clean(user?.full_name).split(/\s+/).filter(Boolean)
  if (words.length > 0)
    return `${words[0]?.charAt(0) ?? ''}${words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : ''}`.toUpperCase()
  const email = clean(user?.email)
  if (email) return email.charAt(0).toUpperCase()
  return 'U'
}

export const roleLabel = (role: Role | null | undefined): string => (role ? ROLE_LABELS[role] : '')
