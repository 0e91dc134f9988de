// GET /api/healthplans/requests/{id}/data/: the pulled Medicare data for one request.
import { AUTHORIZATION_REQUEST_ENDPOINTS } from '@blueconsent/contract/authorization-requests'
import type { FastifyInstance } from 'fastify'
import { notAuthenticated } from '../../platform/errors.ts'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { readRequestData } from './data.service.ts'

export async function requestDataRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['authorization-requests'], security: [{ bearer: [] }] } }
  serveEndpoint(app, AUTHORIZATION_REQUEST_ENDPOINTS.data, docs, async (request) => {
    if (!request.principal) throw notAuthenticated()
    return readRequestData(ctx, request.params.id, {
      principal: request.principal,
      ip: request.ip,
      httpRequestId: request.id,
    })
  })
}
