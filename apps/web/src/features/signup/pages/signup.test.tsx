import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { loginResponse, userWithRole } from '@/testing/fixtures.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { invitationToken } from './signup-status-pages.tsx'

describe('sign-up', { timeout: 20_000 }, () => {
  it('asks who is signing up, under /signup and /app/signup', async () => {
    renderApp('/signup')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your BlueConsent account' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: /Physician practice or FQHC/ })).toHaveAttribute(
      'href',
      '/signup/physician',
    )
    expect(screen.getByRole('link', { name: /Accountable Care Organization/ })).toHaveAttribute(
      'href',
      '/signup/aco-user',
    )
    expect(screen.getByRole('link', { name: /Insurance agency/ })).toHaveAttribute('href', '/signup/agent')
    expect(await axeViolations('page')).toEqual([])
    document.body.innerHTML = ''
    renderApp('/app/signup/agent')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up your agency' })).toBeTruthy()
  })

  it('checks a practice’s fields before sending, then creates the account and says to check email', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
      .on('POST /api/users/check-email/', json(200, { available: true }))
      .on('POST /api/users/', json(201, { detail: 'ok', email: 'pat@example.org' }))
    const app = renderApp('/signup/physician', { fake })
    await screen.findByRole('heading', { level: 1, name: 'Sign up your practice' })
    await user.type(screen.getByLabelText('First name'), 'Pat')
    await user.type(screen.getByLabelText('Last name'), 'Doe')
    await user.type(screen.getByLabelText('Work email'), 'Pat@Example.org')
    await user.type(screen.getByLabelText('Practice name'), 'Lakeside Family Medicine')
    await user.selectOptions(screen.getByLabelText('Type of practice'), 'FQHC')
    await user.type(screen.getByLabelText('NPI'), '1234567890')
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Correct-Horse-9')
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Correct-Horse-9')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('An NPI is 10 digits and must pass the NPI check digit')).toBeTruthy()
    expect(fake.callsTo('POST /api/users/')).toHaveLength(0)
    await user.clear(screen.getByLabelText('NPI'))
    await user.type(screen.getByLabelText('NPI'), '1234567893')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(fake.callsTo('POST /api/users/')).toHaveLength(1))
    expect(fake.callsTo('POST /api/users/')[0]?.body).toMatchObject({
      account_type: 'physician',
      email: 'pat@example.org',
      organization_type: 'FQHC',
      npi: '1234567893',
    })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/signup/success'))
    expect(await screen.findByText('pat@example.org')).toBeTruthy()
  })

  it('says at once when the address already has an account', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch().on('POST /api/users/check-email/', json(200, { available: false }))
    renderApp('/signup/aco-user', { fake })
    await user.type(await screen.findByLabelText('Work email'), 'taken@example.org')
    await user.tab()
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy()
  })

  it('verifies the address from the emailed link, or offers a new link when it no longer works', async () => {
    const ok = createFakeFetch().on(
      'POST /api/users/verify-email/',
      json(200, { detail: 'Your email address is verified. You can sign in now.', session: null }),
    )
    renderApp('/signup/verify/old.link', { fake: ok })
    expect(await screen.findByText('Your email address is verified. You can sign in now.')).toBeTruthy()
    for (const link of screen.getAllByRole('link', { name: 'Sign in' }))
      expect(link).toHaveAttribute('href', '/app/login')
    document.body.innerHTML = ''
    const used = createFakeFetch().on(
      'POST /api/users/verify-email/',
      json(404, { detail: 'x', code: 'not_found' }),
    )
    renderApp('/signup/verify/used.link', { fake: used })
    expect(await screen.findByText('This verification link is invalid or has expired')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy()
  })

  it('signs the new admin in from a fresh link and takes them to the setup wizard, not the dashboard', async () => {
    const admin = userWithRole('PHYSICIAN_ADMIN', {
      organization: {
        id: '33333333-3333-4333-8333-333333333333',
        name: 'Lakeside Family Medicine',
        organization_type: 'PHYSICIAN_GROUP',
      },
    })
    const fake = createFakeFetch()
      .on(
        'POST /api/users/verify-email/',
        json(200, {
          detail: 'Your email address is verified. Welcome to BlueConsent.',
          session: loginResponse(admin),
        }),
      )
      .on(
        'GET /api/setup/progress/',
        json(200, {
          state: null,
          updated_at: null,
          completed: false,
          organization: {
            name: 'Lakeside Family Medicine',
            organization_type: 'PHYSICIAN_GROUP',
            npi: '1234567893',
            npn: null,
            license_state: null,
          },
        }),
      )
    const app = renderApp('/signup/verify/fresh.link', { fake })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/setup'), { timeout: 10_000 })
    expect(fake.callsTo('POST /api/users/verify-email/')).toHaveLength(1)
  })

  it('reads the token from a pasted invitation link', () => {
    expect(invitationToken('https://portal.example/app/accept-invitation/abc123/')).toBe('abc123')
    expect(invitationToken('abc123')).toBe('abc123')
  })
})
