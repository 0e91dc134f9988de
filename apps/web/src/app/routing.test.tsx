import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
    await waitFor(() => expect(path(app)).toBe('/app/login?next=%2Fapp%2Fcare-management%3Ftab%3Dx'))
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
})
