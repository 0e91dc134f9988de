// The worklist's routes: ACO and physician roles (clinicians included) with patient access; agents never.
// Scope, audit and the status rules live in the service.
import {
  patientRiskGapsSchema,
  riskGapFiltersSchema,
  riskGapListSchema,
  riskGapQuerySchema,
  riskGapSchema,
  riskGapStatusBodySchema,
} from '@blueconsent/contract/risk-gaps'
import { PROVIDER_ROLES } from '@blueconsent/contract/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../platform/errors.ts'
import type { Actor } from '../../platform/identity/index.ts'
import {
  exportRiskGapsCsv,
  listGapsForPatient,
  listRiskGaps,
  riskGapFilters,
  setRiskGapStatus,
} from './risk-gaps.service.ts'

const WORKLIST = { access: { roles: PROVIDER_ROLES, permissions: ['patients.view'] } } as const
const params = z.object({ id: z.string().max(200) })

function sourceOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function riskGapRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['risk-gaps'], security: [{ bearer: [] }] }

  routes.get(
    '/api/risk-gaps/',
    {
      config: WORKLIST,
      schema: { ...schema, querystring: riskGapQuerySchema, response: { 200: riskGapListSchema } },
    },
    async (request) => listRiskGaps(ctx, sourceOf(request), request.query),
  )
  routes.get(
    '/api/risk-gaps/filters/',
    { config: WORKLIST, schema: { ...schema, response: { 200: riskGapFiltersSchema } } },
    async (request) => riskGapFilters(ctx, sourceOf(request)),
  )
  routes.get(
    '/api/risk-gaps/export/',
    { config: WORKLIST, schema: { ...schema, querystring: riskGapQuerySchema } },
    async (request, reply) => {
      const body = await exportRiskGapsCsv(ctx, sourceOf(request), request.query)
      const day = ctx.clock().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="risk-gaps-${day}.csv"`)
        .send(body)
    },
  )
  routes.patch(
    '/api/risk-gaps/:id/',
    {
      config: WORKLIST,
      schema: { ...schema, params, body: riskGapStatusBodySchema, response: { 200: riskGapSchema } },
    },
    async (request) => setRiskGapStatus(ctx, sourceOf(request), request.params.id, request.body),
  )
  routes.get(
    '/api/risk-gaps/patients/:id/',
    { config: WORKLIST, schema: { ...schema, params, response: { 200: patientRiskGapsSchema } } },
    async (request) => listGapsForPatient(ctx, sourceOf(request), request.params.id),
  )
}
