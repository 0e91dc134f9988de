import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { session } from '@/lib/session.ts'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { loginResponse, userWithRole } from '@/testing/fixtures.ts'
import { renderApp } from '@/testing/render-app.tsx'

const LOGIN = 'POST /api/jwt/login/'
const SECOND = 'POST /api/jwt/login/two-factor/'
const SETUP = 'POST /api/jwt/login/two-factor/setup/'
const CONFIRM = 'POST /api/jwt/login/two-factor/confirm/'
const signedIn = loginResponse(userWithRole('AGENT_USER', { organization: null }))
const QR = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`

function withCsrf() {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch()
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'agent@quick-quotes.example')
  await user.type(screen.getByLabelText('Password'), 'correct horse')
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

afterEach(() => session.clearLocal())

describe('sign-in with two-factor', { timeout: 30_000 }, () => {
  it('asks for the authenticator code after the password, then signs in', async () => {
    const fake = withCsrf()
      .on(
        LOGIN,
        json(200, { two_factor_required: true, challenge: 'ch-1', methods: ['totp', 'recovery_code'] }),
      )
      .on(
        SECOND,
        json(400, { code: ['That code is not valid. Check your authenticator app and try again.'] }),
        json(200, signedIn),
      )
    const app = renderApp('/app/login', { fake })
    const user = userEvent.setup()
    await passwordStep(user)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument()
    expect(localStorage.getItem('has_session')).toBeNull()
    expect(await axeViolations()).toEqual([])

    await user.type(screen.getByLabelText('Authentication code'), '12')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6 digits from your authenticator app')).toBeInTheDocument()
    expect(fake.callsTo(SECOND)).toHaveLength(0)
    await user.type(screen.getByLabelText('Authentication code'), '3 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(
      await screen.findByText('That code is not valid. Check your authenticator app and try again.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/dashboard'))
    expect(fake.callsTo(SECOND)[1]?.body).toEqual({ challenge: 'ch-1', code: '123456' })
    expect(fake.callsTo(SECOND)[1]?.headers.get('Authorization')).toBeNull()
  })

  it('takes a recovery code instead', async () => {
    const fake = withCsrf()
      .on(
        LOGIN,
        json(200, { two_factor_required: true, challenge: 'ch-2', methods: ['totp', 'recovery_code'] }),
      )
      .on(SECOND, json(200, signedIn))
    const app = renderApp('/app/login', { fake })
    const user = userEvent.setup()
    await passwordStep(user)
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }))
    expect(screen.getByText('Enter one of your recovery codes')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-23456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/dashboard'))
    expect(fake.callsTo(SECOND)[0]?.body).toEqual({ challenge: 'ch-2', recovery_code: 'abcde-23456' })
  })

  it('goes back to the password when the challenge has expired', async () => {
    const fake = withCsrf()
      .on(
        LOGIN,
        json(200, { two_factor_required: true, challenge: 'ch-3', methods: ['totp', 'recovery_code'] }),
      )
      .on(
        SECOND,
        json(401, { detail: 'Your sign-in has expired. Please sign in again.', code: 'token_not_valid' }),
      )
    renderApp('/app/login', { fake })
    const user = userEvent.setup()
    await passwordStep(user)
    await user.type(await screen.findByLabelText('Authentication code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Your sign-in has expired. Please sign in again.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to BlueConsent' })).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveValue('')
  })

  it('enrols an authenticator when the organisation requires it, shows the codes, then signs in', async () => {
    const fake = withCsrf()
      .on(LOGIN, json(200, { two_factor_enrollment_required: true, challenge: 'ch-4' }))
      .on(
        SETUP,
        json(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/x',
          qr_code: QR,
        }),
      )
      .on(
        CONFIRM,
        json(200, { ...signedIn, recovery_codes: Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`) }),
      )
    const app = renderApp('/app/login', { fake })
    const user = userEvent.setup()
    await passwordStep(user)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Your organization requires two-factor authentication. Set up an authenticator app to continue.',
      ),
    ).toBeInTheDocument()
    expect(
      await screen.findByAltText('QR code to add BlueConsent to your authenticator app'),
    ).toBeInTheDocument()
    expect(fake.callsTo(SETUP)[0]?.body).toEqual({ challenge: 'ch-4' })
    expect(await axeViolations()).toEqual([])
    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321')
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }))
    const codes = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10)
    // Not signed in until the codes are acknowledged.
    expect(app.router.state.location.pathname).toBe('/app/login')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/dashboard'))
    expect(fake.callsTo(CONFIRM)[0]?.body).toEqual({ challenge: 'ch-4', code: '654321' })
  })
})
