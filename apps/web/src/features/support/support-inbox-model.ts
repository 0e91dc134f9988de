// The support inbox's small rules, kept apart from the markup so they are tested on their own.
import { SUPPORT_STATUSES, type SupportStatus } from '@blueconsent/contract/support'
import { isApiError } from '@/lib/api-error.ts'

/** The inbox's status filter from the address (the dashboard links to ?status=new); anything else is 'all'. */
export const statusFromSearch = (value: string | null): SupportStatus | '' =>
  (SUPPORT_STATUSES as readonly string[]).includes(value ?? '') ? (value as SupportStatus) : ''

/** Who sent it, as one line: 'Name <address>' or the address alone. */
/** Who wrote: name and address, or that they left no address (a public request may). */
export function senderLine(name: string | null, email: string | null): string {
  if (email === null) return name ? `${name} (no email address)` : 'No email address given'
  return name ? `${name} <${email}>` : email
}

/** The server's own sentence for a refused action (a field error, a detail), else the fallback. */
export function inboxErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback
  return error.fieldMessage('body') ?? error.detail ?? error.nonFieldMessage ?? fallback
}

export { formatDateTime as formatWhen } from '@/lib/format.ts'
