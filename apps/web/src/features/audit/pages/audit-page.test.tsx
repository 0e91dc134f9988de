import type { AuditEntry } from '@blueconsent/contract/audit'
import type { Paginated } from '@blueconsent/contract/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import { createFakeFetch, json, type FakeFetch } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const PATIENT = '10000000-0000-4000-8000-000000000001'
const REQUEST = '30000000-0000-4000-8000-000000000003'

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  occurred_at: '2026-11-20T09:30:00Z',
  actor_user_id: '11111111-1111-4111-8111-111111111111',
  actor_name: 'Dana Reyes',
  organization_id: '22222222-2222-4222-8222-222222222222',
  action: 'patient.read',
  target_type: 'patient',
  target_id: PATIENT,
  patient_id: PATIENT,
  reason: null,
  ip_address: '203.0.113.9',
  request_id: `req-${id}`,
  details: null,
  query: null,
  ...overrides,
})

const list = (results: AuditEntry[], count = results.length): Paginated<AuditEntry> => ({
  count,
  next: null,
  previous: null,
  results,
})

const auditFake = (): FakeFetch =>
  createFakeFetch().on(
    'GET /api/admin/audit/',
    json(
      200,
      list(
        [
          entry(1, { reason: `authorization ${REQUEST}`, patient_name: 'Rosa Garcia' }),
          entry(2, { action: 'patient.export', reason: 'no active authorization' }),
          entry(3, {
            action: 'patient.search',
            patient_id: null,
            target_type: 'patient_search',
            target_id: null,
            query: { search: 'rosa garcai' },
          }),
        ],
        120,
      ),
    ),
  )

const params = (fake: FakeFetch) =>
  new URL(fake.callsTo('GET /api/admin/audit/').at(-1)?.url ?? '', 'http://x').searchParams

async function openAudit(fake = auditFake(), url = '/app/admin/audit') {
  await signIn(userWithRole('ACO_ADMIN'))
  const app = renderApp(url, { fake })
  await screen.findByRole('heading', { level: 1, name: 'Audit log' }, { timeout: 10_000 })
  return app
}

describe('audit page', { timeout: 20_000 }, () => {
  it('lists entries with paging and no axe violations', async () => {
    await openAudit()
    const table = await screen.findByRole('table', { name: 'Audit entries' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    // Each row is a sentence: who did what to whom, never an id.
    expect(within(table).getByText('Dana Reyes exported the record of a patient')).toBeTruthy()
    expect(within(table).getByText('Dana Reyes searched for patients')).toBeTruthy()
    expect(within(table).queryByText(PATIENT)).toBeNull()
    // A search row says what was searched for.
    expect(within(table).getByText('Searched “rosa garcai”')).toBeTruthy()
    // Each read says on what basis it was allowed: the authorization it relied on, or none (searches: —).
    const basis = within(table)
      .getAllByRole('columnheader')
      .findIndex((header) => header.textContent === 'Basis')
    expect(basis).toBeGreaterThan(-1)
    const basisOf = (row: number) =>
      within(table).getAllByRole('row')[row]?.querySelectorAll('td')[basis]?.textContent
    expect(basisOf(1)).toBe(`Authorization ${REQUEST}`)
    expect(basisOf(2)).toBe('No active authorization')
    expect(basisOf(3)).toBe('—')
    expect(screen.getByText('120 entries')).toBeTruthy()
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    const results = await axe.run(document.querySelector('main') ?? document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  it('sends the filters to the server, keeps them in the URL, and refuses a partial id', async () => {
    const user = userEvent.setup()
    const { fake, router } = await openAudit()
    await screen.findByRole('table', { name: 'Audit entries' })
    await user.type(screen.getByLabelText('Patient ID'), '1000')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(screen.getByText('Enter a full ID (a UUID), or leave the field empty.')).toBeTruthy()
    await user.clear(screen.getByLabelText('Patient ID'))
    await user.type(screen.getByLabelText('Patient ID'), PATIENT)
    await user.selectOptions(screen.getByLabelText('Action'), 'patient.export')
    await user.type(screen.getByLabelText('From'), '2026-11-01')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(params(fake).get('action')).toBe('patient.export'))
    expect(params(fake).get('patient')).toBe(PATIENT)
    expect(params(fake).get('from')).toBe('2026-11-01')
    expect(params(fake).has('user')).toBe(false)
    expect(router.state.location.search).toContain('action=patient.export')
  })

  it('shows only one patient’s entries when their name is chosen, and filters by person', async () => {
    const user = userEvent.setup()
    const fake = auditFake().on(
      'GET /api/admin/audit/people/',
      json(200, { results: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Dana Reyes' }] }),
    )
    const { router } = await openAudit(fake)
    const table = await screen.findByRole('table', { name: 'Audit entries' })
    await user.click(
      within(table).getByRole('button', { name: 'Rosa Garcia: show only this patient’s entries' }),
    )
    await waitFor(() => expect(params(fake).get('patient')).toBe(PATIENT))
    expect(router.state.location.search).toContain(`patient=${PATIENT}`)
    await user.selectOptions(await screen.findByLabelText('Person'), 'Dana Reyes')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(params(fake).get('user')).toBe('11111111-1111-4111-8111-111111111111'))
    expect(
      within(screen.getByLabelText('Action')).getByRole('option', { name: 'Viewed a claim of' }),
    ).toBeTruthy()
  })

  it('exports the filtered log as CSV', async () => {
    const user = userEvent.setup()
    const createObjectURL = vi.fn(() => 'blob:audit')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const fake = auditFake().on(
      'GET /api/admin/audit/export/',
      new Response('id,action\n1,patient.read\n', { headers: { 'Content-Type': 'text/csv' } }),
    )
    await openAudit(fake, '/app/admin/audit?action=patient.read')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1))
    const call = fake.callsTo('GET /api/admin/audit/export/')[0]
    expect(new URL(call?.url ?? '', 'http://x').searchParams.get('action')).toBe('patient.read')
  })

  it('is linked from the shell navigation for admin roles, marked as the current page', async () => {
    await openAudit()
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Audit log',
    })
    expect(link.getAttribute('href')).toBe('/app/admin/audit')
    expect(link.getAttribute('aria-current')).toBe('page')
  })

  it('is for admin roles only, and not linked for others', async () => {
    await signIn(userWithRole('ACO_USER'))
    const app = renderApp('/app/admin/audit')
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/unauthorized'), {
      timeout: 10_000,
    })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Patients' })).toBeTruthy()
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull()
  })
})
