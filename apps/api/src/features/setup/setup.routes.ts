// The setup wizard over HTTP: progress (read, save), completion, and the NPI lookup.
import { SETUP_ENDPOINTS } from '@blueconsent/contract/setup'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { lookupNpi, NPPES_STANDIN_PATH, registerNppesStandin } from './npi-registry.ts'
import { completeSetup, getProgress, saveProgress } from './setup.service.ts'

export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['setup'], security: [{ bearer: [] }] } }

  serveEndpoint(app, SETUP_ENDPOINTS.progress, docs, async (request) => getProgress(ctx, actorOf(request)))
  serveEndpoint(app, SETUP_ENDPOINTS.saveProgress, docs, async (request) =>
    saveProgress(ctx, actorOf(request), request.body.state),
  )
  serveEndpoint(app, SETUP_ENDPOINTS.complete, docs, async (request) =>
    completeSetup(ctx, actorOf(request), request.body.state),
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
  serveEndpoint(app, SETUP_ENDPOINTS.npiLookup, docs, async (request) =>
    lookupNpi(fetchRegistry, registry ?? NPPES_STANDIN_PATH, request.params.npi),
  )
}
