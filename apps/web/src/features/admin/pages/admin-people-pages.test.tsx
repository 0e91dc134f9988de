import type { AdminOrganization, AdminUser, AdminUserDetail } from '@blueconsent/contract/admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ID = '33333333-3333-4333-8333-333333333333'
const listed: AdminUser = {
  id: ID,
  email: 'avery.admin@example.test',
  first_name: 'Avery',
  last_name: 'Admin',
  role: 'ADMIN',
  organization_id: null,
  organization_name: null,
  is_active: true,
  is_superuser: true,
  groups: [],
  date_joined: '2026-01-01T10:00:00Z',
  last_login_at: null,
}
const detail: AdminUserDetail = {
  ...listed,
  organization_type: null,
  email_verified: true,
  all_tins: false,
  tins: [],
  two_factor_enabled: false,
  active_sessions: [],
  recent_sign_ins: [],
  recent_activity: [{ at: '2026-11-01T10:00:00Z', action: 'patient.search', target_type: 'patient' }],
}
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results })
const LAST =
  'This is the last active platform administrator: they cannot be deactivated or given another role.'

const emptyOrganization: AdminOrganization = {
  id: '55555555-5555-4555-8555-555555555555',
  name: '',
  organization_type: 'ACO',
  is_active: true,
  member_count: 1,
  active_member_count: 1,
  tin_count: 1,
  billing_status: null,
  setup_completed_at: null,
  created_at: '2026-01-01T10:00:00Z',
  address: null,
}

const superuser = makeUser({ role: 'ADMIN', is_superuser: true, organization: null })

describe('admin people pages', { timeout: 40_000 }, () => {
  it('sorts the user list on the server when a column header is clicked', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
      .on('GET /api/admin/users/', json(200, page([listed])))
      .on('GET /api/admin/organizations/', json(200, page([])))
    await signIn(superuser)
    renderApp('/app/admin/users', { fake })
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 30_000 })
    expect(within(table).getByRole('link', { name: 'Avery Admin' })).toBeTruthy()
    await user.click(within(table).getByRole('button', { name: 'Email' }))
    await user.click(within(table).getByRole('button', { name: /Email/ }))
    await waitFor(() => {
      const orderings = fake
        .callsTo('GET /api/admin/users/')
        .map((call) => new URL(call.url, 'http://x').searchParams.get('ordering'))
      expect(orderings).toContain('-email')
    })
    expect(await axeViolations()).toEqual([])
  })

  it('asks before deactivating and shows the server’s reason when it refuses', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
      .on(`GET /api/admin/users/${ID}/`, json(200, detail))
      .on(`POST /api/admin/users/${ID}/deactivate/`, json(400, { detail: LAST, code: 'validation_error' }))
    await signIn(superuser)
    renderApp(`/app/admin/users/${ID}`, { fake })
    await screen.findByRole('heading', { level: 2, name: 'Profile' }, { timeout: 10_000 })
    expect(screen.getByText('searched for patients', { exact: false })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Deactivate' }))
    const dialog = screen.getByRole('dialog', { name: 'Deactivate user' })
    expect(fake.callsTo(`POST /api/admin/users/${ID}/deactivate/`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    expect(await screen.findByText(LAST)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy()
  })

  it('deactivates an organisation only after a confirmation that takes a reason, and shows its status', async () => {
    const user = userEvent.setup()
    const ORG = '44444444-4444-4444-8444-444444444444'
    const organization: AdminOrganization = {
      id: ORG,
      name: 'Lakeside Physician Group',
      organization_type: 'PHYSICIAN_GROUP',
      is_active: true,
      member_count: 3,
      active_member_count: 3,
      tin_count: 0,
      billing_status: null,
      setup_completed_at: '2026-01-01T10:00:00Z',
      created_at: '2026-01-01T10:00:00Z',
      address: null,
    }
    const fake = createFakeFetch()
      .on('GET /api/admin/organizations/', json(200, page([organization])))
      .on(`PATCH /api/admin/organizations/${ORG}/`, json(200, { ...organization, is_active: false }))
    await signIn(superuser)
    renderApp('/app/admin/organizations', { fake })
    const table = await screen.findByRole('table', { name: 'Organizations' }, { timeout: 30_000 })
    expect(within(table).getByText('Active')).toBeTruthy()
    await user.click(within(table).getByRole('button', { name: 'Deactivate Lakeside Physician Group' }))
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Lakeside Physician Group?' })
    expect(within(dialog).getByText(/signed out at once/)).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    expect(fake.callsTo(`PATCH /api/admin/organizations/${ORG}/`)).toHaveLength(0)
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Contract ended')
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate organization' }))
    expect(await screen.findByText(/The organization was deactivated/)).toBeTruthy()
    expect(fake.callsTo(`PATCH /api/admin/organizations/${ORG}/`)[0]?.body).toEqual({
      is_active: false,
      reason: 'Contract ended',
    })
  })

  it('offers no deactivation to an organisation’s own admin', async () => {
    const fake = createFakeFetch().on(
      'GET /api/admin/organizations/',
      json(200, page([{ ...emptyOrganization, name: 'Riverbend' }])),
    )
    await signIn(makeUser({ role: 'ACO_ADMIN', groups: [{ name: 'Organization Admin' }] }))
    renderApp('/app/admin/organizations', { fake })
    const table = await screen.findByRole('table', { name: 'Organizations' }, { timeout: 30_000 })
    expect(within(table).getByRole('button', { name: 'Edit Riverbend' })).toBeTruthy()
    expect(within(table).queryByRole('button', { name: /Deactivate/ })).toBeNull()
  })
})
