// After sign-in, the code of every page the user's role can reach is fetched in the background, so that
// losing the connection a moment later (a clinic's Wi-Fi, a phone in a lift) does not leave a page that
// cannot load. Pages behind a guard the user fails are skipped: they would only redirect.
import type { User } from '@blueconsent/contract/auth'
import { hasFeature } from '@blueconsent/contract/shared'
import type { RouteObject } from 'react-router'
import { canAccess, type AccessRule } from '../features/auth/components/access.ts'
import { passesPatientGuards, userHasPermission } from '../lib/permissions.ts'

/** Guards written as components; the route names one in its handle so the prefetch can ask it too. */
export type NamedGuard = 'patient-access' | 'audit' | 'patient-search'

export type RouteAccessHandle = { access?: AccessRule; guard?: NamedGuard }

const NAMED_GUARDS: Record<NamedGuard, (user: User) => boolean> = {
  'patient-access': passesPatientGuards,
  audit: (user) => userHasPermission(user, 'audit.view'),
  'patient-search': (user) => hasFeature(user.role, 'patient-search'),
}

const accessOf = (route: RouteObject): RouteAccessHandle =>
  typeof route.handle === 'object' && route.handle !== null ? (route.handle as RouteAccessHandle) : {}

function mayEnter(route: RouteObject, user: User): boolean {
  const { access, guard } = accessOf(route)
  if (access && !canAccess(user, access)) return false
  return !guard || NAMED_GUARDS[guard](user)
}

/** The lazy loaders of every route under `routes` the user passes the guards of. */
export function reachableLoaders(routes: readonly RouteObject[], user: User): (() => unknown)[] {
  return routes
    .filter((route) => mayEnter(route, user))
    .flatMap((route) => [
      ...(typeof route.lazy === 'function' ? [route.lazy] : []),
      ...reachableLoaders(route.children ?? [], user),
    ])
}

/**
 * Runs the loaders; the browser keeps each module, so the router's own load later is instant even offline.
 * A failure here is not the user's concern: the page tries again when it is opened.
 */
export async function prefetchRoutes(routes: readonly RouteObject[], user: User): Promise<void> {
  await Promise.allSettled(reachableLoaders(routes, user).map(async (load) => load()))
}
