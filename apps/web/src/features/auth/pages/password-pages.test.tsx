import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json, networkFailure } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const RESET = 'POST /api/users/password-reset/'
const CONFIRM = 'POST /api/users/password-reset-confirm/'
const CHANGE = 'POST /api/users/password-change/'
const NEUTRAL = 'If an account with this email exists, a password reset link has been sent.'

function csrfFake() {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch()
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('password reset request', () => {
  it('validates the email, then shows the neutral message even when the call fails', async () => {
    const fake = csrfFake().on(RESET, json(500, { detail: 'Boom', code: 'server_error' }))
    renderApp('/app/password-reset', { fake })
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument()
    type('Email', 'not-an-email')
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(fake.callsTo(RESET)).toHaveLength(0)
    type('Email', 'dana@sunrise-aco.example')
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument()
    expect(fake.callsTo(RESET)[0]?.body).toEqual({ email: 'dana@sunrise-aco.example' })
  })

  it('is also the forgot-password page for guests', async () => {
    renderApp('/forgot-password')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })
})

describe('password reset confirm', () => {
  it('checks length and match before calling the server', async () => {
    const fake = csrfFake()
    renderApp('/app/password-reset/MQ/abc-123', { fake })
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' })
    type('New password', 'short')
    type('Confirm new password', 'different')
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(fake.callsTo(CONFIRM)).toHaveLength(0)
  })

  it('sends uid and token from the query string and shows success with a way to login', async () => {
    const fake = csrfFake().on(CONFIRM, json(200, { detail: 'ok' }))
    renderApp('/app/password-reset?uid=MQ&token=abc-123', { fake })
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' })
    type('New password', 'a-long-new-password')
    type('Confirm new password', 'a-long-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Your password has been reset successfully.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/app/login')
    expect(fake.callsTo(CONFIRM)[0]?.body).toEqual({
      uid: 'MQ',
      token: 'abc-123',
      password: 'a-long-new-password',
      password_confirm: 'a-long-new-password',
    })
  })

  it('shows field errors, the token error as the general message, and the fallbacks', async () => {
    const fake = csrfFake().on(
      CONFIRM,
      json(400, {
        password: ['This password is too common.'],
        token: ['The reset link is invalid or has expired.'],
      }),
      json(400, {}),
      () => networkFailure(),
    )
    renderApp('/app/password-reset/MQ/abc-123', { fake })
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' })
    type('New password', 'password123')
    type('Confirm new password', 'password123')
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument()
    expect(screen.getByText('The reset link is invalid or has expired.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(
      await screen.findByText('An error occurred. The reset link may be invalid or expired.'),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('A network error occurred. Please try again.')).toBeInTheDocument()
  })
})

describe('change password', () => {
  it('validates, shows server field errors, then succeeds', async () => {
    await signIn(makeUser())
    const fake = csrfFake().on(
      CHANGE,
      json(400, { old_password: ['Your current password is incorrect.'] }),
      json(200, {}),
    )
    renderApp('/app/change-password', { fake })
    await screen.findByRole('heading', { level: 1, name: 'Change Password' })
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }))
    expect(await screen.findByText('Current password is required')).toBeInTheDocument()
    expect(screen.getByText('New password is required')).toBeInTheDocument()
    type('Current password', 'old-password')
    type('New password', 'brand-new-password')
    type('Confirm new password', 'brand-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }))
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument()
    expect(fake.callsTo(CHANGE)[0]?.headers.get('Authorization')).toBe('Bearer test-access-token')
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }))
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''))
  })
})
