// What a failed support request shows: field messages beside their fields and in a
// list, the first non-field error in an alert; otherwise the server's message or error (or its detail), else
// the fallback sentence.
import { SUPPORT_MESSAGES } from '@blueconsent/contract/support'
import { NON_FIELD_ERRORS_KEY, isApiError } from '@/lib/api-error.ts'

export type SupportFailure = { fields: Record<string, string[]>; alert: string | null }

function serverText(error: unknown): string {
  if (!isApiError(error) || error.kind !== 'http') return SUPPORT_MESSAGES.failed
  return error.serverMessage ?? error.detail ?? SUPPORT_MESSAGES.failed
}

export function supportFailure(error: unknown): SupportFailure {
  if (isApiError(error) && error.fieldErrors) {
    const { [NON_FIELD_ERRORS_KEY]: nonField = [], ...fields } = error.fieldErrors
    const hasFields = Object.keys(fields).length > 0
    return { fields, alert: nonField[0] ?? (hasFields ? null : serverText(error)) }
  }
  return { fields: {}, alert: serverText(error) }
}
