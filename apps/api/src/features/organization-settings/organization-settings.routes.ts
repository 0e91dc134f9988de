// GET and PUT /api/admin/organization-settings/:id/: behind the admin guard; the service answers 404 for an
// organisation outside the admin's scope.
import {
  organizationSettingsSchema,
  organizationSettingsUpdateSchema,
} from '@blueconsent/contract/organization-settings'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { readSettings, updateSettings } from './organization-settings.service.ts'

const ADMIN = { access: { admin: true } } as const
const idParams = z.object({ id: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function organizationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['admin'], security: [{ bearer: [] }], params: idParams }
  const url = '/api/admin/organization-settings/:id/'

  routes.get(
    url,
    { config: ADMIN, schema: { ...schema, response: { 200: organizationSettingsSchema } } },
    async (request) => readSettings(ctx, sourceOf(request), request.params.id),
  )
  routes.put(
    url,
    {
      config: ADMIN,
      schema: {
        ...schema,
        body: organizationSettingsUpdateSchema,
        response: { 200: organizationSettingsSchema },
      },
    },
    async (request) => updateSettings(ctx, sourceOf(request), request.params.id, request.body),
  )
}
