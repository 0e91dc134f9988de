// Adherence, the visit planner and the pre-visit brief. Provider roles only (they see claims: the measures
// need the stays and diagnoses on them); agents get 403. A patient out of scope answers 404 like every
// patient route.
import {
  VISIT_PLANNER_PATH,
  briefOpenedSchema,
  patientAdherenceSchema,
  preVisitBriefSchema,
  visitPlannerQuerySchema,
  visitPlannerSchema,
} from '@blueconsent/contract/adherence'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../platform/errors.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { readPatientAdherence } from './adherence.service.ts'
import { markBriefOpened, readBrief } from './brief.service.ts'
import { readVisitPlanner } from './visit-planner.service.ts'

const PROVIDERS = { access: { permissions: ['patients.view', 'patients.view_claims'] } } as const
const params = z.object({ id: z.string().max(200) })
const adherenceQuery = z.looseObject({ year: z.coerce.number().int().min(2006).max(9999).optional() })

function sourceOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function adherenceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['adherence'], security: [{ bearer: [] }] }

  routes.get(
    '/api/patients/:id/adherence/',
    {
      config: PROVIDERS,
      schema: { ...schema, params, querystring: adherenceQuery, response: { 200: patientAdherenceSchema } },
    },
    async (request) => readPatientAdherence(ctx, sourceOf(request), request.params.id, request.query.year),
  )
  routes.get(
    VISIT_PLANNER_PATH,
    {
      config: PROVIDERS,
      schema: { ...schema, querystring: visitPlannerQuerySchema, response: { 200: visitPlannerSchema } },
    },
    async (request) => readVisitPlanner(ctx, sourceOf(request), request.query),
  )
  routes.get(
    '/api/patients/:id/brief/',
    { config: PROVIDERS, schema: { ...schema, params, response: { 200: preVisitBriefSchema } } },
    async (request) => readBrief(ctx, sourceOf(request), request.params.id),
  )
  routes.post(
    '/api/patients/:id/brief/opened/',
    { config: PROVIDERS, schema: { ...schema, params, response: { 200: briefOpenedSchema } } },
    async (request) => markBriefOpened(ctx, sourceOf(request), request.params.id),
  )
}
