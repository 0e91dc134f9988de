// pino with PHI-safe defaults: ids, method, path and status only. Query strings are dropped (they can hold
// search terms), token-like path segments are masked, and secrets in any logged object are redacted.
import type { DestinationStream, Logger } from 'pino'
import { pino } from 'pino'
import pinoPretty from 'pino-pretty'
import { tracingActive } from './telemetry/active.ts'
import { traceIds } from './telemetry/log-context.ts'

const REDACTED = '[REDACTED]'
const SECRET_KEYS = [
  'password',
  'old_password',
  'new_password',
  'password_confirm',
  'new_password_confirm',
  'token',
  'access',
  'access_token',
  'refresh_token',
  'code_verifier',
  'client_secret',
  'email',
]

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  'req.body',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
]

/** Masks path segments that look like secrets (reset tokens, consent tokens, base64 ids), keeps UUIDs. */
export function scrubPath(url: string): string {
  const path = url.split('?')[0] ?? ''
  return path
    .split('/')
    .map((segment) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) || segment.length < 16
        ? segment
        : REDACTED,
    )
    .join('/')
}

type LoggedRequest = { id?: string; method?: string; url?: string; ip?: string }
type LoggedReply = { statusCode?: number }
type LoggedError = { name?: string; code?: string; message?: string; statusCode?: number; stack?: string }

/** Driver errors can quote SQL parameters (hashes, PHI): keep the kind of failure, drop the values. */
function serializeError(error: LoggedError): Record<string, unknown> {
  const message = (error.message ?? '').split('\nparams:')[0]?.replace(/params: .*/s, '') ?? ''
  return {
    type: error.name,
    code: error.code,
    statusCode: error.statusCode,
    message: message.slice(0, 500),
    // Frames only: the stack's first lines repeat the message, parameters included.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 8)
      .join('\n'),
  }
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Only while tracing is on: otherwise no line pays for the lookup.
      ...(tracingActive() ? { mixin: traceIds } : {}),
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: (request: LoggedRequest) => ({
          id: request.id,
          method: request.method,
          url: scrubPath(request.url ?? ''),
        }),
        res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
        err: serializeError,
      },
    },
    destination,
  )
}

/** One readable line per entry for a person at a terminal; the same redacted fields as the JSON lines. */
export const prettyLogStream = (): DestinationStream =>
  pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true })
