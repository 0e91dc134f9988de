// PostgreSQL cannot store U+0000 in text, so a NUL anywhere in what a caller sends would surface as a 500
// from deep inside a query. Every route is guarded here, once, before its own validation: a NUL in the
// body, the query string or a path parameter is a 400 in the contract's field-error shape. A route that must
// still count such a call (sign-in counts it toward the lockout) names what to do in `onNullCharacter`.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { FieldValidationError } from '../errors.ts'
import { NON_FIELD_ERRORS } from '@blueconsent/contract/shared'

export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Runs before a request carrying a NUL is refused; may throw its own error instead. */
    onNullCharacter?: (request: FastifyRequest) => Promise<void>
  }
}

/** Deep enough for any body the contract accepts; deeper nesting is refused by the schemas anyway. */
const MAX_DEPTH = 64

/** The top-level field that holds a NUL (or the non-field key when the value itself is a string), or null. */
export function fieldWithNullCharacter(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\0') ? NON_FIELD_ERRORS : null
  if (value === null || typeof value !== 'object') return null
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\0') || holdsNullCharacter(inner, 1)) return key.replaceAll('\0', '')
  }
  return null
}

function holdsNullCharacter(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\0') || holdsNullCharacter(inner, depth + 1),
  )
}

export function registerNullCharacterRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      fieldWithNullCharacter(request.params) ??
      fieldWithNullCharacter(request.query) ??
      fieldWithNullCharacter(request.body)
    if (field === null) return
    await request.routeOptions.config.onNullCharacter?.(request)
    throw new FieldValidationError({ [field === '' ? NON_FIELD_ERRORS : field]: [NULL_CHARACTER_MESSAGE] })
  })
}
