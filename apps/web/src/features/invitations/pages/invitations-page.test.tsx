import type { Invitation } from '@blueconsent/contract/invitations'
import type { Member } from '@blueconsent/contract/members'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const TIN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
const pending: Invitation = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  email: 'new.person@example.org',
  role: 'ACO_USER',
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-11-22T10:00:00Z',
  is_accepted: false,
  status: 'pending',
  organization_name: 'Sunrise ACO',
  invited_by_email: 'dana.reyes@sunrise-aco.example',
  tin_ids: [TIN],
}

const ORG = '22222222-2222-4222-8222-222222222222'
const joined: Member = {
  id: '44444444-4444-4444-8444-444444444444',
  full_name: 'Ivy Newman',
  email: 'ivy.newman@example.org',
  role: 'ACO_USER',
  all_tins: false,
  tins: [{ id: TIN, display_name: 'Riverbend Primary Care', masked_tin: 'XX-XXX6789' }],
  is_active: true,
  last_login_at: null,
}

function invitationsFake() {
  return createFakeFetch()
    .on(`GET /api/organizations/${ORG}/members/`, json(200, { count: 1, results: [joined] }))
    .on('GET /api/invitations/', json(200, { count: 1, results: [pending] }))
    .on(
      'GET /api/invitations/tins/',
      json(200, {
        results: [
          {
            id: TIN,
            tin_value: '123456789',
            display_name: 'Riverbend Primary Care',
            masked_tin: 'XX-XXX6789',
          },
        ],
      }),
    )
    .on(
      'POST /api/users/invitations/send/',
      json(201, {
        detail: 'Invitation sent to ivy@example.org',
        invitation: pending,
        login_url: 'http://localhost/app/login',
      }),
    )
    .on(`POST /api/users/invitations/${pending.id}/resend/`, json(200, pending))
    .on(`DELETE /api/invitations/${pending.id}/`, new Response(null, { status: 204 }))
    .on(
      'POST /api/users/invitations/bulk/',
      json(200, {
        detail: 'Successfully sent 2 invitation(s)',
        sent: 2,
        results: [
          { email: 'a@example.org', sent: true, error: null },
          { email: 'b@example.org', sent: true, error: null },
          {
            email: 'taken@example.org',
            sent: false,
            error: 'This email is already a member of this organization',
          },
        ],
      }),
    )
}

async function openInvitations(fake = invitationsFake()) {
  await signIn(makeUser())
  const app = renderApp('/app/invitations', { fake })
  await screen.findByRole('heading', { level: 1, name: 'User Invitations' }, { timeout: 10_000 })
  return app
}

describe('User Invitations', { timeout: 20_000 }, () => {
  it('lists invitations with their status, and resends and revokes pending ones', async () => {
    const user = userEvent.setup()
    const { fake } = await openInvitations()
    const table = await screen.findByRole('table', { name: 'Invitations' })
    expect(within(table).getByText('new.person@example.org')).toBeTruthy()
    expect(within(table).getByText('Pending')).toBeTruthy()
    expect(screen.getByText('1 invitation')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Manage Invitations' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await user.click(
      within(table).getByRole('button', { name: 'Resend invitation to new.person@example.org' }),
    )
    expect(await screen.findByText('Invitation resent successfully')).toBeTruthy()
    await user.click(
      within(table).getByRole('button', { name: 'Revoke invitation to new.person@example.org' }),
    )
    expect(await screen.findByText('Invitation revoked successfully')).toBeTruthy()
    expect(fake.callsTo(`DELETE /api/invitations/${pending.id}/`)).toHaveLength(1)
  })

  it('shows the team’s members beside its invitations, on the Team link’s page too', async () => {
    await signIn(makeUser())
    renderApp('/app/invitation', { fake: invitationsFake() })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Members' }, { timeout: 10_000 }),
    ).toBeTruthy()
    const members = await screen.findByRole('table', { name: 'Members' })
    expect(within(members).getByText('Ivy Newman').closest('tr')).toHaveTextContent(
      'Riverbend Primary Care (XX-XXX6789)',
    )
    expect(within(members).getByText('Never')).toBeTruthy()
    expect(await screen.findByRole('table', { name: 'Invitations' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('offers the ACO admin only the roles they may give, asks a scoped role for a TIN, then sends', async () => {
    const user = userEvent.setup()
    const { fake } = await openInvitations()
    await user.click(screen.getByRole('tab', { name: 'Invite User' }))
    const roles = within(screen.getByLabelText('Role'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(roles).toEqual(['Choose a role', 'ACO Administrator', 'ACO User', 'Regular User'])
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    expect(screen.getByText('Email is required')).toBeTruthy()
    expect(screen.getByText('Role is required')).toBeTruthy()
    await user.type(screen.getByLabelText('Email'), 'ivy@example.org')
    await user.selectOptions(screen.getByLabelText('Role'), 'ACO_USER')
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    expect(await screen.findByText('Select at least one Tin')).toBeTruthy()
    expect(fake.callsTo('POST /api/users/invitations/send/')).toHaveLength(0)
    await user.click(await screen.findByRole('checkbox', { name: 'Riverbend Primary Care (XX-XXX6789)' }))
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    await waitFor(() => expect(fake.callsTo('POST /api/users/invitations/send/')).toHaveLength(1))
    expect(fake.callsTo('POST /api/users/invitations/send/')[0]?.body).toEqual({
      email: 'ivy@example.org',
      role: 'ACO_USER',
      tin_ids: [TIN],
    })
    expect(await screen.findByText('Invitation sent to ivy@example.org')).toBeTruthy()
    // Two seconds later the list is back.
    expect(await screen.findByRole('table', { name: 'Invitations' }, { timeout: 4_000 })).toBeTruthy()
  })

  it('tells an admin role it receives every TIN', async () => {
    const user = userEvent.setup()
    await openInvitations()
    await user.click(screen.getByRole('tab', { name: 'Invite User' }))
    await user.selectOptions(screen.getByLabelText('Role'), 'ACO_ADMIN')
    expect(screen.getByText('Administrators automatically receive access to all active Tins.')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'TINs this person may work under' })).toBeNull()
  })

  it('checks every bulk address, then reports those it could not invite', async () => {
    const user = userEvent.setup()
    const { fake } = await openInvitations()
    await user.click(screen.getByRole('tab', { name: 'Bulk Invite' }))
    const emails = screen.getByLabelText(/Email addresses/)
    await user.type(emails, 'a@example.org, nope')
    await user.selectOptions(screen.getByLabelText('Role'), 'ACO_ADMIN')
    await user.click(screen.getByRole('button', { name: 'Send Invitations' }))
    expect(screen.getByText('Invalid email format: nope')).toBeTruthy()
    await user.clear(emails)
    await user.type(emails, 'a@example.org\nb@example.org, taken@example.org')
    await user.click(screen.getByRole('button', { name: 'Send Invitations' }))
    await waitFor(() => expect(fake.callsTo('POST /api/users/invitations/bulk/')).toHaveLength(1))
    expect(fake.callsTo('POST /api/users/invitations/bulk/')[0]?.body).toMatchObject({
      emails: ['a@example.org', 'b@example.org', 'taken@example.org'],
      role: 'ACO_ADMIN',
    })
    expect(await screen.findByText('Successfully sent 2 invitation(s)')).toBeTruthy()
    expect(
      screen.getByText('taken@example.org: This email is already a member of this organization'),
    ).toBeTruthy()
  })
})
