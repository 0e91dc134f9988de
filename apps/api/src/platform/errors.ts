// One error class and one handler producing the contract's envelope:
// 400 → {field: [messages], non_field_errors: [...]}; everything else → {detail, code}; 5xx never leaks.
import { NON_FIELD_ERRORS, type ErrorCode, type FieldErrors } from '@blueconsent/contract/shared'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
    this.name = 'AppError'
  }

  /** Fastify's name for the status: a plugin's own error handler (the stand-ins') reads this one. */
  get statusCode(): number {
    return this.status
  }
}

/** A DRF-style 400 with messages per field. */
export class FieldValidationError extends Error {
  constructor(readonly fields: FieldErrors) {
    super('Validation failed')
    this.name = 'FieldValidationError'
  }

  /** A 400 to any error handler, not only ours: the stand-ins mounted in this process have their own. */
  get statusCode(): number {
    return 400
  }
}

export const fieldError = (field: string, message: string): FieldValidationError =>
  new FieldValidationError({ [field]: [message] })

export const notAuthenticated = (): AppError =>
  new AppError(401, 'not_authenticated', 'Authentication credentials were not provided.')
export const permissionDenied = (): AppError =>
  new AppError(403, 'permission_denied', 'You do not have permission to perform this action.')
export const notFound = (): AppError => new AppError(404, 'not_found', 'Not found.')

const SERVER_ERROR_DETAIL = 'A server error occurred.'

type ValidationIssue = { instancePath?: string; message?: string }

/** Zod issue paths like `/password_confirm` become field names; an empty path is a non-field error. */
export function issuesToFieldErrors(issues: readonly ValidationIssue[]): FieldErrors {
  // A Map, so a field named like an inherited property (`constructor`, `__proto__`) is just a field.
  const fields = new Map<string, string[]>()
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] ?? ''
    const field = path === '' ? NON_FIELD_ERRORS : path
    const message = issue.message ?? 'Invalid value.'
    fields.set(field, [...(fields.get(field) ?? []), message])
  }
  return Object.fromEntries(fields)
}

function statusCodeOf(error: FastifyError): number {
  const status = error.statusCode ?? 500
  return status >= 400 && status < 600 ? status : 500
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'validation_error',
  415: 'validation_error',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'service_unavailable',
}

/**
 * What a broken unique constraint means to the caller, by constraint name: the answer the same request gets
 * when it arrives second, after the first one committed. Each feature declares its own (its index.ts), and
 * app.ts joins them into the one table the error handler reads.
 */
export type UniqueConflicts = ReadonlyMap<string, () => AppError | FieldValidationError>

const UNIQUE_VIOLATION = '23505'

/**
 * The unique constraint a database error broke, or null. Drizzle wraps the driver's error in `cause`; both
 * node-postgres and PGlite name the constraint on it.
 */
export function uniqueViolationOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === UNIQUE_VIOLATION)
      return typeof candidate.constraint === 'string' ? candidate.constraint : ''
    current = candidate.cause
  }
  return null
}

/** Two requests wrote the same unique value at once and no feature named a better answer. */
const concurrentConflict = (): AppError =>
  new AppError(409, 'conflict', 'This was just changed by another request. Please reload and try again.')

/** The answer for a unique violation: the feature's own when it declared one, else a plain 409. */
export function conflictFor(
  error: unknown,
  conflicts: UniqueConflicts,
): AppError | FieldValidationError | null {
  const constraint = uniqueViolationOf(error)
  if (constraint === null) return null
  return conflicts.get(constraint)?.() ?? concurrentConflict()
}

export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  conflicts: UniqueConflicts = new Map(),
): FastifyReply {
  const conflict = conflictFor(error, conflicts)
  if (conflict) return sendError(conflict, request, reply)
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed')
    return reply.status(error.status).headers(error.headers).send({ detail: error.detail, code: error.code })
  }
  if (error instanceof FieldValidationError) return reply.status(400).send(error.fields)
  if (hasZodFastifySchemaValidationErrors(error))
    return reply.status(400).send(issuesToFieldErrors(error.validation))
  const fastifyError = error as FastifyError
  const status = statusCodeOf(fastifyError)
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed')
    return reply
      .status(status)
      .send({ detail: SERVER_ERROR_DETAIL, code: status === 503 ? 'service_unavailable' : 'server_error' })
  }
  if (status === 400) {
    // Malformed JSON, wrong content type and the like: no field to blame.
    return reply.status(400).send({ [NON_FIELD_ERRORS]: [fastifyError.message || 'Malformed request.'] })
  }
  return reply
    .status(status)
    .send({ detail: fastifyError.message, code: CODE_BY_STATUS[status] ?? 'server_error' })
}

export function registerErrorHandler(app: FastifyInstance, conflicts: UniqueConflicts = new Map()): void {
  app.setErrorHandler((error, request, reply) => {
    // The envelope is the contract's error shape whatever the route declares for that status (the OAuth
    // token route's 400 is RFC 6749's): an error must never fail its own serialization into a 500.
    reply.serializer((payload: unknown) => JSON.stringify(payload))
    return sendError(error, request, reply, conflicts)
  })
}
