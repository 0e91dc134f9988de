import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context.ts'
import type { Beneficiary } from '../synthetic/registry.ts'
import { applyFault } from '../faults/apply-fault.ts'
import { inactiveApplicationMessage } from '../oauth/messages.ts'
import type { TokenRecord } from '../oauth/store.ts'

export type Caller = { readonly token: TokenRecord; readonly beneficiary: Beneficiary }

const NOT_AUTHENTICATED = 'Authentication credentials were not provided.'
export const FORBIDDEN = 'You do not have permission to perform this action.'

function deny(reply: FastifyReply, status: number, detail: string): undefined {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="api"')
  void reply.code(status).send({ detail })
  return undefined
}

// Bearer-token check for FHIR and userinfo calls; sends the error reply itself and returns
// undefined when the call must stop. Applies the caller's fault switch last.
export async function authenticateCaller(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Caller | undefined> {
  if (Object.hasOwn((request.query ?? {}) as object, 'access_token')) {
    return deny(
      reply,
      400,
      'Using the access_token query parameter is not allowed. Send the token in the Authorization header.',
    )
  }
  const header = request.headers.authorization ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  const token = match?.[1] ? ctx.store.byAccess(match[1]) : undefined
  const now = ctx.nowMs()
  if (!token || token.accessRevoked || token.accessExpiresAt <= now)
    return deny(reply, 401, NOT_AUTHENTICATED)
  const client = ctx.options.clients.find((c) => c.clientId === token.clientId)
  if (client && !ctx.isActive(client.clientId))
    return deny(reply, 403, inactiveApplicationMessage(client.name))
  const grant = ctx.store.grant(token.clientId, token.patientId)
  if (!grant) return deny(reply, 401, NOT_AUTHENTICATED)
  if (grant.expiresAt !== null && grant.expiresAt <= now) {
    return deny(
      reply,
      401,
      'User access has timed out. To refresh Medicare data, end user must re-authenticate and consent to share their data.',
    )
  }
  const beneficiary = ctx.registry.findByUsername(token.username)
  if (!beneficiary) return deny(reply, 401, NOT_AUTHENTICATED)
  reply
    .header('x-ratelimit-limit', '100000')
    .header('x-ratelimit-remaining', '99999')
    .header('x-ratelimit-reset', '1')
  const fault = ctx.faults.take(token.clientId, 'fhir')
  if (fault && (await applyFault(fault, reply, 'fhir'))) return undefined
  return { token, beneficiary }
}
