// The TIN registry's HTTP face: /api/organizations/{orgId}/tins/… and the patient–TIN assignment calls.
// Only ACO_ADMIN reaches these routes; the service then requires the caller's own ACO (404 otherwise).
import { TIN_ENDPOINTS } from '@blueconsent/contract/tins'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf } from '../../platform/identity/index.ts'
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

const pageOf = (request: FastifyRequest, query: { page: number; page_size: number }) => ({
  page: query.page,
  pageSize: query.page_size,
  path: request.url.split('?')[0] ?? request.url,
})

export async function tinRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['tins'], security: [{ bearer: [] }] } }
  const E = TIN_ENDPOINTS

  serveEndpoint(app, E.list, docs, async (request) =>
    listTins(ctx, actorOf(request), request.params.orgId, request.query, pageOf(request, request.query)),
  )
  serveEndpoint(app, E.summary, docs, async (request) =>
    summarizeRegistry(ctx, actorOf(request), request.params.orgId),
  )
  serveEndpoint(app, E.create, docs, async (request, reply) =>
    reply.status(201).send(await createTin(ctx, actorOf(request), request.params.orgId, request.body)),
  )
  serveEndpoint(app, E.update, docs, async (request) =>
    editTin(ctx, actorOf(request), request.params.orgId, request.params.id, request.body),
  )
  serveEndpoint(app, E.deactivate, docs, async (request, reply) => {
    await setTinActive(ctx, actorOf(request), request.params.orgId, request.params.id, false)
    return reply.status(204).send()
  })
  serveEndpoint(app, E.reactivate, docs, async (request) =>
    setTinActive(ctx, actorOf(request), request.params.orgId, request.params.id, true),
  )
  serveEndpoint(app, E.patients, docs, async (request) =>
    listTinPatients(
      ctx,
      actorOf(request),
      request.params.orgId,
      request.params.id,
      pageOf(request, request.query),
    ),
  )
  serveEndpoint(app, E.bulkAttach, docs, async (request) =>
    bulkAttachPatients(ctx, actorOf(request), request.params.orgId, request.params.id, request.body),
  )
  serveEndpoint(app, E.reassignPatient, docs, async (request) =>
    reassignPatientTin(
      ctx,
      actorOf(request),
      request.params.orgId,
      request.params.patientId,
      request.body.tin_id,
    ),
  )
  serveEndpoint(app, E.unassignedSummary, docs, async (request) =>
    summarizeUnassigned(ctx, actorOf(request), request.params.orgId),
  )
  serveEndpoint(app, E.unassignedPatients, docs, async (request) =>
    listUnassignedPatients(ctx, actorOf(request), request.params.orgId, pageOf(request, request.query)),
  )
}
