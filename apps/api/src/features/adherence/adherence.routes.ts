// Adherence, the visit planner and the pre-visit brief. Provider roles only (they see claims: the measures
// need the stays and diagnoses on them); agents get 403. A patient out of scope answers 404 like every
// patient route.
import { ADHERENCE_ENDPOINTS } from '@blueconsent/contract/adherence'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { readPatientAdherence } from './adherence.service.ts'
import { markBriefOpened, readBrief } from './brief.service.ts'
import { readVisitPlanner } from './visit-planner.service.ts'

function sourceOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function adherenceRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['adherence'], security: [{ bearer: [] }] } }
  const E = ADHERENCE_ENDPOINTS

  serveEndpoint(app, E.patient, docs, async (request) =>
    readPatientAdherence(ctx, sourceOf(request), request.params.id, request.query.year),
  )
  serveEndpoint(app, E.visitPlanner, docs, async (request) =>
    readVisitPlanner(ctx, sourceOf(request), request.query),
  )
  serveEndpoint(app, E.brief, docs, async (request) => readBrief(ctx, sourceOf(request), request.params.id))
  serveEndpoint(app, E.briefOpened, docs, async (request) =>
    markBriefOpened(ctx, sourceOf(request), request.params.id),
  )
}
