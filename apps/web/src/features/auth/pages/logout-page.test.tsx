import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

describe('LogoutPage', () => {
  it('shows the account, signs out, toasts and goes to login', async () => {
    await signIn(makeUser())
    document.cookie = 'csrftoken=test-csrf; path=/'
    const fake = createFakeFetch().on(
      'POST /api/logout/',
      json(500, { detail: 'Boom', code: 'server_error' }),
    )
    const app = renderApp('/app/logout', { fake })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Out' })).toBeInTheDocument()
    expect(screen.getByText('Dana Reyes')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/login'))
    expect(await screen.findByText('You have been logged out successfully')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/logout/')[0]?.headers.get('Authorization')).toBe(
      'Bearer test-access-token',
    )
    expect(localStorage.getItem('has_session')).toBeNull()
  })

  it('Cancel goes back to the dashboard', async () => {
    await signIn(makeUser())
    renderApp('/app/logout')
    expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/app/dashboard')
  })
})
