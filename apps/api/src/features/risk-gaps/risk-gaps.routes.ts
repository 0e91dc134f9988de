// The worklist's routes: ACO and physician roles (clinicians included) with patient access; agents never.
// Scope, audit and the status rules live in the service.
import { RISK_GAP_ENDPOINTS } from '@blueconsent/contract/risk-gaps'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import type { Actor } from '../../platform/identity/index.ts'
import {
  exportRiskGapsCsv,
  listGapsForPatient,
  listRiskGaps,
  riskGapFilters,
  setRiskGapStatus,
} from './risk-gaps.service.ts'

function sourceOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function riskGapRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['risk-gaps'], security: [{ bearer: [] }] } }
  const E = RISK_GAP_ENDPOINTS

  serveEndpoint(app, E.list, docs, async (request) => listRiskGaps(ctx, sourceOf(request), request.query))
  serveEndpoint(app, E.filters, docs, async (request) => riskGapFilters(ctx, sourceOf(request)))
  serveEndpoint(app, E.export, docs, async (request, reply) => {
    const body = await exportRiskGapsCsv(ctx, sourceOf(request), request.query)
    const day = ctx.clock().toISOString().slice(0, 10)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="risk-gaps-${day}.csv"`)
      .send(body)
  })
  serveEndpoint(app, E.setStatus, docs, async (request) =>
    setRiskGapStatus(ctx, sourceOf(request), request.params.id, request.body),
  )
  serveEndpoint(app, E.patient, docs, async (request) =>
    listGapsForPatient(ctx, sourceOf(request), request.params.id),
  )
}
