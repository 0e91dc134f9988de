import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { User } from '@blueconsent/contract/auth'
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import { makeUser, userWithRole } from '../testing/fixtures.ts'
import { renderApp, signIn } from '../testing/render-app.tsx'

const path = (app: ReturnType<typeof renderApp>) =>
  `${app.router.state.location.pathname}${app.router.state.location.search}`

describe('routing and guards', () => {
  it('sends / and /app to the login page', async () => {
    const root = renderApp('/')
    await waitFor(() => expect(path(root)).toBe('/app/login'))
    root.unmount()
    const app = renderApp('/app')
    await waitFor(() => expect(path(app)).toBe('/app/login'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to BlueConsent' }),
    ).toBeInTheDocument()
  })

  it('sends a guest on a protected page to login with next', async () => {
    const app = renderApp('/app/care-management?tab=x')
    // The login page is a lazy chunk: on a busy machine its first load takes longer than waitFor's 1 s default.
    await waitFor(() => expect(path(app)).toBe('/app/login?next=%2Fapp%2Fcare-management%3Ftab%3Dx'), {
      timeout: 5_000,
    })
  })

  it('sends a signed-in user on the login route to the role home', async () => {
    await signIn(userWithRole('ACO_USER'))
    const app = renderApp('/app/login')
    await waitFor(() => expect(path(app)).toBe('/app/care-management'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Access' })).toBeInTheDocument()
  })

  it('lands role dashboards on /app/dashboard', async () => {
    await signIn(
      userWithRole('PHYSICIAN_ADMIN', {
        organization: { id: 'o', name: 'Lakeside Clinic', organization_type: 'PHYSICIAN_GROUP' },
      }),
    )
    const app = renderApp('/app/login')
    await waitFor(() => expect(path(app)).toBe('/app/dashboard'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana' })).toBeInTheDocument()
  })

  it('follows a safe next after login and ignores an unsafe one', async () => {
    await signIn(makeUser())
    const safe = renderApp('/app/login?next=%2Fapp%2Fchange-password')
    await waitFor(() => expect(path(safe)).toBe('/app/change-password'))
    safe.unmount()
    const unsafe = renderApp('/app/login?next=%2F%2Fevil.example%2Fsteal')
    await waitFor(() => expect(path(unsafe)).toBe('/app/dashboard'))
  })

  it('renders the 404 page for unmatched paths with a way home', async () => {
    renderApp('/app/no-such-page')
    expect(await screen.findByText("Oops! We couldn't find the page you're looking for.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('main')).toBeInTheDocument()
  })

  it('shows the 404 page inside the app shell when signed in', async () => {
    await signIn(makeUser())
    renderApp('/app/nowhere')
    expect(await screen.findByText("Oops! We couldn't find the page you're looking for.")).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('shows the dashboard with organisation, role and the role features', async () => {
    await signIn(makeUser())
    renderApp('/app/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana' })).toBeInTheDocument()
    expect(screen.getByText('Sunrise ACO (Accountable Care Organization)')).toBeInTheDocument()
    expect(screen.getAllByText('ACO Admin').length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { level: 3, name: 'Cost analysis' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Team' })).toBeInTheDocument()
  })

  describe('every route of the account, billing, team and role areas is registered with its guard', () => {
    const member = (role: Role, organization_type: OrganizationType | null = null): User =>
      userWithRole(role, {
        organization: organization_type ? { id: 'o', name: 'Org', organization_type } : null,
      })
    const aco = member('ACO_USER', 'ACO')
    const acoAdmin = member('ACO_ADMIN', 'ACO')
    const physician = member('PHYSICIAN_USER', 'PHYSICIAN_GROUP')
    const agent = member('AGENT_USER', 'INSURANCE_AGENCY')
    // The server marks the platform's ADMIN a superuser; the admin guard reads that, not the role.
    const platformAdmin = userWithRole('ADMIN', { organization: null, is_superuser: true })
    // [path, a user the guard lets in, a user it turns away, where that user lands]
    const cases: [string, User, User, string][] = [
      ['/app/aco/reports', acoAdmin, agent, '/app/unauthorized'],
      ['/app/physician/appointments', physician, aco, '/app/unauthorized'],
      ['/app/agent/quotes', agent, physician, '/app/unauthorized'],
      ['/app/agent/policies', agent, aco, '/app/unauthorized'],
      ['/app/admin', platformAdmin, aco, '/app/unauthorized'],
      ['/app/admin/users', platformAdmin, agent, '/app/unauthorized'],
      ['/app/admin/users/42', platformAdmin, physician, '/app/unauthorized'],
      ['/app/admin/organizations', platformAdmin, aco, '/app/unauthorized'],
      ['/app/admin/reports', platformAdmin, aco, '/app/unauthorized'],
      ['/app/admin/settings', platformAdmin, aco, '/app/unauthorized'],
      ['/app/admin/reference-data', platformAdmin, aco, '/app/unauthorized'],
      ['/app/admin/support', platformAdmin, acoAdmin, '/app/unauthorized'],
      // A non-admin opening invitations goes to their own home, not to an error.
      ['/app/invitations', acoAdmin, aco, '/app/care-management'],
    ]
    it.each(cases)('%s', async (route, allowed, refused, landing) => {
      await signIn(allowed)
      const open = renderApp(route)
      expect(await screen.findByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument()
      expect(path(open)).toBe(route)
      expect(screen.queryByText("Oops! We couldn't find the page you're looking for.")).toBeNull()
      open.unmount()
      await signIn(refused)
      const away = renderApp(route)
      await waitFor(() => expect(path(away)).toBe(landing))
    })

    it('opens TIN Management to the ACO admin of an ACO only', async () => {
      await signIn(acoAdmin)
      renderApp('/app/admin/tin-management')
      expect(await screen.findByRole('heading', { level: 1, name: 'TIN Management' })).toBeInTheDocument()
      for (const refused of [
        aco,
        member('PHYSICIAN_ADMIN', 'PHYSICIAN_GROUP'),
        member('ACO_ADMIN', 'FQHC'),
      ]) {
        document.body.innerHTML = ''
        await signIn(refused)
        const away = renderApp('/app/admin/tin-management')
        await waitFor(() => expect(path(away)).toBe('/app/unauthorized'))
      }
    })

    it('gives the physician and agent patient lists the patient list page', async () => {
      await signIn(physician)
      renderApp('/app/physician/patients')
      expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).toBeInTheDocument()
    })

    it('opens the public billing and contact pages to guests, and sends a signed-in invitee home', async () => {
      for (const route of [
        '/contact',
        '/app/contact',
        '/billing/success',
        '/billing/cancel',
        '/billing/invite',
      ]) {
        const app = renderApp(route)
        expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
        expect(path(app)).toBe(route)
        app.unmount()
      }
      await signIn(aco)
      const invitee = renderApp('/app/accept-invitation/abc')
      await waitFor(() => expect(path(invitee)).toBe('/app/care-management'))
    })

    it('keeps the signed-in account pages behind sign-in', async () => {
      for (const route of ['/app/profile', '/app/account', '/app/billing', '/app/support', '/app/setup']) {
        const app = renderApp(route)
        await waitFor(() => expect(path(app)).toBe(`/app/login?next=${encodeURIComponent(route)}`))
        app.unmount()
      }
    })
  })
})
