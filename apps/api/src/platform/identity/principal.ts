// Who is calling: the one shape every route, service and audit row uses for the signed-in caller (the
// principal), and for the caller together with the HTTP request that carried the call (the actor).
import type { OrganizationType, Permission, Role } from '@blueconsent/contract/shared'
import type { FastifyRequest } from 'fastify'
import { notAuthenticated } from '../errors.ts'
import type { Account } from './accounts.ts'

export type Principal = {
  userId: string
  role: Role
  organizationId: string | null
  organizationType: OrganizationType | null
  permissions: Permission[]
  tinIds: string[]
  allTins: boolean
  /** The platform's superuser (the ADMIN role): administers every organisation. */
  isSuperuser: boolean
  /** Names of the user's groups (admin guard). */
  groups: string[]
  /** Refresh-session family of a portal login. */
  sessionFamilyId: string | null
  /** Set for tokens issued to an OAuth client. */
  clientId: string | null
  scope: string | null
  /** The organisation's data revision when this request began (see Account.organizationRevision). */
  organizationRevision: number
}

/**
 * The signed-in caller and where the call came from: what audit rows and request events record. The address
 * and request id are null for work done outside an HTTP request (the demo seed acting as a persona).
 */
export type Actor = { principal: Principal; ip: string | null; httpRequestId: string | null }

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access plugin for every route that is neither public nor a dev tool. */
    principal: Principal | null
    /** The signed-in account as authentication loaded it (what /api/jwt/verify/ answers with). */
    account: Account | null
  }
}

/** The actor of a signed-in route; a route without a principal (public by mistake) answers 401. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}
