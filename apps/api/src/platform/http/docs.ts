// OpenAPI from the same zod schemas that validate requests, served at /api/docs.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export const DOCS_PREFIX = '/api/docs'

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'BlueConsent API', version, description: 'Portal API and OAuth 2 endpoints.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) =>
      input.url.startsWith('/api/') || input.url.startsWith('/o/')
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  })
}

export async function registerDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.markRoutesPublic()
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true })
  })
}
