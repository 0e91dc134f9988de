import type { Member } from '@blueconsent/contract/members'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser, userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ORG = '22222222-2222-4222-8222-222222222222'
const FIRST = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
const SECOND = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
const jordan: Member = {
  id: '33333333-3333-4333-8333-333333333333',
  full_name: 'Jordan Lee',
  email: 'jordan.lee@sunrise-aco.example',
  role: 'ACO_USER',
  all_tins: false,
  tins: [{ id: FIRST, display_name: 'Riverbend Primary Care', masked_tin: 'XX-XXX6789' }],
  is_active: true,
  last_login_at: '2026-11-20T10:00:00Z',
}
const dana: Member = {
  ...jordan,
  id: makeUser().id,
  full_name: 'Dana Reyes',
  role: 'ACO_ADMIN',
  all_tins: true,
  tins: [],
}

function membersFake() {
  return createFakeFetch()
    .on(`GET /api/organizations/${ORG}/members/`, json(200, { count: 2, results: [dana, jordan] }))
    .on(
      'GET /api/invitations/tins/',
      json(200, {
        results: [
          {
            id: FIRST,
            tin_value: '123456789',
            display_name: 'Riverbend Primary Care',
            masked_tin: 'XX-XXX6789',
          },
          {
            id: SECOND,
            tin_value: '987654321',
            display_name: 'Riverbend Cardiology',
            masked_tin: 'XX-XXX4321',
          },
        ],
      }),
    )
    .on(`PATCH /api/organizations/${ORG}/members/${jordan.id}/`, json(200, jordan))
}

describe('ACO Members', { timeout: 20_000 }, () => {
  it('shows each member’s role, TINs, status and last sign-in; the admin changes TINs and deactivates', async () => {
    const user = userEvent.setup()
    await signIn(makeUser())
    const { fake } = renderApp('/app/aco/members', { fake: membersFake() })
    const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 30_000 })
    const row = within(table).getByText('Jordan Lee').closest('tr') as HTMLElement
    expect(within(row).getByText('ACO User')).toBeTruthy()
    expect(row).toHaveTextContent('Riverbend Primary Care (XX-XXX6789)')
    expect(within(row).getByText('Nov 20, 2026')).toBeTruthy()
    expect(within(table).getByText('All TINs')).toBeTruthy()
    // Nobody deactivates themselves.
    expect(within(table).queryByRole('button', { name: 'Deactivate Dana Reyes' })).toBeNull()
    expect(await axeViolations()).toEqual([])

    await user.click(within(row).getByRole('button', { name: 'Change TINs of Jordan Lee' }))
    const dialog = screen.getByRole('dialog', { name: 'TINs of Jordan Lee' })
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'Riverbend Cardiology (XX-XXX4321)' }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save TINs' }))
    await waitFor(() =>
      expect(fake.callsTo(`PATCH /api/organizations/${ORG}/members/${jordan.id}/`)).toHaveLength(1),
    )
    expect(fake.callsTo(`PATCH /api/organizations/${ORG}/members/${jordan.id}/`)[0]?.body).toEqual({
      tin_ids: [FIRST, SECOND],
    })
    expect(await screen.findByText('TINs of Jordan Lee updated')).toBeTruthy()

    await user.click(within(row).getByRole('button', { name: 'Deactivate Jordan Lee' }))
    const confirm = screen.getByRole('dialog', { name: 'Deactivate member' })
    expect(within(confirm).getByText(/signed out everywhere at once/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() =>
      expect(fake.callsTo(`PATCH /api/organizations/${ORG}/members/${jordan.id}/`)).toHaveLength(2),
    )
    expect(fake.callsTo(`PATCH /api/organizations/${ORG}/members/${jordan.id}/`)[1]?.body).toEqual({
      is_active: false,
    })
  })

  it('shows ACO users the list without the admin’s actions', async () => {
    await signIn(userWithRole('ACO_USER'))
    renderApp('/app/aco/members', { fake: membersFake() })
    const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 30_000 })
    expect(within(table).queryByRole('button')).toBeNull()
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull()
  })

  it('shows a member limited to TINs who has none as such', async () => {
    await signIn(makeUser())
    const demoted: Member = { ...jordan, id: SECOND, full_name: 'Sam Demoted', tins: [] }
    const fake = createFakeFetch().on(
      `GET /api/organizations/${ORG}/members/`,
      json(200, { count: 2, results: [dana, demoted] }),
    )
    renderApp('/app/aco/members', { fake })
    const row = (await screen.findByText('Sam Demoted', {}, { timeout: 30_000 })).closest('tr')
    if (!row) throw new Error('no row for the member')
    expect(within(row).getByText('No TINs — sees only patients not yet under a TIN')).toBeInTheDocument()
    const admin = (await screen.findByText('Dana Reyes')).closest('tr')
    expect(admin && within(admin).getByText('All TINs')).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })
})
