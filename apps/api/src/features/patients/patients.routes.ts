// Patient routes (spec 1 §7 'Patients', issue 6). Signed-in roles with 'patients.view'; exports need
// 'patients.export' (ACO and physician roles). Claim detail needs 'patients.view_claims'.
import {
  basicInfoSchema,
  claimDetailSchema,
  consolidatedSchema,
  patientExportQuerySchema,
  patientListSchema,
  patientRiskScoreSchema,
  patientSchema,
  patientSearchQuerySchema,
} from '@blueconsent/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/audit-writer.ts'
import { exportPatient } from './patient-export.ts'
import { readBasicInfo, readClaim, readConsolidated, readPatient, readRiskScore, searchPatientList } from './patients.service.ts'

const VIEW = { access: { permissions: ['patients.view'] } } as const
const params = z.object({ id: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function patientRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['patients'], security: [{ bearer: [] }] }

  routes.get('/api/patients/', { config: VIEW, schema: { ...schema, querystring: patientSearchQuerySchema, response: { 200: patientListSchema } } }, async (request) =>
    searchPatientList(ctx, sourceOf(request), request.query, '/api/patients/'),
  )
  routes.get('/api/patients/:id/', { config: VIEW, schema: { ...schema, params, response: { 200: patientSchema } } }, async (request) =>
    readPatient(ctx, sourceOf(request), request.params.id),
  )
  routes.get('/api/patients/:id/basic_info/', { config: VIEW, schema: { ...schema, params, response: { 200: basicInfoSchema } } }, async (request) =>
    readBasicInfo(ctx, sourceOf(request), request.params.id),
  )
  routes.get('/api/patients/:id/risk_score/', { config: VIEW, schema: { ...schema, params, response: { 200: patientRiskScoreSchema } } }, async (request) =>
    readRiskScore(ctx, sourceOf(request), request.params.id),
  )
  routes.get('/api/patients/:id/consolidated/', { config: VIEW, schema: { ...schema, params, response: { 200: consolidatedSchema } } }, async (request) =>
    readConsolidated(ctx, sourceOf(request), request.params.id),
  )
  routes.get('/api/claims/:id/', { config: VIEW, schema: { ...schema, params, response: { 200: claimDetailSchema } } }, async (request) =>
    readClaim(ctx, sourceOf(request), request.params.id),
  )
  routes.get(
    '/api/patients/:id/export/',
    { config: { access: { permissions: ['patients.view', 'patients.export'] } }, schema: { ...schema, params, querystring: patientExportQuerySchema } },
    async (request, reply) => {
      const file = await exportPatient(ctx, sourceOf(request), request.params.id, request.query.format)
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body)
    },
  )
}
