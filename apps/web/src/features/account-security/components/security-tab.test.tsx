import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser, userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ORG = '22222222-2222-4222-8222-222222222222'
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-2345${index}`)
const QR = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`
const off = {
  state: 'off',
  required: false,
  enabled_at: null,
  recovery_codes_remaining: 0,
  locked_until: null,
}
const on = { ...off, state: 'on', enabled_at: '2026-03-02T10:00:00Z', recovery_codes_remaining: 10 }
const sessions = {
  count: 2,
  results: [
    {
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      device: 'Chrome on macOS',
      ip_address: '203.0.113.5',
      created_at: '2026-03-02T09:00:00Z',
      last_used_at: '2026-03-02T10:00:00Z',
      current: true,
    },
    {
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      device: 'Firefox on Windows',
      ip_address: '203.0.113.6',
      created_at: '2026-03-01T09:00:00Z',
      last_used_at: '2026-03-01T12:00:00Z',
      current: false,
    },
  ],
}

function securityFake() {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch()
    .on('GET /api/two-factor/', json(200, off))
    .on('GET /api/sessions/', json(200, sessions))
    .on(`GET /api/organizations/${ORG}/security/`, json(200, { require_two_factor: false }))
    .on('GET /api/integrations/authorized-apps/', json(200, { results: [] }))
}

const GRANT = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
const authorizedApp = {
  grant_id: GRANT,
  app_name: 'Care Sync',
  organization_name: 'Riverbend ACO',
  scopes: ['read', 'write'],
  authorized_at: '2026-03-02T09:00:00Z',
  last_used_at: '2026-03-02T11:00:00Z',
}

describe('Security tab', { timeout: 30_000 }, () => {
  it('sets up two-factor with the password, the authenticator and a first code, then shows the codes once', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    const fake = securityFake()
      .on(
        'POST /api/two-factor/setup/',
        json(400, { password: ['Your current password is incorrect.'] }),
        json(200, { secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_code: QR }),
      )
      .on(
        'POST /api/two-factor/confirm/',
        json(400, { code: ['That code is not valid. Check your authenticator app and try again.'] }),
        json(200, { recovery_codes: CODES }),
      )
    renderApp('/app/account?tab=security', { fake })
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' })
    expect(await within(card).findByText('Off')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Change password' })).toBeTruthy()
    // Only organisation admins see the requirement.
    expect(screen.queryByRole('region', { name: 'Organization security' })).toBeNull()
    expect(await axeViolations()).toEqual([])

    await user.click(within(card).getByRole('button', { name: 'Set up two-factor' }))
    await user.type(within(card).getByLabelText('Current password'), 'wrong')
    await user.click(within(card).getByRole('button', { name: 'Continue' }))
    expect(await within(card).findByText('Your current password is incorrect.')).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Continue' }))
    expect(
      await within(card).findByAltText('QR code to add BlueConsent to your authenticator app'),
    ).toBeTruthy()
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy()
    expect(await axeViolations()).toEqual([])

    await user.type(within(card).getByLabelText('Code from your authenticator app'), '12')
    await user.click(within(card).getByRole('button', { name: 'Turn on two-factor' }))
    expect(await within(card).findByText('Enter the 6 digits from your authenticator app')).toBeTruthy()
    expect(fake.callsTo('POST /api/two-factor/confirm/')).toHaveLength(0)
    await user.type(within(card).getByLabelText('Code from your authenticator app'), '3456')
    await user.click(within(card).getByRole('button', { name: 'Turn on two-factor' }))
    expect(
      await within(card).findByText('That code is not valid. Check your authenticator app and try again.'),
    ).toBeTruthy()
    fake.on('GET /api/two-factor/', json(200, on))
    await user.click(within(card).getByRole('button', { name: 'Turn on two-factor' }))
    const list = await within(card).findByRole('list', { name: 'Recovery codes' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    expect(fake.callsTo('POST /api/two-factor/confirm/')[1]?.body).toEqual({ code: '123456' })
    await user.click(within(card).getByRole('button', { name: 'I have saved my codes' }))
    expect(await within(card).findByText('Two-factor authentication is on.')).toBeTruthy()
    expect(await within(card).findByText('On')).toBeTruthy()
    expect(within(card).getByText('10 of 10')).toBeTruthy()
  })

  it('turns two-factor off with the password and a code', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    const fake = securityFake()
      .on('GET /api/two-factor/', json(200, on))
      .on('POST /api/two-factor/disable/', json(200, { detail: 'Two-factor authentication is off.' }))
    renderApp('/app/account?tab=security', { fake })
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' })
    await user.click(await within(card).findByRole('button', { name: 'Turn off two-factor' }))
    await user.click(within(card).getByRole('button', { name: 'Turn off two-factor' }))
    expect(await within(card).findByText('Current password is required')).toBeTruthy()
    await user.type(within(card).getByLabelText('Current password'), 'Secret-password-1')
    await user.type(within(card).getByLabelText('Authentication code or recovery code'), 'abcde-23456')
    fake.on('GET /api/two-factor/', json(200, off))
    await user.click(within(card).getByRole('button', { name: 'Turn off two-factor' }))
    expect(await within(card).findByText('Two-factor authentication is off.')).toBeTruthy()
    expect(await within(card).findByRole('button', { name: 'Set up two-factor' })).toBeTruthy()
    expect(fake.callsTo('POST /api/two-factor/disable/')[0]?.body).toEqual({
      password: 'Secret-password-1',
      code: 'abcde-23456',
    })
  })

  it('lists sessions and signs out one or every other', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    const fake = securityFake()
      .on('DELETE /api/sessions/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb/', json(200, { detail: 'ok' }))
      .on('POST /api/sessions/sign-out-others/', json(200, { signed_out: 1 }))
    renderApp('/app/account?tab=security', { fake })
    const card = await screen.findByRole('region', { name: 'Active sessions' })
    const list = await within(card).findByRole('list', { name: 'Sessions' })
    expect(within(list).getByText('Chrome on macOS')).toBeTruthy()
    expect(within(list).getByText('This device')).toBeTruthy()
    await user.click(within(list).getByRole('button', { name: /^Sign out Firefox on Windows/ }))
    expect(await within(card).findByText('That session has been signed out.')).toBeTruthy()
    expect(fake.callsTo('DELETE /api/sessions/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb/')).toHaveLength(1)
    await user.click(within(card).getByRole('button', { name: 'Sign out other sessions' }))
    expect(await within(card).findByText('Every other session has been signed out.')).toBeTruthy()
  })

  it('lists the apps the user authorized and revokes one', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    // The list answers what the server holds: the app until it is revoked.
    let revoked = false
    const fake = securityFake()
      .on('GET /api/integrations/authorized-apps/', () =>
        Promise.resolve(json(200, { results: revoked ? [] : [authorizedApp] })),
      )
      .on(`DELETE /api/integrations/authorized-apps/${GRANT}/`, () => {
        revoked = true
        return Promise.resolve(new Response(null, { status: 204 }))
      })
    renderApp('/app/account?tab=security', { fake })
    // Generous waits: the tab's cards load lazily and a busy machine can take seconds.
    const slow = { timeout: 10_000 }
    const card = await screen.findByRole('region', { name: 'Authorized apps' }, slow)
    const list = await within(card).findByRole('list', { name: 'Authorized apps' }, slow)
    expect(within(list).getByText('Care Sync')).toBeTruthy()
    expect(list.textContent).toContain('Riverbend ACO')
    expect(list.textContent).toContain('Can: Read, Write')
    expect(await axeViolations()).toEqual([])
    await user.click(within(list).getByRole('button', { name: 'Revoke Care Sync' }))
    expect(
      await within(card).findByText('Care Sync can no longer access your account.', {}, slow),
    ).toBeTruthy()
    expect(fake.callsTo(`DELETE /api/integrations/authorized-apps/${GRANT}/`)).toHaveLength(1)
    expect(await within(card).findByText('You have not authorized any apps.', {}, slow)).toBeTruthy()
  })

  it('changes the password with the account page’s messages', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    const fake = securityFake().on(
      'POST /api/users/password-change/',
      json(400, { detail: 'Nope', code: 'x' }),
      json(200, { detail: 'Password updated successfully' }),
    )
    renderApp('/app/account?tab=security', { fake })
    const card = await screen.findByRole('region', { name: 'Change password' })
    await user.type(within(card).getByLabelText('Current password'), 'old-password')
    await user.type(within(card).getByLabelText('New password'), 'short')
    await user.type(within(card).getByLabelText('Confirm new password'), 'other')
    await user.click(within(card).getByRole('button', { name: 'Change password' }))
    expect(await within(card).findByText('Password must be at least 8 characters long')).toBeTruthy()
    expect(within(card).getByText('New passwords do not match')).toBeTruthy()
    await user.clear(within(card).getByLabelText('New password'))
    await user.type(within(card).getByLabelText('New password'), 'long-enough-1')
    await user.clear(within(card).getByLabelText('Confirm new password'))
    await user.type(within(card).getByLabelText('Confirm new password'), 'long-enough-1')
    await user.click(within(card).getByRole('button', { name: 'Change password' }))
    expect(await within(card).findByText('Nope')).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Change password' }))
    expect(await within(card).findByText('Password changed successfully!')).toBeTruthy()
    await waitFor(() => expect(within(card).getByLabelText('Current password')).toHaveValue(''))
  })

  it('lets an organisation admin require two-factor of every member', async () => {
    const user = userEvent.setup()
    await signIn(makeUser())
    const fake = securityFake().on(
      `PUT /api/organizations/${ORG}/security/`,
      json(200, { require_two_factor: true }),
    )
    renderApp('/app/account?tab=security', { fake })
    const card = await screen.findByRole('region', { name: 'Organization security' })
    const toggle = await within(card).findByRole('switch', { name: 'Require two-factor for all members' })
    expect(toggle).not.toBeChecked()
    expect(await axeViolations()).toEqual([])
    await user.click(toggle)
    expect(
      await within(card).findByText(
        'Two-factor authentication is now required for every member of your organization.',
      ),
    ).toBeTruthy()
    expect(fake.callsTo(`PUT /api/organizations/${ORG}/security/`)[0]?.body).toEqual({
      require_two_factor: true,
    })
    await waitFor(() => expect(toggle).toBeChecked())
  })
})
