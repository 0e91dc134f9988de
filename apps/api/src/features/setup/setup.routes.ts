// The setup wizard over HTTP: progress (read, save), completion, and the NPI lookup.
import { npiLookupSchema, setupProgressResponseSchema, setupStateSchema } from '@blueconsent/contract/setup'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { lookupNpi, NPPES_STANDIN_PATH, registerNppesStandin } from './npi-registry.ts'
import { completeSetup, getProgress, saveProgress } from './setup.service.ts'

const signedIn = { access: {} }

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['setup'], security: [{ bearer: [] }] }
  const body = z.object({ state: setupStateSchema })

  routes.get(
    '/api/setup/progress/',
    { config: signedIn, schema: { ...schema, response: { 200: setupProgressResponseSchema } } },
    async (request) => getProgress(ctx, sourceOf(request)),
  )
  routes.put(
    '/api/setup/progress/',
    { config: signedIn, schema: { ...schema, body, response: { 200: setupProgressResponseSchema } } },
    async (request) => saveProgress(ctx, sourceOf(request), request.body.state),
  )
  routes.post('/api/setup/complete/', { config: signedIn, schema: { ...schema, body } }, async (request) =>
    completeSetup(ctx, sourceOf(request), request.body.state),
  )

  // The demo's registry answers from this process; a real deployment asks NPPES.
  const registry = ctx.config.nppesApiUrl
  if (!registry) await registerNppesStandin(app)
  const fetchRegistry = registry
    ? (url: string) => fetch(url, { signal: AbortSignal.timeout(8_000) })
    : async (url: string) => {
        const response = await app.inject({ method: 'GET', url })
        return {
          ok: response.statusCode === 200,
          status: response.statusCode,
          json: async () => response.json(),
        }
      }
  routes.get(
    '/api/setup/npi/:npi/',
    {
      config: signedIn,
      schema: {
        ...schema,
        params: z.object({ npi: z.string().max(20) }),
        response: { 200: npiLookupSchema },
      },
    },
    async (request) => lookupNpi(fetchRegistry, registry ?? NPPES_STANDIN_PATH, request.params.npi),
  )
}
