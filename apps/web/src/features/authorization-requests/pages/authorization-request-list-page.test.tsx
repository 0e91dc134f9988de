import { AUTHORIZATION_MESSAGES } from '@blueconsent/contract/authorization-requests'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json } from '@/testing/fake-fetch.ts'
import { REASON_REQUIRED } from '../components/identity-review-cell.tsx'
import { approvedRequest, identityReview, makeRequest } from '../testing/fixtures.ts'
import { openWidget, widgetFake } from '../testing/render-widget.tsx'
import { IDENTITY_DECISION_FAILED } from './authorization-request-list-page.tsx'

const PAGE = '/app/authorization-request-list'
const lee = { id: '44444444-4444-4444-8444-444444444444', name: 'Dr Lee', role: 'ACO_USER' as const }
const listCalls = (fake: ReturnType<typeof widgetFake>) =>
  fake
    .callsTo('GET /api/healthplans/requests/')
    .map((call) => new URL(call.url, 'http://localhost').searchParams)

describe('Authorization Requests review page', { timeout: 20_000 }, () => {
  it("shows an admin the organisation's requests and filters by status and requester on the server", async () => {
    const fake = widgetFake([
      makeRequest({ patient_name: 'Pat Pending' }),
      approvedRequest({ patient_name: 'Alma Approved', requester: lee }),
    ])
    await openWidget('ACO_ADMIN', PAGE, fake)
    expect(screen.getByRole('heading', { level: 1, name: 'Authorization Requests' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Authorization requests' })
    expect(within(table).getByText('Pat Pending')).toBeInTheDocument()
    expect(within(table).getByText('Dr Lee')).toBeInTheDocument()
    expect(listCalls(fake).every((params) => params.get('scope') === 'organization')).toBe(true)
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'authorized')
    await userEvent.selectOptions(await screen.findByLabelText('Requester'), lee.id)
    await waitFor(() =>
      expect(
        listCalls(fake).some(
          (params) => params.get('status') === 'authorized' && params.get('requester') === lee.id,
        ),
      ).toBe(true),
    )
  })

  it('opens on exactly the requests a dashboard tile counted, and back to all of them', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString()
    const fake = widgetFake([
      makeRequest({ patient_name: 'Old Waiting', created_at: threeDaysAgo }),
      makeRequest({ patient_name: 'New Waiting' }),
      approvedRequest({ patient_name: 'Alma Approved' }),
    ])
    await openWidget('ACO_ADMIN', `${PAGE}?view=awaitingOver48h`, fake)
    const table = await screen.findByRole('table', { name: 'Authorization requests' })
    expect(within(table).getByText('Old Waiting')).toBeInTheDocument()
    expect(within(table).queryByText('New Waiting')).toBeNull()
    expect(within(table).queryByText('Alma Approved')).toBeNull()
    expect(
      screen.getByText('Showing 1 request counted as “Pending over 48 hours” on the dashboard.'),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show all requests' }))
    expect(await within(table).findByText('New Waiting')).toBeInTheDocument()
  })

  it('shows one card per request on a phone, with status, contact and time, and no table', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media === '(max-width: 767px)',
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    try {
      const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString()
      const fake = widgetFake([
        makeRequest({ patient_name: 'Pat Pending', expires_at: inThreeDays }),
        approvedRequest({ patient_name: 'Mia Mismatch', identity_review: identityReview('pending') }),
      ])
      await openWidget('ACO_ADMIN', PAGE, fake)
      const cards = await screen.findByRole('list', { name: 'Authorization requests' })
      expect(screen.queryByRole('table', { name: 'Authorization requests' })).toBeNull()
      const pat = within(cards)
        .getAllByRole('listitem')
        .find((card) => card.textContent?.includes('Pat Pending'))
      expect(pat).toBeDefined()
      expect(within(pat as HTMLElement).getByText('Pending')).toBeInTheDocument()
      expect(within(pat as HTMLElement).getByText('Contact')).toBeInTheDocument()
      expect(within(pat as HTMLElement).getByText(/remaining/)).toBeInTheDocument()
      // Identity review appears only on the card that has one, with its decision buttons.
      expect(within(pat as HTMLElement).queryByText('—')).toBeNull()
      expect(
        within(cards).getByRole('button', { name: 'Confirm identity of Mia Mismatch' }),
      ).toBeInTheDocument()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('opens filtered by the status a dashboard tile names, and ignores an unknown one', async () => {
    const fake = widgetFake([makeRequest({ patient_name: 'Pat Pending' })])
    await openWidget('ACO_ADMIN', `${PAGE}?status=denied`, fake)
    await waitFor(() =>
      expect(listCalls(fake).some((params) => params.get('status') === 'denied')).toBe(true),
    )
    expect(screen.getByLabelText('Status')).toHaveValue('denied')
  })

  it('shows other roles their own requests only', async () => {
    const fake = widgetFake([makeRequest({ patient_name: 'Pat Pending' })])
    await openWidget('ACO_USER', PAGE, fake)
    await screen.findByText('Pat Pending')
    expect(listCalls(fake).some((params) => params.has('scope'))).toBe(false)
    expect(screen.getByText('The requests you have sent.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Requester')).not.toBeInTheDocument()
  })

  it('lets an admin confirm or reject a flagged identity mismatch', async () => {
    const flagged = approvedRequest({
      patient_name: 'Mia Mismatch',
      identity_review: identityReview('pending'),
    })
    const fake = widgetFake([flagged]).on(
      `POST /api/healthplans/requests/${flagged.request_id}/identity-review/`,
      json(200, { ...flagged, identity_review: identityReview('confirmed') }),
    )
    await openWidget('PHYSICIAN_ADMIN', PAGE, fake)
    expect(await screen.findByText('Identity review: the Medicare record does not match')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 request has a Medicare record that does not match the patient asked for.',
    )
    // Both identities side by side, and what differs, before any decision.
    const evidence = screen.getByRole('table', { name: 'Identity asked for and identity Medicare returned' })
    expect(evidence).toHaveTextContent('Mia Mismatch')
    expect(evidence).toHaveTextContent('Rosa Garcia')
    expect(evidence).toHaveTextContent('ends in 7K42')
    expect(screen.getByText(/What differs: Name, Date of birth/)).toBeInTheDocument()
    // The badge says the data is under review, never approved.
    expect(screen.getByText('Under identity review')).toHaveClass('badge-warning')
    fake.on(
      'GET /api/healthplans/requests/',
      json(200, {
        count: 1,
        next: null,
        previous: null,
        results: [{ ...flagged, identity_review: identityReview('confirmed') }],
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Confirm identity of Mia Mismatch' }))
    // Confirm acts only through a dialog that repeats both identities and asks for a reason.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm identity of Mia Mismatch?' })
    expect(dialog).toHaveTextContent('Rosa Garcia')
    expect(fake.callsTo(`POST /api/healthplans/requests/${flagged.request_id}/identity-review/`)).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm identity' }))
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Checked by phone.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm identity' }))
    expect(await screen.findByText('Identity of Mia Mismatch confirmed.')).toBeInTheDocument()
    expect(
      fake.callsTo(`POST /api/healthplans/requests/${flagged.request_id}/identity-review/`)[0]?.body,
    ).toEqual({ decision: 'confirm', reason: 'Checked by phone.' })
    expect(screen.getByText('Identity confirmed')).toBeInTheDocument()
  })

  it('sends a reject decision and reports a failure', async () => {
    const flagged = approvedRequest({
      patient_name: 'Mia Mismatch',
      identity_review: identityReview('pending'),
    })
    const fake = widgetFake([flagged]).on(
      `POST /api/healthplans/requests/${flagged.request_id}/identity-review/`,
      json(500, {}),
    )
    await openWidget('AGENT_ADMIN', PAGE, fake)
    await userEvent.click(await screen.findByRole('button', { name: 'Reject identity of Mia Mismatch' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject the Medicare record?' })
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Another beneficiary signed in.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject and delete data' }))
    expect(await screen.findByText(IDENTITY_DECISION_FAILED)).toBeInTheDocument()
    expect(
      fake.callsTo(`POST /api/healthplans/requests/${flagged.request_id}/identity-review/`)[0]?.body,
    ).toEqual({ decision: 'reject', reason: 'Another beneficiary signed in.' })
  })

  it('gives non-admins no decision buttons', async () => {
    await openWidget(
      'ACO_USER',
      PAGE,
      widgetFake([
        approvedRequest({ patient_name: 'Mia Mismatch', identity_review: identityReview('pending') }),
      ]),
    )
    expect(await screen.findByText('An ACO Admin of your organization must review it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Confirm identity/ })).not.toBeInTheDocument()
  })

  it('shows the empty and failure messages', async () => {
    const { unmount } = await openWidget('ACO_ADMIN', PAGE, widgetFake([]))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.emptyList)).toBeInTheDocument()
    unmount()
    await openWidget('ACO_ADMIN', PAGE, widgetFake().on('GET /api/healthplans/requests/', json(403, {})))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.loadFailed)).toBeInTheDocument()
  })
})
