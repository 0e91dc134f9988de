import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const HOUR = 3_600_000
const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString()
const request = (id: string, name: string, overrides: Record<string, unknown> = {}) => ({
  request_id: id,
  status: 'authorized',
  health_plan: { slug: 'medicare', name: 'Medicare Blue Button' },
  patient_id: `p-${id}`,
  patient_mrn: null,
  patient_email: 'a@example.com',
  patient_phone: null,
  patient_name: name,
  metadata: { patient_name: name },
  authorization_type: 'healthcare_provider',
  contact_method: 'email',
  created_at: iso(-100),
  expires_at: iso(24 * 10),
  authorized_at: iso(-90),
  ended_at: null,
  message: null,
  requester: { id: 'u', name: 'U', role: 'ACO_ADMIN' },
  renewal_of: null,
  identity_review: {
    status: 'none',
    requested_name: name,
    requested_birth_date: null,
    medicare_name: null,
    medicare_birth_date: null,
    medicare_id_last4: null,
    differences: [],
    consented_at: null,
    reviewed_by: null,
    reviewed_at: null,
    reason: null,
  },
  ingestion: { status: 'completed', pages_fetched: 1, pages_total: 1, last_synced_at: iso(-2), error: null },
  resends_today: 0,
  ...overrides,
})
const page = (...results: unknown[]) =>
  json(200, { count: results.length, next: null, previous: null, results })
const failedRow = request('f1', 'Fay Failed', {
  ingestion: {
    status: 'failed',
    pages_fetched: 0,
    pages_total: null,
    last_synced_at: null,
    error: 'Medicare answered 503',
  },
})

function fakeApi() {
  let retried = false
  return createFakeFetch()
    .on('GET /api/healthplans/requests/?attention=ending_within_30_days', page(request('e1', 'Ed Ending')))
    .on('GET /api/healthplans/requests/?attention=pull_failed', () =>
      Promise.resolve(retried ? page() : page(failedRow)),
    )
    .on('GET /api/healthplans/requests/?attention=waiting_over_48h', page())
    .on('GET /api/healthplans/requests/?attention=authorized', page(request('e1', 'Ed Ending')))
    .on('POST /api/healthplans/requests/f1/retry-pull/', () => {
      retried = true
      return Promise.resolve(json(200, request('f1', 'Fay Failed')))
    })
}

describe('Data Access', { timeout: 20_000 }, () => {
  it('lists what needs doing, each set from its own server list, and starts a failed pull again', async () => {
    const fake = fakeApi()
    await signIn(userWithRole('ACO_ADMIN'))
    renderApp('/app/care-management', { fake })
    expect(await screen.findByText('Medicare answered 503', {}, { timeout: 10_000 })).toBeInTheDocument()
    const failed = screen.getByRole('region', { name: 'Data pulls failed' })
    const ending = screen.getByRole('region', { name: 'Ending within 30 days' })
    expect(within(ending).getByRole('link', { name: 'Ed Ending' })).toHaveAttribute(
      'href',
      '/app/patient/p-e1',
    )
    expect(
      screen.getByText('No patient has left a request unanswered for more than 48 hours.'),
    ).toBeInTheDocument()
    await userEvent.click(within(failed).getByRole('button', { name: 'Try the pull again: Fay Failed' }))
    expect(await screen.findByText('Try the pull again: done for Fay Failed.')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/healthplans/requests/f1/retry-pull/')).toHaveLength(1)
    await waitFor(() => expect(screen.getByText('Every latest data pull succeeded.')).toBeInTheDocument())
  })

  it('opens on one figure’s set alone when a dashboard figure sent the user', async () => {
    const fake = fakeApi()
    await signIn(userWithRole('ACO_ADMIN'))
    renderApp('/app/care-management?attention=pull_failed', { fake })
    expect(
      await screen.findByRole('heading', { name: 'Data pulls failed (1)' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /Ending within 30 days/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Show all of Data Access' })).toHaveAttribute(
      'href',
      '/app/care-management',
    )
  })
})
