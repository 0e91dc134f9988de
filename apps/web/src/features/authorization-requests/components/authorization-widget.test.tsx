import axe from 'axe-core'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { approvedRequest, makeRequest } from '../testing/fixtures.ts'
import { openWidget, widgetFake } from '../testing/render-widget.tsx'

const path = (app: ReturnType<typeof renderApp>) => app.router.state.location.pathname

async function axeViolations(): Promise<string[]> {
  const main = document.querySelector('main') ?? document.body
  // jsdom renders no CSS, so contrast is checked by scripts/theme-contrast.mjs and the e2e axe run instead.
  const results = await axe.run(main, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  // A run that checked nothing would pass vacuously.
  expect(results.passes.length).toBeGreaterThan(10)
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

describe('authorization widget', { timeout: 20_000 }, () => {
  it('is reachable at both routes with four tabs for providers', async () => {
    for (const url of ['/app/authorization/new', '/app/provider-authorization-request']) {
      const app = await openWidget('ACO_USER', url)
      expect(
        screen.getByRole('heading', { level: 1, name: 'Request Patient Authorization' }),
      ).toBeInTheDocument()
      const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent)
      expect(tabs).toEqual(['Create Request', expect.stringContaining('My Requests'), 'Patients', 'Data'])
      app.unmount()
    }
  })

  it('hides the Patients tab from agents, even when asked for in the URL', async () => {
    await openWidget('AGENT_USER', '/app/authorization/new?tab=patients')
    expect(screen.queryByRole('tab', { name: 'Patients' })).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Create Request' })).toHaveAttribute('aria-selected', 'true')
  })

  it('moves between tabs with the arrow keys, Home and End', async () => {
    await openWidget('ACO_USER')
    const create = screen.getByRole('tab', { name: 'Create Request' })
    create.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: /My Requests/ })).toHaveFocus()
    expect(screen.getByRole('tab', { name: /My Requests/ })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(create).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Data')
  })

  it('lists the patients with requests, newest status, linking to the record once Medicare data came', async () => {
    const patientId = '10000000-0000-4000-8000-00000000abcd'
    const fake = widgetFake([
      makeRequest({
        patient_name: 'Ann Lee',
        patient_id: patientId,
        status: 'denied',
        created_at: new Date(Date.now() - 7_200_000).toISOString(),
      }),
      approvedRequest({
        patient_name: 'Ann Lee',
        patient_id: patientId,
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
        patient_mrn: 'MRN-5',
      }),
    ])
    await openWidget('ACO_ADMIN', '/app/authorization/new?tab=patients', fake)
    const link = await screen.findByRole('link', { name: 'Ann Lee' })
    expect(link).toHaveAttribute('href', `/app/patient/${patientId}`)
    expect(screen.getByText('MRN-5')).toBeInTheDocument()
    expect(screen.getByText('Approved')).toBeInTheDocument()
    // Admins see the organisation's patients.
    expect(
      fake.callsTo('GET /api/healthplans/requests/').some((call) => call.url.includes('scope=organization')),
    ).toBe(true)
  })

  it('sends roles without patient search to /app/unauthorized', async () => {
    await signIn(userWithRole('ADMIN', { organization: null }))
    const app = renderApp('/app/authorization/new')
    await waitFor(() => expect(path(app)).toBe('/app/unauthorized'))
  })

  it('has no axe violations on any tab', async () => {
    const approved = approvedRequest({ patient_name: 'Alma Approved' })
    const fake = widgetFake([makeRequest({ patient_name: 'Pat Pending' }), approved])
    await openWidget('ACO_ADMIN', '/app/authorization/new', fake)
    await userEvent.click(screen.getByRole('button', { name: /Send Authorization Request/ }))
    await screen.findAllByText('This field is required')
    expect(await axeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('tab', { name: /My Requests/ }))
    await screen.findByText('Pat Pending')
    expect(await axeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('tab', { name: 'Patients' }))
    await screen.findByRole('link', { name: 'Alma Approved' })
    expect(await axeViolations()).toEqual([])
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }))
    await userEvent.selectOptions(screen.getByLabelText('Approved request'), approved.request_id)
    // The record drawn here passes axe in app/routes/patient-record-routes.test.tsx.
    await screen.findByRole('link', { name: 'Open Alma Approved’s patient record' })
    expect(await axeViolations()).toEqual([])
  })

  it('has no axe violations for an agent', async () => {
    await openWidget(
      'AGENT_USER',
      '/app/authorization/new?tab=requests',
      widgetFake([makeRequest({ patient_name: 'Pat Pending' })]),
    )
    await screen.findByText('Pat Pending')
    expect(await axeViolations()).toEqual([])
  })

  it('announces status changes that arrive with a list refresh', async () => {
    const pending = makeRequest({ patient_name: 'Pat Pending' })
    const fake = widgetFake([pending])
    await openWidget('ACO_USER', '/app/authorization/new?tab=requests', fake)
    await screen.findByText('Pat Pending')
    fake.on(
      'GET /api/healthplans/requests/',
      json(200, { count: 1, next: null, previous: null, results: [{ ...pending, status: 'denied' }] }),
    )
    const { queryClient } = await import('@/lib/query-client.ts')
    await queryClient.refetchQueries({ queryKey: ['authorization-requests', 'list'] })
    await waitFor(() => expect(screen.getByText('Pat Pending: Rejected')).toBeInTheDocument())
    expect(screen.getByText('Pat Pending: Rejected')).toHaveAttribute('aria-live', 'polite')
  })
})
