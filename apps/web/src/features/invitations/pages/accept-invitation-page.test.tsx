import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { loginResponse, userWithRole } from '@/testing/fixtures.ts'
import { renderApp } from '@/testing/render-app.tsx'

const TOKEN = 'a'.repeat(43)
const VERIFY = `GET /api/users/invitations/verify/${TOKEN}/`
const ACCEPT = `POST /api/users/invitations/accept/${TOKEN}/`

describe('Accept Invitation', { timeout: 40_000 }, () => {
  it('checks the link, takes a name and password, and sends the new user to sign in when a second factor is due', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
      .on(VERIFY, json(200, { email: 'ivy@example.org', role: 'ACO_USER', organization_name: 'Sunrise ACO' }))
      .on(
        ACCEPT,
        json(201, {
          detail: 'Your account is ready. Sign in to continue.',
          login_url: '/app/login',
          email: 'ivy@example.org',
          session: null,
        }),
      )
    renderApp(`/app/accept-invitation/${TOKEN}`, { fake })
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Complete your account setup to join the platform',
      }),
    ).toBeTruthy()
    expect(await screen.findByText(/You are joining Sunrise ACO as ACO User/)).toBeTruthy()
    expect(await axeViolations('page')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('First name is required')).toBeTruthy()
    expect(screen.getByText('Last name is required')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    await user.type(screen.getByLabelText('First name'), 'Ivy')
    await user.type(screen.getByLabelText('Last name'), 'Newman')
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-9')
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-Horse-8')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Passwords do not match')).toBeTruthy()
    await user.clear(screen.getByLabelText('Confirm password'))
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-Horse-9')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(fake.callsTo(ACCEPT)).toHaveLength(1))
    expect(await screen.findByText('Your account is ready. Sign in to continue.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/app/login?email=ivy%40example.org',
    )
  })

  it('signs the new member in and takes them to their home page', async () => {
    const user = userEvent.setup()
    const member = userWithRole('ACO_USER', { email: 'ivy@example.org', first_name: 'Ivy' })
    const fake = createFakeFetch()
      .on(VERIFY, json(200, { email: 'ivy@example.org', role: 'ACO_USER', organization_name: 'Sunrise ACO' }))
      .on(
        ACCEPT,
        json(201, {
          detail: 'Your account is ready. Welcome to BlueConsent.',
          login_url: '/app/login',
          email: 'ivy@example.org',
          session: loginResponse(member),
        }),
      )
    const app = renderApp(`/app/accept-invitation/${TOKEN}`, { fake })
    await user.type(await screen.findByLabelText('First name'), 'Ivy')
    await user.type(screen.getByLabelText('Last name'), 'Newman')
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-9')
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-Horse-9')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/care-management'), {
      timeout: 10_000,
    })
    expect(screen.queryByRole('link', { name: 'Go to Login' })).toBeNull()
  })

  it('says so when the link is invalid, used or expired', async () => {
    const fake = createFakeFetch().on(
      VERIFY,
      json(404, { detail: 'This invitation is invalid or has expired', code: 'not_found' }),
    )
    renderApp(`/app/accept-invitation/${TOKEN}`, { fake })
    expect(await screen.findByText('This invitation is invalid or has expired')).toBeTruthy()
    renderApp('/app/accept-invitation/short')
    expect(await screen.findByText('Invalid invitation link')).toBeTruthy()
  })
})
