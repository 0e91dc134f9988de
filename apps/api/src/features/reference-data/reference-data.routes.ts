// Reference data over HTTP. Every route is behind the admin guard; saving a template is further limited to
// platform administrators (the ADMIN role), by the endpoint's rule and again by the service (403).
import { REFERENCE_DATA_ENDPOINTS } from '@blueconsent/contract/reference-data'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import {
  listTemplates,
  referenceData,
  restoreTemplate,
  saveTemplate,
  templateHistory,
} from './reference-data.service.ts'

export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['admin', 'reference-data'], security: [{ bearer: [] }] } }

  serveEndpoint(app, REFERENCE_DATA_ENDPOINTS.tables, docs, async () => referenceData())
  serveEndpoint(app, REFERENCE_DATA_ENDPOINTS.templates, docs, async () => listTemplates(ctx))
  serveEndpoint(app, REFERENCE_DATA_ENDPOINTS.history, docs, async (request) =>
    templateHistory(ctx, actorOf(request), request.params.key, request.params.language),
  )
  serveEndpoint(app, REFERENCE_DATA_ENDPOINTS.save, docs, async (request) =>
    saveTemplate(ctx, actorOf(request), request.params.key, request.params.language, request.body),
  )
  serveEndpoint(app, REFERENCE_DATA_ENDPOINTS.restore, docs, async (request) =>
    restoreTemplate(ctx, actorOf(request), request.params.key, request.params.language, request.body.version),
  )
}
