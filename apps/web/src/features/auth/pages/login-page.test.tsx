import { ORGANIZATION_SUSPENDED_MESSAGE } from '@blueconsent/contract/shared'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeFetch, json, networkFailure } from '@/testing/fake-fetch.ts'
import { loginResponse, userWithRole } from '@/testing/fixtures.ts'
import { renderApp } from '@/testing/render-app.tsx'

const LOGIN = 'POST /api/jwt/login/'

// change events rather than typing: the lockout test submits five times and typing is slow in jsdom.
async function fillAndSubmit(email = 'dana@sunrise-aco.example', password = 'wrong-password') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: /sign in|locked|no connection/i }))
}

function withCsrf() {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch()
}

afterEach(() => {
  vi.useRealTimers()
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true })
})

describe('LoginPage', () => {
  it('has the spec content: labelled fields, links and selling points', async () => {
    renderApp('/app/login')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to BlueConsent' }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('Remember me')).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/app/support')
    expect(screen.getByRole('link', { name: 'Can’t sign in? Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    )
    for (const point of [
      'HIPAA compliant',
      'End-to-end encryption',
      'Fast authorization',
      'Multi-provider access',
    ]) {
      expect(screen.getByRole('heading', { name: point })).toBeInTheDocument()
    }
    expect(screen.getByText(/© 2025 BlueConsent/)).toBeInTheDocument()
  })

  it('shows and hides the password', async () => {
    renderApp('/app/login')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Show password' }))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })

  it('requires both email and password, without calling the server', async () => {
    const app = renderApp('/app/login')
    await fillAndSubmit('', '')
    expect(await screen.findByText('Please enter both email and password.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', 'login-error')
    expect(app.fake.callsTo(LOGIN)).toHaveLength(0)
  })

  it.each([
    [400, { non_field_errors: ['Unable to log in.'] }, 'Invalid email or password. Please try again.'],
    [
      401,
      { detail: 'No active account.', code: 'authentication_failed' },
      'Invalid email or password. Please try again.',
    ],
    [403, { detail: 'Forbidden', code: 'permission_denied' }, 'Access denied'],
    [
      403,
      { detail: ORGANIZATION_SUSPENDED_MESSAGE, code: 'permission_denied' },
      "Your organization's access to BlueConsent is suspended. Please contact your administrator.",
    ],
    [
      429,
      { detail: 'Too many', code: 'rate_limited' },
      'Too many attempts. Please wait before trying again.',
    ],
    [500, { detail: 'Boom', code: 'server_error' }, 'Server error occurred'],
  ])('maps a %i answer to its message', async (status, body, message) => {
    const fake = withCsrf().on(LOGIN, json(status, body))
    renderApp('/app/login', { fake })
    await fillAndSubmit()
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('maps a network failure to its message', async () => {
    const fake = withCsrf().on(LOGIN, () => networkFailure())
    renderApp('/app/login', { fake })
    await fillAndSubmit()
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument()
  })

  it('locks the form for the Retry-After of a 429', async () => {
    const fake = withCsrf().on(
      LOGIN,
      json(429, { detail: 'Too many', code: 'rate_limited' }, { 'Retry-After': '42' }),
    )
    renderApp('/app/login', { fake })
    await fillAndSubmit()
    expect(await screen.findByRole('button', { name: 'Locked (42s)' })).toBeDisabled()
  })

  it('locks after 5 failed attempts for 60 s, counting down, then unlocks', async () => {
    const fake = withCsrf().on(LOGIN, json(401, { detail: 'Bad credentials', code: 'authentication_failed' }))
    renderApp('/app/login', { fake })
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await fillAndSubmit()
      await screen.findByText('Invalid email or password. Please try again.')
    }
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await fillAndSubmit()
    expect(
      await screen.findByText('Too many login attempts. Please wait 1 minute before trying again.'),
    ).toBeInTheDocument()
    // The fake clock also follows real time (userEvent needs it), so a busy machine may have let a second
    // or two pass since the lock: read the countdown's start, then check it moves by the time advanced.
    const locked = screen.getByRole('button', { name: /^Locked \((\d+)s\)$/ })
    expect(locked).toBeDisabled()
    const startedAt = Number(/\((\d+)s\)/.exec(locked.textContent ?? '')?.[1])
    expect(startedAt).toBeGreaterThanOrEqual(57)
    expect(startedAt).toBeLessThanOrEqual(60)
    expect(screen.getByText(`Too many attempts. Please wait ${startedAt} seconds.`)).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000)
    })
    const later = Number(
      /\((\d+)s\)/.exec(screen.getByRole('button', { name: /^Locked/ }).textContent ?? '')?.[1],
    )
    // The countdown redraws on a one-second tick whose phase the real clock shifts: 3 s on the clock shows as
    // 2 to 4 seconds fewer, plus whatever real time a busy machine adds.
    expect(startedAt - later).toBeGreaterThanOrEqual(2)
    expect(startedAt - later).toBeLessThanOrEqual(5)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(58_000)
    })
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
    expect(fake.callsTo(LOGIN)).toHaveLength(5)
  }, 15_000)

  it('reads No Connection while offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false })
    renderApp('/app/login')
    expect(await screen.findByRole('button', { name: 'No Connection' })).toBeDisabled()
    expect(screen.getByText('No internet connection. Please check your network.')).toBeInTheDocument()
  })

  it('explains an expired session', async () => {
    renderApp('/app/login?reason=session_expired')
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument()
  })

  it('remembers the email when asked and pre-fills it next time', async () => {
    const fake = withCsrf().on(
      LOGIN,
      json(200, loginResponse(userWithRole('AGENT_USER', { organization: null }))),
    )
    const app = renderApp('/app/login', { fake })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'agent@quick-quotes.example')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByLabelText('Remember me'))
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/dashboard'))
    expect(fake.callsTo(LOGIN)[0]?.body).toEqual({
      email: 'agent@quick-quotes.example',
      password: 'correct horse',
      remember_me: true,
    })
    expect(fake.callsTo(LOGIN)[0]?.headers.get('X-CSRFToken')).toBe('test-csrf')
    expect(localStorage.getItem('remembered_email')).toBe('agent@quick-quotes.example')
    expect(localStorage.getItem('has_session')).toBe('true')
    app.unmount()

    localStorage.setItem('remembered_email', 'agent@quick-quotes.example')
    const { session } = await import('@/lib/session.ts')
    session.clearLocal()
    renderApp('/app/login')
    expect(await screen.findByLabelText('Email')).toHaveValue('agent@quick-quotes.example')
    expect(screen.getByLabelText('Remember me')).toBeChecked()
  })
})
