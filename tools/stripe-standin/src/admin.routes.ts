import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { StandinContext } from './context.ts'
import { parseForm } from './form.ts'

const advanceSchema = z.object({
  seconds: z.coerce.number().int().min(0).optional(),
  days: z.coerce.number().min(0).optional(),
})

// Test-only controls, registered only when `adminEnabled` is set: what a test cannot do against
// Stripe's own API (move time for customers without a test clock, start over).
export function registerAdminRoutes(app: FastifyInstance, ctx: StandinContext): void {
  const bodyOf = (body: unknown): unknown => (typeof body === 'string' ? parseForm(body) : (body ?? {}))

  app.get('/__admin/time', async () => ({
    now: ctx.engine.standinNow(),
    offset: ctx.engine.state.clockOffsetSec,
  }))

  // Body `{ seconds }` or `{ days }` (JSON or form): moves the stand-in's clock and runs what fell due.
  app.post('/__admin/advance', async (request, reply) => {
    const parsed = advanceSchema.safeParse(bodyOf(request.body))
    if (!parsed.success) return reply.code(400).send({ error: z.prettifyError(parsed.error) })
    const seconds = (parsed.data.seconds ?? 0) + Math.round((parsed.data.days ?? 0) * 86_400)
    const steps = ctx.transact(() => ctx.engine.testClocks.advanceStandinClock(seconds))
    return { now: ctx.engine.standinNow(), steps }
  })

  app.post('/__admin/reset', async () => {
    ctx.transact(() => ctx.engine.reset())
    return { reset: true }
  })
}
