import { AUTHORIZATION_MESSAGES } from '@blueconsent/contract/authorization-requests'
import { PATIENT_DATA_MESSAGES } from '@blueconsent/contract/patients'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '../../../testing/fake-fetch.ts'
import { heldForReviewText } from './ingestion-progress.tsx'
import { approvedRequest, page, requestData } from '../testing/fixtures.ts'
import { openWidget, widgetFake } from '../testing/render-widget.tsx'

const dataUrl = (requestId: string) => `/app/authorization/new?tab=data&request=${requestId}`

describe('Data tab', { timeout: 20_000 }, () => {
  it('shows medications, claims with amounts and the explained risk score to an ACO user', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(200, requestData()),
    )
    await openWidget('ACO_USER', dataUrl(approved.request_id), fake)
    const medications = await screen.findByRole('table', { name: 'Medications' })
    const medicationRow = within(medications).getAllByRole('row')[1] as HTMLElement
    // Cell by cell; the supply ends on the last day the 30-day supply covers, as on the patient record.
    expect(
      within(medicationRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Metformin HCl 500 mg500 mg',
      '2026-10-01',
      '30',
      '2026-10-30',
      'Dr Alan Grant',
      '00093-7214-01',
      '$3.00',
    ])
    const risk = screen.getByRole('region', { name: 'Risk score' })
    expect(within(risk).getByText('1.234')).toBeInTheDocument()
    expect(within(risk).getByText('CMS-HCC V28, payment year 2026')).toBeInTheDocument()
    expect(within(risk).getByText('Community, non-dual, aged')).toBeInTheDocument()
    expect(within(risk).getByText(/^HCC38 Diabetes with Glycemic/)).toBeInTheDocument()
    expect(within(risk).getByText(/0\.166/)).toBeInTheDocument()
    expect(
      within(risk).getByText(/^Type 2 diabetes mellitus without complications \(E11\.9\), billed on/, {
        selector: 'li',
      }),
    ).toHaveTextContent(
      'Type 2 diabetes mellitus without complications (E11.9), billed on a physician/supplier claim of Mar 4, 2026 (Claim 1001)',
    )
    expect(
      within(risk).getByText(
        /HCC226 Heart Failure, Except End-Stage and Acute: not counted, removed by HCC224/,
      ),
    ).toBeInTheDocument()
    expect(within(risk).getByText('Female, 75-79 (F75_79): 0.445')).toBeInTheDocument()
    expect(
      within(risk).getByText('Data completeness: Only 7 months of claims are available.'),
    ).toBeInTheDocument()
    expect(within(risk).getByText(/Scored as qualifying for Medicare by age/)).toBeInTheDocument()
    // The engine's wording sits in the closed technical detail.
    expect(
      within(risk)
        .getByText(/Assumed original reason for entitlement/)
        .closest('details'),
    ).not.toHaveAttribute('open')
    expect(within(risk).getByText('Part D claims are not part of this model.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Claims' }))
    const claims = screen.getByRole('table', { name: 'Claims' })
    const claimRow = within(claims).getAllByRole('row')[1] as HTMLElement
    for (const text of [
      '2026-03-04',
      'Physician/supplier',
      'Office or outpatient visit, established patient (CPT 99213)',
      'Sunrise Family Medicine',
      'Type 2 diabetes mellitus without complications (E11.9)',
      '$98.76',
      '$79.00',
      '$19.76',
    ]) {
      expect(within(claimRow).getByText(text)).toBeInTheDocument()
    }
    expect(within(claimRow).getByText('Physician/supplier')).toHaveAttribute('title', 'CARRIER')
    // One view of the patient: the tab leads to the full record.
    expect(screen.getByRole('link', { name: 'Open Alma Approved’s patient record' })).toHaveAttribute(
      'href',
      `/app/patient/${approved.patient_id}`,
    )
  })

  it('lists claims newest first whatever order they arrive in', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const [claim] = requestData().data.claims
    if (!claim) throw new Error('the fixture has a claim')
    const claims = ['2026-01-10', '2026-06-02', '2026-03-15'].map((day, index) => ({
      ...claim,
      id: `carrier-${index}`,
      claim_id: `${index}`,
      service_date: day,
      date: day,
    }))
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(200, requestData({ data: { medications: [], claims } })),
    )
    await openWidget('ACO_USER', dataUrl(approved.request_id), fake)
    await userEvent.click(await screen.findByRole('tab', { name: 'Claims' }))
    const rows = within(screen.getByRole('table', { name: 'Claims' }))
      .getAllByRole('row')
      .slice(1)
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      '2026-06-02',
      '2026-03-15',
      '2026-01-10',
    ])
  })

  it('shows agents medications only', async () => {
    const approved = approvedRequest({
      patient_name: 'Alma Approved',
      authorization_type: 'insurance_agent',
      patient_mrn: null,
    })
    const agentData = requestData({
      risk_score: null,
      data: { medications: requestData().data.medications, claims: [] },
    })
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(200, agentData),
    )
    await openWidget('AGENT_USER', dataUrl(approved.request_id), fake)
    expect(await screen.findByRole('table', { name: 'Medications' })).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Claims' })).not.toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Claims' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Risk score' })).not.toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Patients' })).not.toBeInTheDocument()
  })

  it('lets the user choose an approved request', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(200, requestData({ risk_score: null, data: { medications: [], claims: [] } })),
    )
    await openWidget('PHYSICIAN_USER', '/app/authorization/new?tab=data', fake)
    await userEvent.selectOptions(await screen.findByLabelText('Approved request'), approved.request_id)
    expect(await screen.findByText(PATIENT_DATA_MESSAGES.noMedications)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Claims' }))
    expect(screen.getByText(PATIENT_DATA_MESSAGES.noClaims)).toBeInTheDocument()
  })

  it("says 'Failed to load patient data' when the request is not authorized", async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(409, { detail: 'Not authorized', code: 'not_authorized' }),
    )
    await openWidget('ACO_USER', dataUrl(approved.request_id), fake)
    expect(await screen.findByText(PATIENT_DATA_MESSAGES.loadFailed)).toBeInTheDocument()
  })

  it('explains data held for identity review and shows a running download', async () => {
    const approved = approvedRequest({
      patient_name: 'Alma Approved',
      ingestion: { status: 'running', pages_fetched: 1, pages_total: 4, last_synced_at: null, error: null },
    })
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(409, { detail: 'Held for review', code: 'held_for_review' }),
    )
    await openWidget('ACO_USER', dataUrl(approved.request_id), fake)
    // It names who must act, and an ACO user (who cannot) gets no link to the review.
    const held = await screen.findByText(heldForReviewText('ACO_USER'), { exact: false })
    expect(held).toHaveTextContent('An ACO Admin of your organization must confirm')
    expect(screen.queryByRole('link', { name: 'Review the identity now' })).not.toBeInTheDocument()
    expect(screen.getByText('Downloading Medicare data: 1 of 4 pages')).toBeInTheDocument()
  })

  it('links an administrator from held data to the identity review', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const fake = widgetFake([approved]).on(
      `GET /api/healthplans/requests/${approved.request_id}/data/`,
      json(409, { detail: 'Held for review', code: 'held_for_review' }),
    )
    await openWidget('ACO_ADMIN', dataUrl(approved.request_id), fake)
    expect(await screen.findByRole('link', { name: 'Review the identity now' })).toHaveAttribute(
      'href',
      '/app/authorization-request-list',
    )
  })

  it('refreshes the progress and the data every few seconds while the pull runs, and shows the data once it ends', async () => {
    const done = approvedRequest({ patient_name: 'Rita Running' })
    const running = {
      ...done,
      ingestion: { ...done.ingestion, status: 'running' as const, pages_fetched: 1, pages_total: 4 },
    }
    const dataUrlPath = `GET /api/healthplans/requests/${done.request_id}/data/`
    let pullDone = false
    const fake = widgetFake([running])
      .on('GET /api/healthplans/requests/', () => json(200, page([pullDone ? done : running])))
      .on(dataUrlPath, () =>
        json(
          200,
          pullDone ? requestData() : requestData({ risk_score: null, data: { medications: [], claims: [] } }),
        ),
      )
    await openWidget('ACO_USER', dataUrl(done.request_id), fake)
    expect(await screen.findByText('Downloading Medicare data: 1 of 4 pages')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Medications' })).not.toBeInTheDocument()
    const dataCallsWhileRunning = fake.callsTo(dataUrlPath).length
    pullDone = true
    // No user action: the tab refreshes on its own, sees the pull done and shows the data.
    expect(await screen.findByRole('table', { name: 'Medications' }, { timeout: 8_000 })).toBeInTheDocument()
    expect(screen.queryByText(/Downloading Medicare data/)).not.toBeInTheDocument()
    expect(fake.callsTo(dataUrlPath).length).toBeGreaterThan(dataCallsWhileRunning)
  })

  it('looks up a linked request missing from the list, and says when that fails', async () => {
    const cleared = approvedRequest({ patient_name: 'Carl Cleared' })
    const fake = widgetFake([])
      .on(`GET /api/healthplans/requests/${cleared.request_id}/`, json(200, cleared))
      .on(`GET /api/healthplans/requests/${cleared.request_id}/data/`, json(200, requestData()))
    const { unmount } = await openWidget('ACO_USER', dataUrl(cleared.request_id), fake)
    expect(await screen.findByRole('table', { name: 'Medications' })).toBeInTheDocument()
    expect(screen.getByLabelText('Approved request')).toHaveValue(cleared.request_id)
    unmount()
    const missing = '00000000-0000-4000-8000-00000000dead'
    await openWidget('ACO_USER', dataUrl(missing), widgetFake([]))
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.detailsFailed)).toBeInTheDocument()
  })
})
