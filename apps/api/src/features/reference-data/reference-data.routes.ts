// Reference data over HTTP: /api/admin/reference-data/. Every route is behind the admin guard; saving a
// template is further limited to platform administrators by the service (403).
import {
  REFERENCE_DATA_PATH,
  TEMPLATES_PATH,
  messageTemplateHistorySchema,
  messageTemplateListSchema,
  referenceDataSchema,
  templateKeyParamsSchema,
  templateRestoreSchema,
  templateSaveSchema,
} from '@blueconsent/contract/reference-data'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  listTemplates,
  referenceData,
  restoreTemplate,
  saveTemplate,
  templateHistory,
} from './reference-data.service.ts'

const ADMIN = { access: { admin: true } } as const
// Patient-facing wording is the platform's, not one organisation's: only the platform admin (the ADMIN role,
// the superuser) edits it. Declared here so the route table says so; the service checks it again.
const PLATFORM_ADMIN = { access: { admin: true, roles: ['ADMIN'] } } as const

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['admin', 'reference-data'], security: [{ bearer: [] }] }
  const one = `${TEMPLATES_PATH}:key/:language/`
  const history = { 200: messageTemplateHistorySchema }

  routes.get(
    REFERENCE_DATA_PATH,
    { config: ADMIN, schema: { ...schema, response: { 200: referenceDataSchema } } },
    async () => referenceData(),
  )
  routes.get(
    TEMPLATES_PATH,
    { config: ADMIN, schema: { ...schema, response: { 200: messageTemplateListSchema } } },
    async () => listTemplates(ctx),
  )
  routes.get(
    one,
    { config: ADMIN, schema: { ...schema, params: templateKeyParamsSchema, response: history } },
    async (request) => templateHistory(ctx, sourceOf(request), request.params.key, request.params.language),
  )
  routes.put(
    one,
    {
      config: PLATFORM_ADMIN,
      schema: { ...schema, params: templateKeyParamsSchema, body: templateSaveSchema, response: history },
    },
    async (request) =>
      saveTemplate(ctx, sourceOf(request), request.params.key, request.params.language, request.body),
  )
  routes.post(
    `${one}restore/`,
    {
      config: PLATFORM_ADMIN,
      schema: { ...schema, params: templateKeyParamsSchema, body: templateRestoreSchema, response: history },
    },
    async (request) =>
      restoreTemplate(
        ctx,
        sourceOf(request),
        request.params.key,
        request.params.language,
        request.body.version,
      ),
  )
}
