// GET and PUT /api/admin/organization-settings/:id/: behind the admin guard; the service answers 404 for an
// organisation outside the admin's scope.
import { ORGANIZATION_SETTINGS_ENDPOINTS } from '@blueconsent/contract/organization-settings'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { readSettings, updateSettings } from './organization-settings.service.ts'

export async function organizationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['admin'], security: [{ bearer: [] }] } }

  serveEndpoint(app, ORGANIZATION_SETTINGS_ENDPOINTS.settings, docs, async (request) =>
    readSettings(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, ORGANIZATION_SETTINGS_ENDPOINTS.update, docs, async (request) =>
    updateSettings(ctx, actorOf(request), request.params.id, request.body),
  )
}
