import type { AdminReport } from '@blueconsent/contract/admin-reports'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ORG = '44444444-4444-4444-8444-444444444444'
const report: AdminReport = {
  viewer: 'platform',
  organization: null,
  from: '2026-01-01',
  to: '2026-01-14',
  requests_by_status: [
    { status: 'authorized', count: 3 },
    { status: 'denied', count: 1 },
  ],
  requests_by_week: [{ week: '2026-W01', week_start: '2025-12-29', count: 4 }],
  conversion: { sent: 4, approved: 3, rate: 0.75, median_hours: 6, p90_hours: 9.2 },
  ingestion: { runs: 5, failed: 2 },
  messages: [{ channel: 'sms', sent: 7, failed: 1 }],
  active_users: 12,
}
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results })
const superuser = makeUser({ role: 'ADMIN', is_superuser: true, organization: null })

describe('admin reports page', { timeout: 40_000 }, () => {
  it('shows each figure in a captioned table and asks again for the range and organisation picked', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
      .on('GET /api/admin/reports/', json(200, report))
      .on(
        'GET /api/admin/organizations/',
        json(200, page([{ id: ORG, name: 'Riverbend ACO' }].map((org) => ({ ...org, ...orgExtras })))),
      )
    await signIn(superuser)
    renderApp('/app/admin/reports', { fake })
    const conversion = await screen.findByRole('table', { name: 'Consent conversion' }, { timeout: 30_000 })
    expect(within(conversion).getByText('75.0%')).toBeTruthy()
    expect(within(conversion).getByText('9.2 hours')).toBeTruthy()
    expect(
      within(screen.getByRole('table', { name: 'Requests by status' })).getByText('Rejected'),
    ).toBeTruthy()
    expect(
      within(screen.getByRole('table', { name: 'Outgoing messages by channel' })).getByText('SMS'),
    ).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'Active users' })).getByText('12')).toBeTruthy()

    await user.clear(screen.getByLabelText('From'))
    await user.type(screen.getByLabelText('From'), '2026-02-01')
    await user.clear(screen.getByLabelText('To'))
    await user.type(screen.getByLabelText('To'), '2026-01-01')
    await user.click(screen.getByRole('button', { name: 'Show report' }))
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeTruthy()

    await user.clear(screen.getByLabelText('From'))
    await user.type(screen.getByLabelText('From'), '2025-12-01')
    await screen.findByRole('option', { name: 'Riverbend ACO' })
    await user.selectOptions(screen.getByLabelText('Organization'), ORG)
    await user.click(screen.getByRole('button', { name: 'Show report' }))
    await waitFor(() => {
      const last = fake.callsTo('GET /api/admin/reports/').at(-1)
      const query = new URL(last?.url ?? '', 'http://x').searchParams
      expect([query.get('from'), query.get('to'), query.get('organization_id')]).toEqual([
        '2025-12-01',
        '2026-01-01',
        ORG,
      ])
    })
    expect(await axeViolations()).toEqual([])
  })
})

const orgExtras = {
  organization_type: 'ACO',
  is_active: true,
  member_count: 1,
  active_member_count: 1,
  tin_count: 0,
  billing_status: null,
  setup_completed_at: null,
  created_at: '2026-01-01T00:00:00Z',
  address: null,
}
