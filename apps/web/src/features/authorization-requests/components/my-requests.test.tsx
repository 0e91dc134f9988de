import {
  AUTHORIZATION_MESSAGES,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '@/testing/fake-fetch.ts'
import { approvedRequest, daysFromNow, hoursAgo, makeRequest } from '../testing/fixtures.ts'
import { openWidget, widgetFake } from '../testing/render-widget.tsx'

const MINUTE = 60_000
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()
const LIST = '/app/authorization/new?tab=requests'

async function openList(
  requests: AuthorizationRequest[],
  role: Parameters<typeof openWidget>[0] = 'ACO_ADMIN',
) {
  const fake = widgetFake(requests)
  const app = await openWidget(role, LIST, fake)
  return { app, fake }
}

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement

describe('My Requests', { timeout: 20_000 }, () => {
  it('groups pending, approved and other requests, hides old pending/other ones and counts pending in the badge', async () => {
    await openList([
      makeRequest({ patient_name: 'Pat Pending' }),
      makeRequest({
        patient_name: 'Sam Sms',
        status: 'consent_pending',
        contact_method: 'phone',
        patient_phone: '(555) 123-4567',
        patient_email: null,
      }),
      makeRequest({ patient_name: 'Old Pending', created_at: hoursAgo(25) }),
      approvedRequest({ patient_name: 'Alma Approved' }),
      makeRequest({ patient_name: 'Rita Rejected', status: 'denied' }),
      makeRequest({ patient_name: 'Old Rejected', status: 'denied', created_at: hoursAgo(30) }),
      approvedRequest({ patient_name: 'Eve Expired', created_at: hoursAgo(2), expires_at: hoursAgo(1) }),
    ])
    expect(await screen.findByRole('heading', { level: 3, name: 'Pending (2)' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Approved (1)' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Other (2)' })).toBeInTheDocument()
    expect(screen.queryByText('Old Pending')).not.toBeInTheDocument()
    expect(screen.queryByText('Old Rejected')).not.toBeInTheDocument()
    expect(within(card('Sam Sms')).getByText('Awaiting Consent')).toBeInTheDocument()
    expect(within(card('Rita Rejected')).getByText('Rejected')).toBeInTheDocument()
    // Expired whenever expires_at is past, whatever the status says.
    expect(within(card('Eve Expired')).getByText('Expired', { selector: '.badge' })).toBeInTheDocument()
    expect(within(card('Eve Expired')).queryByRole('button', { name: /View data/ })).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'My Requests 2 pending' })).toBeInTheDocument()
  })

  it('shows 6 requests per page', async () => {
    await openList(
      Array.from({ length: 8 }, (_, index) =>
        makeRequest({
          patient_name: `Patient ${String.fromCharCode(65 + index)}`,
          created_at: hoursAgo(index + 1),
        }),
      ),
    )
    await screen.findByText('Page 1 of 2')
    expect(screen.getAllByRole('button', { name: /^Check status for/ })).toHaveLength(6)
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getAllByRole('button', { name: /^Check status for/ })).toHaveLength(2)
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
  })

  it('labels approvals under 30 days and writes the time remaining', async () => {
    await openList([
      approvedRequest({
        patient_name: 'Soon Ending',
        expires_at: inFuture(2 * 1440 * MINUTE + 3 * 60 * MINUTE + MINUTE / 2),
      }),
      approvedRequest({ patient_name: 'Long Lasting', expires_at: daysFromNow(300) }),
      makeRequest({
        patient_name: 'Hours Left',
        expires_at: inFuture(5 * 60 * MINUTE + 7 * MINUTE + MINUTE / 2),
      }),
      makeRequest({ patient_name: 'Minutes Left', expires_at: inFuture(42 * MINUTE + MINUTE / 2) }),
    ])
    await screen.findByText('Soon Ending')
    expect(within(card('Soon Ending')).getByText('Expires in 2 days')).toBeInTheDocument()
    expect(within(card('Soon Ending')).getByText('2d 3h remaining')).toBeInTheDocument()
    expect(within(card('Long Lasting')).getByText('Approved')).toBeInTheDocument()
    expect(within(card('Hours Left')).getByText('5h 7m remaining')).toBeInTheDocument()
    expect(within(card('Minutes Left')).getByText('42m remaining')).toBeInTheDocument()
  })

  it('says how and when ended requests ended, never time remaining, each outcome in its own colour', async () => {
    await openList([
      makeRequest({
        patient_name: 'Rita Rejected',
        status: 'denied',
        expires_at: daysFromNow(6),
        ended_at: '2026-11-03T15:00:00Z',
      }),
      approvedRequest({
        patient_name: 'Rex Revoked',
        status: 'revoked',
        created_at: hoursAgo(2),
        expires_at: daysFromNow(394),
        ended_at: '2026-11-05T15:00:00Z',
      }),
      makeRequest({ patient_name: 'Eve Expired', expires_at: '2026-11-02T15:00:00Z' }),
      approvedRequest({ patient_name: 'Ann Approved', expires_at: daysFromNow(300) }),
    ])
    await screen.findByText('Rita Rejected')
    expect(within(card('Rita Rejected')).getByText('Rejected on Nov 3, 2026')).toBeInTheDocument()
    expect(within(card('Rex Revoked')).getByText('Revoked on Nov 5, 2026')).toBeInTheDocument()
    expect(within(card('Eve Expired')).getByText('Expired on Nov 2, 2026')).toBeInTheDocument()
    for (const name of ['Rita Rejected', 'Rex Revoked', 'Eve Expired'])
      expect(within(card(name)).queryByText(/remaining/)).not.toBeInTheDocument()
    const badge = (name: string, label: string) => within(card(name)).getByText(label, { selector: '.badge' })
    const colours = [
      badge('Rita Rejected', 'Rejected'),
      badge('Rex Revoked', 'Revoked'),
      badge('Eve Expired', 'Expired'),
      badge('Ann Approved', 'Approved'),
    ].map((element) => [...element.classList].find((name) => name.startsWith('badge-')))
    expect(new Set(colours).size).toBe(4)
  })

  it('states when Medicare’s own access ends on an approved request', async () => {
    await openList([
      approvedRequest({
        patient_name: 'Gil Grant',
        medicare_access_ends_at: '2027-12-27T14:24:30.000Z',
      }),
      approvedRequest({ patient_name: 'Nora Nodate' }),
    ])
    await screen.findByRole('heading', { level: 3, name: 'Gil Grant' })
    const withDate = card('Gil Grant')
    expect(within(withDate).getByText('Medicare access ends')).toBeInTheDocument()
    expect(within(withDate).getByText('December 27, 2027 at 9:24 AM ET')).toBeInTheDocument()
    // An answer from before the field was served parses and shows no date.
    expect(within(card('Nora Nodate')).queryByText('Medicare access ends')).not.toBeInTheDocument()
  })

  it('links a patient name to the patient page once the data has arrived', async () => {
    const completed = {
      status: 'completed' as const,
      pages_fetched: 3,
      pages_total: 3,
      last_synced_at: null,
      error: null,
    }
    await openList([
      approvedRequest({ patient_name: 'Dana Data', patient_id: 'patient-1', ingestion: completed }),
      makeRequest({ patient_name: 'Pat Pending', patient_id: 'patient-2' }),
    ])
    expect(await screen.findByRole('link', { name: 'Dana Data' })).toHaveAttribute(
      'href',
      '/app/patient/patient-1',
    )
    expect(screen.queryByRole('link', { name: 'Pat Pending' })).not.toBeInTheDocument()
  })

  it('shows ingestion progress on an approved request', async () => {
    await openList([
      approvedRequest({
        patient_name: 'Running Pull',
        ingestion: { status: 'running', pages_fetched: 2, pages_total: 5, last_synced_at: null, error: null },
      }),
    ])
    expect(await screen.findByText('Downloading Medicare data: 2 of 5 pages')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Medicare data download' })).toHaveAttribute('value', '2')
  })

  it('offers renewal to providers under 30 days only', async () => {
    const soon = approvedRequest({ patient_name: 'Soon Ending', expires_at: daysFromNow(10) })
    const later = approvedRequest({ patient_name: 'Long Lasting', expires_at: daysFromNow(300) })
    const renewed = makeRequest({ patient_name: 'Soon Ending', renewal_of: soon.request_id })
    const { fake } = await openList([soon, later])
    await screen.findByText('Soon Ending')
    expect(within(card('Long Lasting')).queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument()
    fake.on(`POST /api/healthplans/requests/${soon.request_id}/renew/`, json(201, renewed))
    await userEvent.click(within(card('Soon Ending')).getByRole('button', { name: 'Renew for Soon Ending' }))
    expect(await screen.findByText('Renewal request sent to Soon Ending.')).toBeInTheDocument()
    expect(fake.callsTo(`POST /api/healthplans/requests/${soon.request_id}/renew/`)).toHaveLength(1)
  })

  it('never offers renewal to agents', async () => {
    await openList(
      [
        approvedRequest({
          patient_name: 'Soon Ending',
          expires_at: daysFromNow(10),
          authorization_type: 'insurance_agent',
        }),
      ],
      'AGENT_USER',
    )
    await screen.findByText('Soon Ending')
    expect(screen.queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Revoke for Soon Ending' })).toBeInTheDocument()
  })

  it('cancels a pending request and puts the returned request in its place', async () => {
    const pending = makeRequest({ patient_name: 'Pat Pending' })
    const { fake } = await openList([pending])
    fake.on(
      `POST /api/healthplans/requests/${pending.request_id}/revoke/`,
      json(200, { ...pending, status: 'revoked' }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel for Pat Pending' }))
    expect(await screen.findByText('Request for Pat Pending cancelled.')).toBeInTheDocument()
    expect(within(card('Pat Pending')).getByText('Revoked')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Other (1)' })).toBeInTheDocument()
  })

  it('revokes an approved request and reports a failure with the catalogue message', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const { fake } = await openList([approved])
    fake.on(
      `POST /api/healthplans/requests/${approved.request_id}/revoke/`,
      json(500, {}),
      json(200, { ...approved, status: 'revoked' }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke for Alma Approved' }))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.revokeFailed)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Revoke for Alma Approved' }))
    expect(await screen.findByText('Authorization for Alma Approved revoked.')).toBeInTheDocument()
  })

  it('resends, and explains the daily resend limit', async () => {
    const pending = makeRequest({ patient_name: 'Pat Pending' })
    const { fake } = await openList([pending])
    fake.on(
      `POST /api/healthplans/requests/${pending.request_id}/resend/`,
      json(200, { ...pending, resends_today: 1 }),
      json(429, { detail: AUTHORIZATION_MESSAGES.resendLimit, code: 'rate_limited' }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Resend for Pat Pending' }))
    expect(await screen.findByText('Request resent to Pat Pending.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Resend for Pat Pending' }))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.resendLimit)).toBeInTheDocument()
  })

  it('checks status: still pending keeps the list; a final answer reloads it', async () => {
    const pending = makeRequest({ patient_name: 'Pat Pending' })
    const { fake } = await openList([pending])
    const statusRoute = `GET /api/healthplans/requests/${pending.request_id}/status/`
    const ingestion = pending.ingestion
    fake.on(
      statusRoute,
      // The API's documented answer is only status and message; the pull's progress is an extra.
      json(200, { status: 'pending', message: null }),
      json(200, { status: 'authorized', message: null, ingestion }),
      json(500, {}),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Check status for Pat Pending' }))
    expect(await screen.findByText('Status for Pat Pending: Pending')).toBeInTheDocument()
    const listCalls = fake.callsTo('GET /api/healthplans/requests/').length
    fake.on(
      'GET /api/healthplans/requests/',
      json(200, {
        count: 1,
        next: null,
        previous: null,
        results: [{ ...pending, status: 'authorized', expires_at: daysFromNow(300) }],
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Check status for Pat Pending' }))
    expect(await screen.findByText('Status for Pat Pending: Approved')).toBeInTheDocument()
    await waitFor(() =>
      expect(fake.callsTo('GET /api/healthplans/requests/').length).toBeGreaterThan(listCalls),
    )
    expect(await screen.findByRole('heading', { level: 3, name: 'Approved (1)' })).toBeInTheDocument()
  })

  it('says when the status check fails', async () => {
    const pending = makeRequest({ patient_name: 'Pat Pending' })
    const { fake } = await openList([pending])
    fake.on(
      `GET /api/healthplans/requests/${pending.request_id}/status/`,
      json(404, { detail: 'Not found.' }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Check status for Pat Pending' }))
    expect(await screen.findByText(`${AUTHORIZATION_MESSAGES.statusFailed}: Not found.`)).toBeInTheDocument()
  })

  it("'Clear My Requests' hides every shown request on the server and in the browser", async () => {
    const requests = [
      makeRequest({ patient_name: 'Pat Pending' }),
      approvedRequest({ patient_name: 'Alma Approved' }),
    ]
    const { fake, app } = await openList(requests)
    for (const request of requests)
      fake.on(`POST /api/healthplans/requests/${request.request_id}/hide/`, json(200, { ...request }))
    await userEvent.click(await screen.findByRole('button', { name: 'Clear My Requests' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hide 2 requests?' })
    expect(dialog).toHaveTextContent('Approvals stay valid: hiding does not revoke anyone’s access.')
    expect(fake.calls.filter((call) => call.path.endsWith('/hide/'))).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide 2 requests' }))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.emptyList)).toBeInTheDocument()
    await waitFor(() =>
      expect(
        fake.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/hide/')),
      ).toHaveLength(2),
    )
    expect(screen.getByRole('tab', { name: 'My Requests 0 pending' })).toBeInTheDocument()
    app.unmount()
    await openList(requests)
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.emptyList)).toBeInTheDocument()
  })

  it('hides nothing when the confirm is cancelled, and Undo shows the cleared requests again', async () => {
    const requests = [makeRequest({ patient_name: 'Una Undo' })]
    const { fake } = await openList(requests)
    const [request] = requests
    if (!request) throw new Error('no request')
    fake.on(`POST /api/healthplans/requests/${request.request_id}/hide/`, json(200, { ...request }))
    fake.on('POST /api/healthplans/requests/unhide/', json(200, { unhidden: [request.request_id] }))
    await userEvent.click(await screen.findByRole('button', { name: 'Clear My Requests' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Hide 1 request?' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    expect(screen.getByText('Una Undo')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear My Requests' }))
    await userEvent.click(screen.getByRole('button', { name: 'Hide 1 request' }))
    expect(await screen.findByText('1 request hidden.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Una Undo')).toBeInTheDocument()
    const undo = fake.calls.find((call) => call.path.endsWith('/unhide/'))
    expect(undo?.body).toEqual({ request_ids: [request.request_id] })
  })

  it('shows the empty-state and load-failure messages', async () => {
    const { app } = await openList([])
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.emptyList)).toBeInTheDocument()
    app.unmount()
    const fake = widgetFake().on('GET /api/healthplans/requests/', json(403, { detail: 'Forbidden' }))
    await openWidget('ACO_ADMIN', LIST, fake)
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.loadFailed)).toBeInTheDocument()
  })

  it('reloads the list every 60 seconds', async () => {
    const { fake } = await openList([makeRequest({ patient_name: 'Pat Pending' })])
    await screen.findByText('Pat Pending')
    const before = fake.callsTo('GET /api/healthplans/requests/').length
    const { queryClient } = await import('@/lib/query-client.ts')
    const query = queryClient.getQueryCache().findAll({ queryKey: ['authorization-requests', 'list', {}] })[0]
    expect(query?.options).toMatchObject({ refetchInterval: 60_000, refetchOnMount: 'always' })
    expect(before).toBeGreaterThan(0)
  })

  it("opens the Data tab on 'View data'", async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const { app } = await openList([approved])
    await userEvent.click(await screen.findByRole('button', { name: 'View data for Alma Approved' }))
    expect(app.router.state.location.search).toContain(`request=${approved.request_id}`)
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Approved request')).toHaveValue(approved.request_id)
  })
})
