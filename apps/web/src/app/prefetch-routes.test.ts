import type { RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { userWithRole } from '../testing/fixtures.ts'
import { prefetchRoutes, reachableLoaders } from './prefetch-routes.ts'
import { SIGNED_IN_ROUTE_ID, routes } from './route-table.tsx'

const loader = (name: string) =>
  Object.assign(
    vi.fn(async () => ({})),
    { page: name },
  )
const pages = (...names: string[]): RouteObject[] => names.map((name) => ({ path: name, lazy: loader(name) }))
const loaded = (found: (() => unknown)[]) => found.map((load) => (load as { page?: string }).page)

const tree: RouteObject[] = [
  {
    lazy: loader('auth'),
    children: [
      ...pages('dashboard'),
      {
        handle: { access: { roles: ['ACO_ADMIN', 'ACO_USER'], organizationTypes: ['ACO'] } },
        children: pages('aco-reports'),
      },
      { handle: { access: { admin: true } }, children: pages('admin-users') },
      { handle: { guard: 'audit' }, lazy: loader('audit-guard'), children: pages('audit') },
      { handle: { guard: 'patient-access' }, children: pages('patient') },
    ],
  },
]

describe('reachableLoaders', () => {
  it('collects the pages a role can open and skips those behind a guard it fails', () => {
    const acoUser = userWithRole('ACO_USER')
    expect(loaded(reachableLoaders(tree, acoUser))).toEqual(['auth', 'dashboard', 'aco-reports', 'patient'])
    const agent = userWithRole('AGENT_USER', {
      organization: { id: 'o', name: 'Agency', organization_type: 'INSURANCE_AGENCY' },
    })
    expect(loaded(reachableLoaders(tree, agent))).toEqual(['auth', 'dashboard', 'patient'])
    // The admin guard lets in an admin-group member, not the ACO_ADMIN role as such.
    const acoAdmin = userWithRole('ACO_ADMIN', { groups: [{ name: 'Organization Admin' }] })
    expect(loaded(reachableLoaders(tree, acoAdmin))).toEqual([
      'auth',
      'dashboard',
      'aco-reports',
      'admin-users',
      'audit-guard',
      'audit',
      'patient',
    ])
  })
})

describe('prefetchRoutes on the real route table', () => {
  const signedIn = (routes[0]?.children ?? []).filter((route) => route.id === SIGNED_IN_ROUTE_ID)

  it('finds the signed-in pages and loads every one the ACO admin can reach', async () => {
    expect(signedIn).toHaveLength(1)
    const admin = userWithRole('ACO_ADMIN')
    const agent = userWithRole('AGENT_USER', {
      organization: { id: 'o', name: 'Agency', organization_type: 'INSURANCE_AGENCY' },
    })
    expect(reachableLoaders(signedIn, agent).length).toBeLessThan(reachableLoaders(signedIn, admin).length)
    await expect(prefetchRoutes(signedIn, admin)).resolves.toBeUndefined()
  })

  it('is not stopped by a page that fails to load', async () => {
    const failing: RouteObject[] = [
      { path: 'a', lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) },
      { path: 'b', lazy: loader('b') },
    ]
    await expect(prefetchRoutes(failing, userWithRole('ACO_USER'))).resolves.toBeUndefined()
    expect(failing[1]?.lazy).toHaveBeenCalled()
  })
})
