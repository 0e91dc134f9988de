// Every route declares who may call it (`config.access`); this plugin authenticates bearer tokens and
// enforces the rule before the body is even parsed. Routes without a rule are refused, and a test
// lists every route to make sure none is missing one.
import { permissionsFor, type OrganizationType, type Permission, type Role } from '@blueconsent/contract'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { eq } from 'drizzle-orm'
import { oauthCodes } from '../db/schema/oauth.ts'
import { AppError, notAuthenticated, permissionDenied } from '../errors.ts'
import { findOrganization, findUserById } from '../features/auth/auth.repository.ts'

export type AccessRule = 'public' | { roles?: readonly Role[]; permissions?: readonly Permission[] }

export type Principal = {
  userId: string
  role: Role
  organizationId: string | null
  organizationType: OrganizationType | null
  permissions: Permission[]
  tinIds: string[]
  allTins: boolean
  /** Refresh-session family of a portal login. */
  sessionFamilyId: string | null
  /** Set for tokens issued to an OAuth client. */
  clientId: string | null
  scope: string | null
}

export type RegisteredRoute = { method: string; url: string; options: RouteOptions }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule
    /** Set false only for endpoints called server-to-server (webhooks). */
    csrf?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
  }
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[]
    /** Marks every route registered in this plugin scope (third-party UI and static files) as public. */
    markRoutesPublic(): void
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const invalidToken = (): AppError => new AppError(401, 'token_not_valid', 'Given token not valid for any token type')

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request)
  if (!token) throw notAuthenticated()
  const { ctx } = app
  const claims = await ctx.tokens.verify(token, ctx.clock()).catch(() => {
    throw invalidToken()
  })
  const user = await findUserById(ctx.db, claims.sub)
  if (!user || !user.isActive) throw invalidToken()
  if (claims.grant_id) {
    // Tokens minted from a replayed authorization code die with it.
    const [grant] = await ctx.db.select({ revokedAt: oauthCodes.revokedAt }).from(oauthCodes).where(eq(oauthCodes.id, claims.grant_id))
    if (!grant || grant.revokedAt) throw invalidToken()
  }
  const organization = await findOrganization(ctx.db, user.organizationId)
  const organizationType = organization?.organizationType ?? null
  return {
    userId: user.id,
    role: user.role,
    organizationId: user.organizationId,
    organizationType,
    permissions: permissionsFor(user.role, organizationType),
    tinIds: claims.tin_ids,
    allTins: claims.all_tins,
    sessionFamilyId: claims.sid ?? null,
    clientId: claims.client_id ?? null,
    scope: claims.scope ?? null,
  }
}

function allows(rule: Exclude<AccessRule, 'public'>, principal: Principal, method: string): boolean {
  if (rule.roles && !rule.roles.includes(principal.role)) return false
  if (rule.permissions && !rule.permissions.every((permission) => principal.permissions.includes(permission))) return false
  // An OAuth client granted only 'read' may not change anything.
  if (principal.scope !== null && !SAFE_METHODS.has(method) && !principal.scope.split(' ').includes('write')) return false
  return true
}

export function registerAccess(app: FastifyInstance): void {
  app.decorate('registeredRoutes', [] as RegisteredRoute[])
  app.decorateRequest('principal', null)
  app.decorate('markRoutesPublic', function markRoutesPublic(this: FastifyInstance) {
    this.addHook('onRoute', (options) => {
      options.config = { ...options.config, access: 'public' }
    })
  })
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    for (const method of methods) app.registeredRoutes.push({ method, url: options.url, options })
  })
  app.addHook('onRequest', async (request) => {
    if (request.is404) return
    const rule = request.routeOptions.config.access
    if (rule === undefined) throw permissionDenied()
    if (rule === 'public') return
    const principal = await authenticate(app, request)
    if (!allows(rule, principal, request.method)) throw permissionDenied()
    request.principal = principal
  })
}
