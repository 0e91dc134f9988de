import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context.ts'
import { routeBothSlashes } from '../http.ts'
import { API_VERSIONS, type ApiVersion } from '../versions.ts'
import { authenticateClient, formBody } from './client-auth.ts'

export function registerRevokeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  for (const v of API_VERSIONS) registerRevokeRoutesOf(app, ctx, v)
}

function registerRevokeRoutesOf(app: FastifyInstance, ctx: SandboxContext, v: ApiVersion): void {
  // Blue Button's app-initiated revocation: revokes the token AND deletes the data access grant,
  // so every token of the app+enrollee pair dies. Always 200, even for unknown tokens.
  routeBothSlashes(app, 'POST', `/${v}/o/revoke/`, async (request, reply) => {
    const client = authenticateClient(request, ctx.options.clients)
    if (!client) return reply.code(401).send({ error: 'invalid_client' })
    const token = formBody(request)['token'] ?? ''
    const byAccess = ctx.store.byAccess(token)
    if (byAccess?.clientId === client.clientId) {
      ctx.store.revokePair(client.clientId, byAccess.patientId)
      ctx.store.deleteGrant(client.clientId, byAccess.patientId)
    }
    // A refresh token only revokes itself (the grant lookup needs the access token).
    const byRefresh = ctx.store.byRefresh(token)
    if (byRefresh?.clientId === client.clientId) {
      byRefresh.refreshSpent = true
      byRefresh.accessRevoked = true
    }
    return reply.code(200).send()
  })

  // RFC 7009 revocation of one token (the discovery `revocation_endpoint`); the grant survives.
  routeBothSlashes(app, 'POST', `/${v}/o/revoke_token/`, async (request, reply) => {
    const client = authenticateClient(request, ctx.options.clients)
    if (!client) return reply.code(401).send({ error: 'invalid_client' })
    const token = formBody(request)['token'] ?? ''
    const record = ctx.store.byAccess(token) ?? ctx.store.byRefresh(token)
    if (record?.clientId === client.clientId) {
      record.accessRevoked = true
      if (record.refreshToken === token) record.refreshSpent = true
    }
    return reply.code(200).send()
  })

  // Sandbox-only helper: deletes the grant so apps can test expiry; plain-text bodies as in CMS's docs.
  routeBothSlashes(app, 'POST', `/${v}/o/expire_authenticated_user/:patientId/`, async (request, reply) => {
    const client = authenticateClient(request, ctx.options.clients, 'basic-only')
    if (!client) return reply.code(403).type('text/plain; charset=utf-8').send('FORBIDDEN')
    const { patientId } = request.params as { patientId: string }
    if (!ctx.registry.findByPatientId(patientId) && ctx.store.grantsOfPatient(patientId).length === 0) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('Patient was Not Found. Please check the id number and try again.')
    }
    if (!ctx.store.deleteGrant(client.clientId, patientId)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Data Access Grant was Not Found.')
    }
    return reply.code(200).type('text/plain; charset=utf-8').send('success')
  })
}
