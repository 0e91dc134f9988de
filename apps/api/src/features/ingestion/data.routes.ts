// GET /api/healthplans/requests/{id}/data/: the pulled Medicare data for one request.
import { requestDataSchema } from '@blueconsent/contract/patients'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../platform/errors.ts'
import { readRequestData } from './data.service.ts'

export async function requestDataRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  routes.get(
    '/api/healthplans/requests/:id/data/',
    {
      // The same rule as the request it belongs to: roles with patient features.
      config: { access: { permissions: ['patients.view'] } },
      schema: {
        tags: ['authorization-requests'],
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        response: { 200: requestDataSchema },
      },
    },
    async (request) => {
      if (!request.principal) throw notAuthenticated()
      return readRequestData(ctx, request.params.id, {
        principal: request.principal,
        ip: request.ip,
        httpRequestId: request.id,
      })
    },
  )
}
