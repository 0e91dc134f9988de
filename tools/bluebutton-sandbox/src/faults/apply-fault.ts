import type { FastifyReply } from 'fastify'
import type { Fault } from './faults.ts'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

const SERVER_ERROR_DETAIL: Record<Fault['status'], string> = {
  500: 'A server error occurred.',
  502: 'An error occurred contacting the upstream server',
  503: 'Service temporarily unavailable, try again later.',
  504: 'Gateway timeout contacting the upstream server',
}

// Applies a fault. Returns true when the reply was sent (the route must stop), false when the
// request should go on (a slow response continues after the delay).
export async function applyFault(fault: Fault, reply: FastifyReply): Promise<boolean> {
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
      await reply.code(fault.status).send({ detail: SERVER_ERROR_DETAIL[fault.status] })
      return true
    case 'upstream-400':
      await reply.code(400).send({
        detail:
          'An error occurred contacting the upstream server:Failed to call access method: java.lang.IllegalArgumentException: Simulated upstream rejection',
      })
      return true
  }
}
