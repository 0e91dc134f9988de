import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const HOUR = 3_600_000
const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString()
const base = {
  health_plan: { slug: 'medicare', name: 'Medicare Blue Button' },
  patient_mrn: null,
  patient_email: 'a@example.com',
  patient_phone: null,
  patient_name: 'A',
  metadata: { patient_name: 'A' },
  authorization_type: 'healthcare_provider',
  contact_method: 'email',
  authorized_at: null,
  ended_at: null,
  message: null,
  requester: { id: 'u', name: 'U', role: 'ACO_ADMIN' },
  renewal_of: null,
  identity_review: {
    status: 'none',
    requested_name: 'A',
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
  ingestion: { status: 'completed', pages_fetched: 1, pages_total: 1, last_synced_at: null, error: null },
  resends_today: 0,
}
const results = [
  { ...base, request_id: 'r1', patient_id: 'p1', status: 'pending', created_at: iso(-50), expires_at: null },
  {
    ...base,
    request_id: 'r2',
    patient_id: 'p2',
    status: 'authorized',
    created_at: iso(-500),
    expires_at: iso(24 * 5),
  },
  { ...base, request_id: 'r3', patient_id: 'p3', status: 'denied', created_at: iso(-5), expires_at: null },
]

/** The tile is a link named by its label and its number, opening what it counts. */
const tile = (label: string) => screen.getByText(label, { exact: true }).closest('a') as HTMLElement

describe('dashboard request numbers', { timeout: 20_000 }, () => {
  it("counts the organisation's requests for an admin and links to the widget", async () => {
    const fake = createFakeFetch().on(
      'GET /api/healthplans/requests/',
      json(200, { count: 3, next: null, previous: null, results }),
    )
    await signIn(userWithRole('ACO_ADMIN'))
    renderApp('/app/dashboard', { fake })
    expect(await screen.findByText('Pending over 48 hours', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(tile('Pending')).toHaveTextContent('1')
    expect(tile('Approved')).toHaveTextContent('1')
    expect(tile('Rejected')).toHaveTextContent('1')
    expect(tile('Pending over 48 hours')).toHaveTextContent('1')
    expect(tile('Approvals expiring within 30 days')).toHaveTextContent('1')
    expect(tile('Patients with data')).toHaveTextContent('1')
    expect(tile('Approved')).toHaveAttribute('href', '/app/authorization-request-list?view=approved')
    expect(tile('Rejected')).toHaveAttribute('href', '/app/authorization-request-list?view=rejected')
    expect(tile('Pending over 48 hours')).toHaveAttribute(
      'href',
      '/app/authorization-request-list?view=awaitingOver48h',
    )
    expect(tile('Patients with data')).toHaveAttribute('href', '/app/authorization')
    const [call] = fake.callsTo('GET /api/healthplans/requests/')
    expect(call?.url).toContain('scope=organization')
    expect(call?.url).toContain('page_size=100')
    expect(screen.getByRole('link', { name: 'Request Authorization' })).toHaveAttribute(
      'href',
      '/app/authorization/new',
    )
  })

  it("uses the user's own list for non-admins and shows nothing to roles without patient search", async () => {
    const fake = createFakeFetch().on(
      'GET /api/healthplans/requests/',
      json(200, { count: 0, next: null, previous: null, results: [] }),
    )
    await signIn(userWithRole('ACO_USER'))
    const app = renderApp('/app/dashboard', { fake })
    expect(
      await screen.findByRole('heading', { name: 'Your authorization requests' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    await waitFor(() => expect(fake.callsTo('GET /api/healthplans/requests/')).not.toHaveLength(0))
    expect(fake.callsTo('GET /api/healthplans/requests/')[0]?.url).not.toContain('scope=')
    app.unmount()
    await signIn(userWithRole('ADMIN', { organization: null }))
    const admin = renderApp('/app/dashboard', { fake: createFakeFetch() })
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
    expect(screen.queryByRole('link', { name: 'Request Authorization' })).not.toBeInTheDocument()
    expect(admin.fake.callsTo('GET /api/healthplans/requests/')).toHaveLength(0)
  })

  it('offers Request Authorization on the Data Access page', async () => {
    await signIn(
      userWithRole('AGENT_USER', {
        organization: { id: 'o', name: 'Harbor', organization_type: 'INSURANCE_AGENCY' },
      }),
    )
    renderApp('/app/care-management')
    expect(
      await screen.findByRole('link', { name: 'Request Authorization' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/app/authorization/new')
  })
})

describe('changed since your last visit', () => {
  const figures = {
    kind: 'organization',
    generated_at: '2026-11-25T12:00:00Z',
    requests: {
      by_status: {},
      sent: 0,
      authorized_ever: 0,
      conversion_percent: null,
      awaiting_over_48h: 0,
      expiring_within_30_days: 0,
      ingestion_failures: 0,
    },
    patients: null,
    upcoming_expiries: [],
    platform: null,
    changes_since_last_visit: {
      since: '2026-11-24T09:00:00Z',
      count: 12,
      patients: [
        {
          id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
          name: 'Lucia Fernandez',
          last_synced_at: '2026-11-25T08:00:00Z',
        },
      ],
    },
  }

  it('names the patients with new data, links each record, and marks this visit seen once', async () => {
    document.cookie = 'csrftoken=test-csrf; path=/'
    await signIn(
      userWithRole('PHYSICIAN_USER', {
        organization: { id: 'o', name: 'Clinic', organization_type: 'PHYSICIAN_GROUP' },
      }),
    )
    const fake = createFakeFetch()
      .on('GET /api/dashboard/', json(200, figures))
      .on('POST /api/dashboard/visit/', json(200, { visited_at: '2026-11-25T12:00:00Z' }))
    renderApp('/app/dashboard', { fake })
    expect(
      await screen.findByText('New Medicare data for 12 patients.', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Lucia Fernandez' })).toHaveAttribute(
      'href',
      '/app/patient/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    )
    expect(screen.getByRole('link', { name: 'and 11 more on the Patients page' })).toBeInTheDocument()
    await waitFor(() => expect(fake.callsTo('POST /api/dashboard/visit/')).toHaveLength(1))
  })
})
