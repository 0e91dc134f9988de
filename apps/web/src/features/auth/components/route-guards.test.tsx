import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { session } from '@/lib/session.ts'
import { makeUser, userWithRole } from '@/testing/fixtures.ts'
import { canAccess, isAdminUser, type AccessRule } from './access.ts'
import { postLoginTarget } from './post-login-target.ts'
import { RequireAccess, RequireAuth } from './route-guards.tsx'

function renderGuarded(
  rule: AccessRule & { fallback?: 'unauthorized' | 'home' },
  url = '/app/tin-management',
) {
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RequireAccess {...rule} />,
            children: [{ path: '/app/tin-management', element: <h1>TIN Management</h1> }],
          },
          { path: '/app/unauthorized', element: <h1>Access denied</h1> },
          { path: '/app/care-management', element: <h1>Data Access</h1> },
        ],
      },
      { path: '/app/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} />)
  return router
}

afterEach(() => session.clearLocal())

describe('canAccess', () => {
  const aco = makeUser({ role: 'ACO_ADMIN' })
  it('checks roles, admin and organisation type together', () => {
    expect(canAccess(aco, { roles: ['ACO_ADMIN'], organizationTypes: ['ACO'] })).toBe(true)
    expect(canAccess(aco, { roles: ['ADMIN'] })).toBe(false)
    expect(canAccess(aco, { organizationTypes: ['INSURANCE_AGENCY'] })).toBe(false)
    expect(canAccess(makeUser({ role: 'ACO_USER' }), { admin: true })).toBe(false)
    expect(
      canAccess(makeUser({ role: 'ACO_ADMIN', organization: null }), { organizationTypes: ['ACO'] }),
    ).toBe(false)
  })

  it('treats superusers and admin groups as admins (the admin guard)', () => {
    expect(isAdminUser(makeUser({ role: 'USER', is_superuser: true }))).toBe(true)
    expect(isAdminUser(makeUser({ role: 'USER', groups: [{ name: 'Tenant Admin' }] }))).toBe(true)
    expect(isAdminUser(makeUser({ role: 'USER' }))).toBe(false)
    // An organisation's admin role alone is not the admin guard: only a superuser or a group member passes.
    expect(isAdminUser(makeUser({ role: 'ACO_ADMIN' }))).toBe(false)
    expect(isAdminUser(makeUser({ role: 'ACO_ADMIN', groups: [{ name: 'Organization Admin' }] }))).toBe(true)
  })
})

describe('guards', () => {
  it('lets a user who passes the rule through', async () => {
    await session.start({ access: 't', expires_in: 900, user: makeUser() })
    renderGuarded({ roles: ['ACO_ADMIN'], organizationTypes: ['ACO'] })
    expect(await screen.findByRole('heading', { name: 'TIN Management' })).toBeInTheDocument()
  })

  it('sends a user with the wrong role to /app/unauthorized', async () => {
    await session.start({ access: 't', expires_in: 900, user: userWithRole('ACO_USER') })
    const router = renderGuarded({ roles: ['ACO_ADMIN'] })
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/app/unauthorized')
  })

  it('sends a user with the wrong organisation type to /app/unauthorized', async () => {
    await session.start({
      access: 't',
      expires_in: 900,
      user: makeUser({
        organization: { id: 'o', name: 'Quick Quotes', organization_type: 'INSURANCE_AGENCY' },
      }),
    })
    renderGuarded({ roles: ['ACO_ADMIN'], organizationTypes: ['ACO'] })
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument()
  })

  it('with fallback="home", sends the user to their role home instead', async () => {
    await session.start({ access: 't', expires_in: 900, user: userWithRole('ACO_USER') })
    const router = renderGuarded({ admin: true, fallback: 'home' })
    expect(await screen.findByRole('heading', { name: 'Data Access' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/app/care-management')
  })

  it('sends a guest to login with next', async () => {
    const router = renderGuarded({ roles: ['ACO_ADMIN'] }, '/app/tin-management?page=2')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?next=%2Fapp%2Ftin-management%3Fpage%3D2')
  })
})

describe('postLoginTarget', () => {
  it('prefers a safe next, uses a full page load for /o/authorize, else the role home', () => {
    expect(postLoginTarget('/app/change-password', '/app/dashboard')).toEqual({
      kind: 'route',
      to: '/app/change-password',
    })
    expect(postLoginTarget('/o/authorize/?client_id=x', '/app/dashboard')).toEqual({
      kind: 'document',
      to: '/o/authorize/?client_id=x',
    })
    expect(postLoginTarget('https://evil.example/', '/app/care-management')).toEqual({
      kind: 'route',
      to: '/app/care-management',
    })
    expect(postLoginTarget('//evil.example/', '/app/dashboard')).toEqual({
      kind: 'route',
      to: '/app/dashboard',
    })
    expect(postLoginTarget(null, '/app/agent-dashboard')).toEqual({
      kind: 'route',
      to: '/app/agent-dashboard',
    })
  })
})
