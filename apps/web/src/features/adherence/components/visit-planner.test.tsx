import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { BRIEF_PATIENT_ID, makePlanner, memberOf } from '../testing-fixtures.ts'

const emptyRequests = { count: 0, next: null, previous: null, results: [] }

function plannerFake() {
  return createFakeFetch()
    .on('GET /api/adherence/visit-planner/', json(200, makePlanner()))
    .on(
      'GET /api/adherence/visit-planner/?below_threshold=true',
      json(200, makePlanner({ wellness_due: makePlanner().wellness_due.slice(0, 1) })),
    )
    .on('GET /api/healthplans/requests/', json(200, emptyRequests))
    .on('GET /api/csrf/', json(200, { csrftoken: 'csrf-1' }))
}

describe('the visit planner', { timeout: 20_000 }, () => {
  it('lists the patients due for their wellness visit with their adherence flags and a brief each', async () => {
    await signIn(memberOf('PHYSICIAN_USER', 'PHYSICIAN_GROUP'))
    const { fake } = renderApp('/app/physician/appointments', { fake: plannerFake() })
    const table = await screen.findByRole(
      'table',
      { name: 'Patients due for their annual wellness visit' },
      { timeout: 10_000 },
    )
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Due since Mar 1, 2026 (last Mar 12, 2025)'),
      expect.stringContaining('Due: none on their Medicare claims'),
    ])
    expect(within(rows[0]!).getByText('Cholesterol (statins): 54%, out since Aug 30, 2026')).toBeTruthy()
    expect(within(rows[1]!).getByText('No measure below 80%')).toBeTruthy()
    const brief = within(rows[0]!).getByRole('link', { name: 'Pre-visit brief for Maria Lopez' })
    expect(brief.getAttribute('href')).toBe(`/app/patient/${BRIEF_PATIENT_ID}/brief`)
    // The renewals and waiting requests the page listed before are still there, below.
    expect(screen.getByRole('heading', { name: 'Renewals and waiting requests' })).toBeTruthy()
    expect(await screen.findByText('Nothing falls due in the next 60 days.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])

    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Only patients below 80% adherence' }))
    await waitFor(() => expect(screen.queryByText('Walter Brooks')).toBeNull())
    expect(screen.getByText('Maria Lopez')).toBeTruthy()
    expect(fake.callsTo('GET /api/adherence/visit-planner/?below_threshold=true')).toHaveLength(1)
  })

  it('says when nobody is due', async () => {
    await signIn(memberOf('CLINICIAN', 'FQHC'))
    renderApp('/app/physician/appointments', {
      fake: plannerFake().on(
        'GET /api/adherence/visit-planner/',
        json(200, makePlanner({ wellness_due: [] })),
      ),
    })
    expect(
      await screen.findByText('No patient is due for a wellness visit.', {}, { timeout: 10_000 }),
    ).toBeTruthy()
  })
})
