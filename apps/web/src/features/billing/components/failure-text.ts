import { isApiError } from '@/lib/api-error.ts'

/**
 * The server's words when it gave some (its detail, else the first field error: a refused return address, an
 * address that already has an account), else the fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback
  if (error.detail) return error.detail
  const firstFieldError = Object.values(error.fieldErrors ?? {}).find((messages) => messages.length > 0)?.[0]
  return firstFieldError ?? fallback
}
