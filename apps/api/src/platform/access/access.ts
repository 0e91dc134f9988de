// Every route declares who may call it (`config.access`); this plugin authenticates bearer tokens and
// enforces the rule before the body is even parsed. Routes without a rule are refused, and a test
// lists every route to make sure none is missing one.
import { passesAdminGuard, permissionsFor, type Permission, type Role } from '@blueconsent/contract/shared'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import type { AppConfig } from '../config.ts'
import type { AppContext } from '../context.ts'
import { AppError, notAuthenticated, notFound, permissionDenied } from '../errors.ts'
import { accountForRequest } from '../identity/accounts.ts'
import type { Principal } from '../identity/principal.ts'

/**
 * `'dev-tools'` is for the demo's tools (the outbox shows patients' contact details and live consent links):
 * served without sign-in, but only to a client on this machine, unless DEV_TOOLS_REMOTE says otherwise.
 * `admin: true` is the admin guard: a superuser or a member of an admin group. Which organisations an admin
 * may act on is the route's business (adminScopeOf): a group member who is not a superuser has only their own.
 */
export type AccessRule =
  'public' | 'dev-tools' | { roles?: readonly Role[]; permissions?: readonly Permission[]; admin?: true }

/** The stand-ins' own switches (faults, clock, resets): dev tools, never open to the network. */
export const STAND_IN_SWITCHES = /\/__admin\//

export type RegisteredRoute = { method: string; url: string; options: RouteOptions }

/**
 * A rule about the caller's organisation that a route declares (`config.requires`) and a feature defines:
 * it throws the route's answer (403, 402) when the rule does not hold. The access plugin runs it after the
 * body is validated, before the handler, so the feature that owns the rule is never imported by the route's.
 */
export type RouteRequirementCheck = (ctx: AppContext, principal: Principal) => Promise<void>
/** Requirement checks by name, as the features export them and the app hands them to registerAccess. */
export type RouteRequirements = Record<string, RouteRequirementCheck>

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule
    /** Set false only for endpoints called server-to-server (webhooks). */
    csrf?: boolean
    /** Names of route requirements (RouteRequirements) the caller's organisation must meet. */
    requires?: readonly string[]
  }
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[]
    /**
     * Marks every route registered in this plugin scope (third-party UI, static files, the stand-ins of
     * outside services) as public; those whose URL matches `devTools` (a stand-in's switches) as dev tools.
     */
    markRoutesPublic(options?: { devTools?: RegExp }): void
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const invalidToken = (): AppError =>
  new AppError(401, 'token_not_valid', 'Given token not valid for any token type')

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

// Who the caller is comes from the database on every request, in one query (findAccount): the token only
// names the user, and role, organisation, TIN scope, the active flag, the refresh-session family (logout,
// replay, password change) and an OAuth code are read fresh. So deactivating a user, removing a TIN or
// changing a role takes effect on the very next request, on every instance, whoever made the change
// (an API route, a migration, an operator in psql).
//
// Why not an in-process principal cache: it would only be safe if every writer of users, user_tins, tins,
// organisations and refresh_sessions remembered to invalidate it, and even then only within this process;
// a second instance (or a write from outside the app) would keep serving a deactivated user until the
// entry expired. A version counter on the user row would avoid that, but checking it is itself a query per
// request, the same indexed primary-key lookup this one query already is. The single query took the
// verify bench from 5 statements per request to 1 (bench/README.md); under load the requests waiting at the
// same moment share that statement (platform/identity/account-batches.ts), each still read after it arrived.
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request)
  if (!token) throw notAuthenticated()
  const { ctx } = app
  const claims = await ctx.tokens.verify(token, ctx.clock()).catch(() => {
    throw invalidToken()
  })
  const account = await accountForRequest(ctx.db, claims.sub, {
    sessionFamilyId: claims.sid,
    grantId: claims.grant_id,
  })
  // A deactivated user, or anyone of a deactivated organisation, is nobody from the next request on.
  if (!account || !account.isActive || !account.organizationActive) throw invalidToken()
  // A logged-out or replay-revoked session, and tokens minted from a replayed authorization code, die with it.
  if (!account.sessionLive || !account.grantLive) throw invalidToken()
  request.account = account
  const organizationType = account.organization?.organizationType ?? null
  return {
    userId: account.id,
    role: account.role,
    organizationId: account.organizationId,
    organizationType,
    permissions: permissionsFor(account.role, organizationType),
    // From the database, not the token's tin_ids/all_tins: a removed TIN stops working at once.
    tinIds: account.tinIds,
    allTins: account.allTins,
    isSuperuser: account.isSuperuser,
    groups: account.groups,
    sessionFamilyId: claims.sid ?? null,
    clientId: claims.client_id ?? null,
    scope: claims.scope ?? null,
    organizationRevision: account.organizationRevision,
  }
}

const adminGuardView = (principal: Principal) => ({
  is_superuser: principal.isSuperuser,
  groups: principal.groups.map((name) => ({ name })),
})

/**
 * The organisations an admin route may touch: every one for a superuser, else only the admin's own (an
 * admin-group member without an organisation administers nothing). Routes pass this to their service, which
 * filters every query by it and answers 404 for anything outside.
 */
export type AdminScope = { kind: 'platform' } | { kind: 'organization'; organizationId: string | null }

export const adminScopeOf = (principal: Principal): AdminScope =>
  principal.isSuperuser
    ? { kind: 'platform' }
    : { kind: 'organization', organizationId: principal.organizationId }

/** Headers a proxy uses to name the caller it forwards. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

/**
 * A caller on this machine, talking to us directly: the socket's address, never X-Forwarded-For (a proxy on
 * the same machine forwards remote callers, and that header is theirs to write). Behind a trusted proxy
 * (TRUST_PROXY set) nobody counts as local: every call arrives from the proxy, which need not name its caller.
 */
export function isLoopbackClient(
  request: FastifyRequest,
  trustProxy: AppConfig['trustProxy'] = false,
): boolean {
  if (trustProxy !== false) return false
  const address = request.socket.remoteAddress ?? ''
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
  return loopback && FORWARDING_HEADERS.every((header) => request.headers[header] === undefined)
}

function allows(
  rule: Exclude<AccessRule, 'public' | 'dev-tools'>,
  principal: Principal,
  method: string,
): boolean {
  if (rule.roles && !rule.roles.includes(principal.role)) return false
  if (rule.admin && !passesAdminGuard(adminGuardView(principal))) return false
  if (rule.permissions && !rule.permissions.every((permission) => principal.permissions.includes(permission)))
    return false
  // An OAuth client granted only 'read' may not change anything.
  if (principal.scope !== null && !SAFE_METHODS.has(method) && !principal.scope.split(' ').includes('write'))
    return false
  return true
}

/** Refuses a route that requires something no feature defined: a typo would otherwise guard nothing. */
function assertRequirementsDefined(options: RouteOptions, requirements: RouteRequirements): void {
  for (const name of options.config?.requires ?? [])
    if (!Object.hasOwn(requirements, name))
      throw new Error(`Route ${options.url} requires '${name}', which no feature defines`)
}

export function registerAccess(app: FastifyInstance, requirements: RouteRequirements = {}): void {
  app.decorate('registeredRoutes', [] as RegisteredRoute[])
  app.decorateRequest('principal', null)
  app.decorateRequest('account', null)
  app.decorate(
    'markRoutesPublic',
    function markRoutesPublic(this: FastifyInstance, marking: { devTools?: RegExp } = {}) {
      this.addHook('onRoute', (options) => {
        const access = marking.devTools?.test(options.url) ? 'dev-tools' : 'public'
        options.config = { ...options.config, access }
      })
    },
  )
  app.addHook('onRoute', (options) => {
    assertRequirementsDefined(options, requirements)
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    for (const method of methods) app.registeredRoutes.push({ method, url: options.url, options })
  })
  app.addHook('onRequest', async (request) => {
    if (request.is404) return
    const rule = request.routeOptions.config.access
    if (rule === undefined) throw permissionDenied()
    if (rule === 'public') return
    if (rule === 'dev-tools') {
      const { devToolsRemote, trustProxy } = app.ctx.config
      if (!devToolsRemote && !isLoopbackClient(request, trustProxy)) throw notFound()
      return
    }
    const principal = await authenticate(app, request)
    if (!allows(rule, principal, request.method)) throw permissionDenied()
    request.principal = principal
  })
  app.addHook('preHandler', async (request) => {
    const required = request.routeOptions.config.requires ?? []
    if (required.length === 0) return
    if (!request.principal) throw notAuthenticated()
    for (const name of required) await requirements[name]?.(app.ctx, request.principal)
  })
}
