// The signed-in user's own record over HTTP: profile, address and preferences. Every route needs a signed-in
// user; whose record may be read is the service's rule.
import { ACCOUNT_ENDPOINTS } from '@blueconsent/contract/account'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import {
  getAddress,
  getMyPreferences,
  getProfile,
  saveMyAddress,
  updateMyAddress,
  updateMyPreferences,
  updateProfile,
} from './account.service.ts'

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['account'], security: [{ bearer: [] }] } }

  serveEndpoint(app, ACCOUNT_ENDPOINTS.profile, docs, async (request) =>
    getProfile(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.updateProfile, docs, async (request) =>
    updateProfile(ctx, actorOf(request), request.params.id, request.body),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.myAddress, docs, async (request) =>
    getAddress(ctx, actorOf(request), 'me'),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.userAddress, docs, async (request) =>
    getAddress(ctx, actorOf(request), request.params.id),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.createAddress, docs, async (request, reply) =>
    reply.code(201).send(await saveMyAddress(ctx, actorOf(request), request.body)),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.updateAddress, docs, async (request) =>
    updateMyAddress(ctx, actorOf(request), request.params.id, request.body),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.preferences, docs, async (request) =>
    getMyPreferences(ctx, actorOf(request).principal.userId),
  )
  serveEndpoint(app, ACCOUNT_ENDPOINTS.updatePreferences, docs, async (request) =>
    updateMyPreferences(ctx, actorOf(request), request.body),
  )
}
