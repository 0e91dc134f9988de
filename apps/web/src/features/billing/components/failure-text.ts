import { isApiError } from '../../../lib/api-error.ts'

/** The server's words when it gave some (spec 2 §8 'each prefers the server's detail'), else the fallback. */
export const failureText = (error: unknown, fallback: string): string =>
  isApiError(error) && error.detail ? error.detail : fallback
