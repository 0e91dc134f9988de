import { AUTHORIZATION_MESSAGES } from '@blueconsent/contract/authorization-requests'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '@/testing/fake-fetch.ts'
import { heldForReviewText } from './ingestion-progress.tsx'
import { approvedRequest, identityReview, page } from '../testing/fixtures.ts'
import { openWidget, widgetFake } from '../testing/render-widget.tsx'

// The record itself (medications, claims, risk score) is the patient feature's, tested there and, drawn in
// this tab, in app/routes/patient-record-routes.test.tsx; here: which request, and what stands before it.
const dataUrl = (requestId: string) => `/app/authorization/new?tab=data&request=${requestId}`
const recordLink = (name: string) => ({ name: `Open ${name}’s patient record` })

describe('Data tab', { timeout: 20_000 }, () => {
  it('lets the user choose an approved request, and then shows its patient record', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    await openWidget('PHYSICIAN_USER', '/app/authorization/new?tab=data', widgetFake([approved]))
    expect(screen.queryByRole('link', recordLink('Alma Approved'))).not.toBeInTheDocument()
    await userEvent.selectOptions(await screen.findByLabelText('Approved request'), approved.request_id)
    expect(await screen.findByRole('link', recordLink('Alma Approved'))).toHaveAttribute(
      'href',
      `/app/patient/${approved.patient_id}`,
    )
  })

  it('says when an approved request’s data has not been downloaded yet', async () => {
    const approved = approvedRequest({
      patient_name: 'Alma Approved',
      ingestion: {
        status: 'not_started',
        pages_fetched: 0,
        pages_total: null,
        last_synced_at: null,
        error: null,
      },
    })
    await openWidget('ACO_USER', dataUrl(approved.request_id), widgetFake([approved]))
    expect(
      await screen.findByText('The Medicare data of this request has not been downloaded yet.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', recordLink('Alma Approved'))).not.toBeInTheDocument()
  })

  it('explains data held for identity review, and shows no record while it is held', async () => {
    const approved = approvedRequest({
      patient_name: 'Alma Approved',
      identity_review: identityReview('pending', 'Alma Approved'),
    })
    const { fake } = await openWidget('ACO_USER', dataUrl(approved.request_id), widgetFake([approved]))
    // It names who must act, and an ACO user (who cannot) gets no link to the review.
    const held = await screen.findByText(heldForReviewText('ACO_USER'), { exact: false })
    expect(held).toHaveTextContent('An ACO Admin of your organization must confirm')
    expect(screen.queryByRole('link', { name: 'Review the identity now' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', recordLink('Alma Approved'))).not.toBeInTheDocument()
    expect(fake.callsTo(`GET /api/patients/${approved.patient_id}/`)).toHaveLength(0)
  })

  it('shows a running download instead of the record', async () => {
    const approved = approvedRequest({
      patient_name: 'Alma Approved',
      ingestion: { status: 'running', pages_fetched: 1, pages_total: 4, last_synced_at: null, error: null },
    })
    await openWidget('ACO_USER', dataUrl(approved.request_id), widgetFake([approved]))
    expect(await screen.findByText('Downloading Medicare data: 1 of 4 pages')).toBeInTheDocument()
    expect(screen.queryByRole('link', recordLink('Alma Approved'))).not.toBeInTheDocument()
  })

  it('links an administrator from held data to the identity review', async () => {
    const approved = approvedRequest({
      patient_name: 'Alma Approved',
      ingestion: {
        status: 'held_for_review',
        pages_fetched: 4,
        pages_total: 4,
        last_synced_at: null,
        error: null,
      },
    })
    await openWidget('ACO_ADMIN', dataUrl(approved.request_id), widgetFake([approved]))
    expect(await screen.findByRole('link', { name: 'Review the identity now' })).toHaveAttribute(
      'href',
      '/app/authorization-request-list',
    )
  })

  it('refreshes the progress every few seconds while the pull runs, and shows the record once it ends', async () => {
    const done = approvedRequest({ patient_name: 'Rita Running' })
    const running = {
      ...done,
      ingestion: { ...done.ingestion, status: 'running' as const, pages_fetched: 1, pages_total: 4 },
    }
    let pullDone = false
    const fake = widgetFake([running]).on('GET /api/healthplans/requests/', () =>
      json(200, page([pullDone ? done : running])),
    )
    await openWidget('ACO_USER', dataUrl(done.request_id), fake)
    expect(await screen.findByText('Downloading Medicare data: 1 of 4 pages')).toBeInTheDocument()
    expect(fake.callsTo(`GET /api/patients/${done.patient_id}/`)).toHaveLength(0)
    pullDone = true
    // No user action: the tab refreshes on its own, sees the pull done and asks for the record.
    expect(
      await screen.findByRole('link', recordLink('Rita Running'), { timeout: 8_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Downloading Medicare data/)).not.toBeInTheDocument()
    expect(fake.callsTo(`GET /api/patients/${done.patient_id}/`).length).toBeGreaterThan(0)
  })

  it('looks up a linked request missing from the list, and says when that fails', async () => {
    const cleared = approvedRequest({ patient_name: 'Carl Cleared' })
    const fake = widgetFake([]).on(`GET /api/healthplans/requests/${cleared.request_id}/`, json(200, cleared))
    const { unmount } = await openWidget('ACO_USER', dataUrl(cleared.request_id), fake)
    expect(await screen.findByRole('link', recordLink('Carl Cleared'))).toBeInTheDocument()
    expect(screen.getByLabelText('Approved request')).toHaveValue(cleared.request_id)
    unmount()
    const missing = '00000000-0000-4000-8000-00000000dead'
    await openWidget('ACO_USER', dataUrl(missing), widgetFake([]))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.detailsFailed)).toBeInTheDocument()
  })
})
