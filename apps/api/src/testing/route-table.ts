// The signed-in routes as the standing suites walk them (the access matrix, the lifecycle matrix): every
// contract endpoint with an access rule that needs a caller, and any route under /api/ and /o/ registered
// with a literal path and such a rule, each called with a placeholder id.
import { ENDPOINT_LIST } from '@blueconsent/contract/endpoints'
import { ACCESS_RULES, endpointKey } from '@blueconsent/contract/shared'
import type { RegisteredRoute } from '../platform/access/access.ts'
import { ACCESS_DECLARATION, type Caller } from '../access-matrix.expected.ts'

/** An id no row has: a route that takes one answers 404 to whoever may call it. */
export const NOBODY = '00000000-0000-4000-8000-000000000000'

const needsCaller = (route: RegisteredRoute): boolean =>
  (route.url.startsWith('/api/') || route.url.startsWith('/o/')) &&
  typeof route.options.config?.access === 'object' &&
  route.method !== 'HEAD' &&
  route.method !== 'OPTIONS'

/** The registry's signed-in endpoints, each as the app registered it (an endpoint it does not serve throws). */
function signedInEndpointRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  return ENDPOINT_LIST.filter((endpoint) => typeof ACCESS_RULES[endpoint.access] === 'object').map(
    (endpoint) => {
      const route = routes.find(
        (candidate) =>
          candidate.method === endpoint.method && candidate.options.config?.endpoint === endpoint,
      )
      if (!route) throw new Error(`${endpointKey(endpoint)} is not registered`)
      return route
    },
  )
}

export const signedInRoutes = (routes: readonly RegisteredRoute[]): RegisteredRoute[] =>
  [
    ...signedInEndpointRoutes(routes),
    ...routes.filter((route) => needsCaller(route) && !route.options.config?.endpoint),
  ].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`))

export const keyOf = (route: RegisteredRoute): string => `${route.method} ${route.url}`

export function urlWith(route: RegisteredRoute, id: string): string {
  return route.url.replace(/:[A-Za-z_]+/g, id).replace('*', 'x')
}

/** The declared callers of a route, with the named groups expanded. */
export function declaredCallers(key: string): Set<Caller> | undefined {
  const declared = ACCESS_DECLARATION[key]
  if (!declared) return undefined
  return new Set<Caller>(declared)
}
