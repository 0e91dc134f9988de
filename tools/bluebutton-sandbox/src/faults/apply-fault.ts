import type { FastifyReply } from 'fastify'
import type { Fault, FaultSurface } from './faults.ts'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

const SERVER_ERROR_DETAIL: Record<Fault['status'], string> = {
  500: 'A server error occurred.',
  502: 'An error occurred contacting the upstream server',
  503: 'Service temporarily unavailable, try again later.',
  504: 'Gateway timeout contacting the upstream server',
}

// FHIR calls answer in DRF's {"detail"}; the token endpoint in Blue Button's {"status_code","message"}.
const body = (surface: FaultSurface, status: number, text: string): Record<string, string | number> =>
  surface === 'token' ? { status_code: status, message: text } : { detail: text }

// Applies a fault. Returns true when the reply was sent (the route must stop), false when the
// request should go on (a slow response continues after the delay).
export async function applyFault(fault: Fault, reply: FastifyReply, surface: FaultSurface): Promise<boolean> {
  switch (fault.kind) {
    case 'slow':
      await sleep(fault.delayMs)
      return false
    case 'rate-limit':
      // DRF's throttle message and header, as Blue Button's per-token throttle would send them.
      await reply
        .code(429)
        .header('retry-after', String(fault.retryAfterSeconds))
        .send({ detail: `Request was throttled. Expected available in ${fault.retryAfterSeconds} seconds.` })
      return true
    case 'server-error':
      await reply
        .code(fault.status)
        .send(
          body(
            surface,
            fault.status,
            surface === 'token'
              ? 'Failed to retrieve data from data source.'
              : SERVER_ERROR_DETAIL[fault.status],
          ),
        )
      return true
    case 'upstream-400':
      await reply
        .code(400)
        .send(
          body(
            surface,
            400,
            'An error occurred contacting the upstream server:Failed to call access method: java.lang.IllegalArgumentException: Simulated upstream rejection',
          ),
        )
      return true
    case 'upstream-404':
      await reply.code(404).send(body(surface, 404, 'Not found.'))
      return true
    case 'malformed':
      await reply
        .code(200)
        .type('application/fhir+json')
        .send('{"resourceType":"Bundle","type":"searchset","total":3,"entry":[{"resource":{"resourceType":')
      return true
  }
}
