// The TIN registry's HTTP face: /api/organizations/{orgId}/tins/… and the patient–TIN assignment calls.
// Only ACO_ADMIN reaches these routes; the service then requires the caller's own ACO (404 otherwise).
import {
  bulkAttachResultSchema,
  bulkAttachSchema,
  patientTinSchema,
  tinCreateSchema,
  tinListQuerySchema,
  tinListSchema,
  tinPatientListSchema,
  tinPatientQuerySchema,
  tinPatientSchema,
  tinSchema,
  tinSummarySchema,
  tinUpdateSchema,
  unassignedSummarySchema,
} from '@blueconsent/contract/tins'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  bulkAttachPatients,
  createTin,
  editTin,
  listTinPatients,
  listTins,
  listUnassignedPatients,
  reassignPatientTin,
  setTinActive,
  summarizeRegistry,
  summarizeUnassigned,
} from './tins.service.ts'

const ACO_ADMIN_ONLY = { access: { roles: ['ACO_ADMIN'] } } as const
const orgParams = z.object({ orgId: z.string().max(200) })
const tinParams = z.object({ orgId: z.string().max(200), id: z.string().max(200) })
const patientParams = z.object({ orgId: z.string().max(200), patientId: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

const pageOf = (request: FastifyRequest, query: { page: number; page_size: number }) => ({
  page: query.page,
  pageSize: query.page_size,
  path: request.url.split('?')[0] ?? request.url,
})

export async function tinRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['tins'], security: [{ bearer: [] }] }
  const base = '/api/organizations/:orgId/tins/'

  routes.get(
    base,
    {
      config: ACO_ADMIN_ONLY,
      schema: {
        ...schema,
        params: orgParams,
        querystring: tinListQuerySchema,
        response: { 200: tinListSchema },
      },
    },
    async (request) =>
      listTins(ctx, sourceOf(request), request.params.orgId, request.query, pageOf(request, request.query)),
  )
  routes.get(
    `${base}summary/`,
    { config: ACO_ADMIN_ONLY, schema: { ...schema, params: orgParams, response: { 200: tinSummarySchema } } },
    async (request) => summarizeRegistry(ctx, sourceOf(request), request.params.orgId),
  )
  routes.post(
    base,
    {
      config: ACO_ADMIN_ONLY,
      schema: { ...schema, params: orgParams, body: tinCreateSchema, response: { 201: tinSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTin(ctx, sourceOf(request), request.params.orgId, request.body)),
  )
  routes.patch(
    `${base}:id/`,
    {
      config: ACO_ADMIN_ONLY,
      schema: { ...schema, params: tinParams, body: tinUpdateSchema, response: { 200: tinSchema } },
    },
    async (request) => editTin(ctx, sourceOf(request), request.params.orgId, request.params.id, request.body),
  )
  routes.delete(
    `${base}:id/`,
    { config: ACO_ADMIN_ONLY, schema: { ...schema, params: tinParams } },
    async (request, reply) => {
      await setTinActive(ctx, sourceOf(request), request.params.orgId, request.params.id, false)
      return reply.status(204).send()
    },
  )
  routes.post(
    `${base}:id/reactivate/`,
    { config: ACO_ADMIN_ONLY, schema: { ...schema, params: tinParams, response: { 200: tinSchema } } },
    async (request) => setTinActive(ctx, sourceOf(request), request.params.orgId, request.params.id, true),
  )
  routes.get(
    `${base}:id/patients/`,
    {
      config: ACO_ADMIN_ONLY,
      schema: {
        ...schema,
        params: tinParams,
        querystring: tinPatientQuerySchema,
        response: { 200: tinPatientListSchema },
      },
    },
    async (request) =>
      listTinPatients(
        ctx,
        sourceOf(request),
        request.params.orgId,
        request.params.id,
        pageOf(request, request.query),
      ),
  )
  routes.post(
    `${base}:id/bulk-attach-patients/`,
    {
      config: ACO_ADMIN_ONLY,
      schema: {
        ...schema,
        params: tinParams,
        body: bulkAttachSchema,
        response: { 200: bulkAttachResultSchema },
      },
    },
    async (request) =>
      bulkAttachPatients(ctx, sourceOf(request), request.params.orgId, request.params.id, request.body),
  )
  routes.patch(
    '/api/organizations/:orgId/patients/:patientId/tin/',
    {
      config: ACO_ADMIN_ONLY,
      schema: {
        ...schema,
        params: patientParams,
        body: patientTinSchema,
        response: { 200: tinPatientSchema },
      },
    },
    async (request) =>
      reassignPatientTin(
        ctx,
        sourceOf(request),
        request.params.orgId,
        request.params.patientId,
        request.body.tin_id,
      ),
  )
  routes.get(
    '/api/organizations/:orgId/patients/unassigned/summary/',
    {
      config: ACO_ADMIN_ONLY,
      schema: { ...schema, params: orgParams, response: { 200: unassignedSummarySchema } },
    },
    async (request) => summarizeUnassigned(ctx, sourceOf(request), request.params.orgId),
  )
  routes.get(
    '/api/organizations/:orgId/patients/unassigned/',
    {
      config: ACO_ADMIN_ONLY,
      schema: {
        ...schema,
        params: orgParams,
        querystring: tinPatientQuerySchema,
        response: { 200: tinPatientListSchema },
      },
    },
    async (request) =>
      listUnassignedPatients(ctx, sourceOf(request), request.params.orgId, pageOf(request, request.query)),
  )
}
