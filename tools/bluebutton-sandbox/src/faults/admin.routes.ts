import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SandboxContext } from '../context.ts'
import { faultSchema } from './faults.ts'

const revokeSchema = z.object({ clientId: z.string().min(1), patientId: z.string().min(1) })

// Test-only controls, registered only when `adminEnabled` is set. They stand in for things a
// test cannot do against CMS: break the upstream on demand, or act as the enrollee on Medicare.gov.
export function registerAdminRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/__admin/faults', async () => ctx.faults.list())

  app.put('/__admin/faults/:clientId', async (request, reply) => {
    const { clientId } = request.params as { clientId: string }
    const parsed = faultSchema.safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ detail: z.prettifyError(parsed.error) })
    if (!ctx.options.clients.some((c) => c.clientId === clientId))
      return reply.code(404).send({ detail: 'Unknown client id.' })
    ctx.faults.set(clientId, parsed.data)
    return reply.code(200).send({ clientId, ...parsed.data })
  })

  app.delete('/__admin/faults/:clientId', async (request, reply) => {
    ctx.faults.clear((request.params as { clientId: string }).clientId)
    return reply.code(204).send()
  })

  // CMS switching the application off (or back on): authorize, token and FHIR calls answer 403.
  app.put('/__admin/clients/:clientId', async (request, reply) => {
    const { clientId } = request.params as { clientId: string }
    const parsed = z.object({ active: z.boolean() }).safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ detail: z.prettifyError(parsed.error) })
    if (!ctx.options.clients.some((c) => c.clientId === clientId))
      return reply.code(404).send({ detail: 'Unknown client id.' })
    ctx.setActive(clientId, parsed.data.active)
    return reply.code(200).send({ clientId, active: parsed.data.active })
  })

  // The enrollee removes the app under "connected apps": grant deleted, every token revoked.
  app.post('/__admin/enrollee-revocations', async (request, reply) => {
    const parsed = revokeSchema.safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ detail: z.prettifyError(parsed.error) })
    const existed = ctx.store.deleteGrant(parsed.data.clientId, parsed.data.patientId)
    ctx.store.revokePair(parsed.data.clientId, parsed.data.patientId)
    return reply.code(existed ? 200 : 404).send({ revoked: existed })
  })
}
