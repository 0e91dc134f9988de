// The contract's endpoint table and the server's routes are one list: every route the API serves under
// /api/ is registered from a contract endpoint (same method and path, its access rule and schemas), and
// every contract endpoint is served.
import { ACCESS_RULES, endpointKey } from '@blueconsent/contract/shared'
import { ENDPOINT_LIST } from '@blueconsent/contract/endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCS_PREFIX } from './platform/http/docs.ts'
import type { RegisteredRoute } from './platform/access/access.ts'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

/** Routes under /api/ that are not JSON endpoints of the contract: the API's own documentation pages. */
const outsideTheContract = (route: RegisteredRoute): boolean => route.url.startsWith(DOCS_PREFIX)

const apiRoutes = (routes: readonly RegisteredRoute[]): RegisteredRoute[] =>
  routes.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      route.method !== 'HEAD' &&
      route.method !== 'OPTIONS' &&
      !outsideTheContract(route),
  )

describe('endpoint registry', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ config: { devTools: true } })
    await t.app.ready()
  })
  afterAll(() => t?.close())

  it('registers every route under /api/ from a contract endpoint, with its method, path and access rule', () => {
    const strays: string[] = []
    for (const route of apiRoutes(t.app.registeredRoutes)) {
      const key = `${route.method} ${route.url}`
      const endpoint = route.options.config?.endpoint
      if (!endpoint) {
        strays.push(`${key} has a literal path`)
        continue
      }
      if (!ENDPOINT_LIST.includes(endpoint)) strays.push(`${key} comes from an endpoint outside the registry`)
      if (endpointKey(endpoint) !== key) strays.push(`${key} is registered as ${endpointKey(endpoint)}`)
      if (route.options.config?.access !== ACCESS_RULES[endpoint.access])
        strays.push(`${key} does not apply its endpoint's access rule ${endpoint.access}`)
    }
    expect(strays).toEqual([])
  })

  it('serves every contract endpoint', () => {
    const served = new Set(
      t.app.registeredRoutes.flatMap((route) => {
        const endpoint = route.options.config?.endpoint
        return endpoint ? [endpoint] : []
      }),
    )
    const missing = ENDPOINT_LIST.filter((endpoint) => !served.has(endpoint)).map(endpointKey)
    expect(missing).toEqual([])
  })

  it('keeps every endpoint key unique', () => {
    const keys = ENDPOINT_LIST.map(endpointKey)
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })
})
