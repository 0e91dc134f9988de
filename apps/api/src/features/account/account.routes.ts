// The signed-in user's own record over HTTP: profile, address and preferences. Every route needs a signed-in
// user; whose record may be read is the service's rule.
import {
  addressInputSchema,
  addressSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  profileSchema,
  profileUpdateSchema,
} from '@blueconsent/contract/account'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  getAddress,
  getMyPreferences,
  getProfile,
  saveMyAddress,
  updateMyAddress,
  updateMyPreferences,
  updateProfile,
} from './account.service.ts'

const idParams = z.object({ id: z.string().max(200) })
const signedIn = { access: {} }

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['account'], security: [{ bearer: [] }] }

  // `me` or a user id: the caller's own profile, or a member's for their organisation's administrator.
  routes.get(
    '/api/profiles/:id/',
    { config: signedIn, schema: { ...schema, params: idParams, response: { 200: profileSchema } } },
    async (request) => getProfile(ctx, sourceOf(request), request.params.id),
  )
  routes.patch(
    '/api/profiles/:id/',
    {
      config: signedIn,
      schema: { ...schema, params: idParams, body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) => updateProfile(ctx, sourceOf(request), request.params.id, request.body),
  )

  routes.get(
    '/api/addresses/my_address/',
    { config: signedIn, schema: { ...schema, response: { 200: addressSchema } } },
    async (request) => getAddress(ctx, sourceOf(request), 'me'),
  )
  routes.get(
    '/api/users/:id/address/',
    { config: signedIn, schema: { ...schema, params: idParams, response: { 200: addressSchema } } },
    async (request) => getAddress(ctx, sourceOf(request), request.params.id),
  )
  routes.post(
    '/api/addresses/',
    { config: signedIn, schema: { ...schema, body: addressInputSchema, response: { 201: addressSchema } } },
    async (request, reply) => reply.code(201).send(await saveMyAddress(ctx, sourceOf(request), request.body)),
  )
  routes.put(
    '/api/addresses/:id/',
    {
      config: signedIn,
      schema: { ...schema, params: idParams, body: addressInputSchema, response: { 200: addressSchema } },
    },
    async (request) => updateMyAddress(ctx, sourceOf(request), request.params.id, request.body),
  )

  routes.get(
    '/api/preferences/me/',
    { config: signedIn, schema: { ...schema, response: { 200: preferencesSchema } } },
    async (request) => getMyPreferences(ctx, sourceOf(request).principal.userId),
  )
  routes.patch(
    '/api/preferences/me/',
    {
      config: signedIn,
      schema: { ...schema, body: preferencesUpdateSchema, response: { 200: preferencesSchema } },
    },
    async (request) => updateMyPreferences(ctx, sourceOf(request), request.body),
  )
}
