import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { BRIEF_PATIENT_ID, makeBrief, memberOf } from '../testing-fixtures.ts'

const briefUrl = `/app/patient/${BRIEF_PATIENT_ID}/brief`

function briefFake(brief = makeBrief()) {
  return createFakeFetch()
    .on(`GET /api/patients/${BRIEF_PATIENT_ID}/brief/`, json(200, brief))
    .on(
      `POST /api/patients/${BRIEF_PATIENT_ID}/brief/opened/`,
      json(200, { opened_at: '2026-11-27T09:00:00.000Z' }),
    )
    .on('GET /api/csrf/', json(200, { csrftoken: 'csrf-1' }))
}

describe('the pre-visit brief', { timeout: 20_000 }, () => {
  it('shows what changed, the gaps section, adherence, medications and visits, and records the opening', async () => {
    await signIn(memberOf('PHYSICIAN_USER', 'PHYSICIAN_GROUP'))
    const { fake } = renderApp(briefUrl, { fake: briefFake() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pre-visit brief: Maria Lopez' }),
    ).toBeTruthy()
    const changes = screen.getByRole('region', { name: 'What changed since your last brief' })
    expect(within(changes).getByText('Filled Gabapentin on Nov 1, 2026 (30 days)')).toBeTruthy()
    const gaps = screen.getByRole('region', { name: 'Open gaps' })
    expect(within(gaps).getByTestId('open-gaps-pending')).toBeTruthy()
    const adherence = screen.getByRole('region', { name: 'Medication adherence' })
    const statins = within(adherence).getByRole('row', { name: /Cholesterol \(statins\)/ })
    expect(statins.textContent).toContain('54%')
    expect(statins.textContent).toContain('Below 80%')
    expect(statins.textContent).toContain('Aug 30, 2026; 152 days without')
    const medications = screen.getByRole('table', { name: 'Drugs filled in the last 180 days' })
    expect(within(medications).getByRole('row', { name: /Atorvastatin Calcium/ }).textContent).toContain(
      'Statin',
    )
    expect(screen.getByText(/last Mar 12, 2025 \(G0439\); covered again from Mar 1, 2026/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy()
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/patients/${BRIEF_PATIENT_ID}/brief/opened/`)).toHaveLength(1),
    )
    expect(await axeViolations()).toEqual([])
  })

  it('lists the gaps once a worklist feeds them, and says when it is the first brief', async () => {
    await signIn(memberOf('ACO_USER', 'ACO'))
    renderApp(briefUrl, {
      fake: briefFake(
        makeBrief({
          open_gaps_available: true,
          open_gaps: [
            {
              title: 'HCC 37 recapture',
              detail: 'Diabetes coded in 2025, not yet in 2026',
              evidence: ['E11.9'],
            },
          ],
          changes: { since: null, new_fills: [], new_claims: [] },
        }),
      ),
    })
    expect(await screen.findByText('HCC 37 recapture', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText(/This is your first brief for this patient/)).toBeTruthy()
  })

  it('says when the patient is outside the caller’s scope', async () => {
    await signIn(memberOf('PHYSICIAN_USER', 'PHYSICIAN_GROUP'))
    renderApp(briefUrl, {
      fake: createFakeFetch().on(
        `GET /api/patients/${BRIEF_PATIENT_ID}/brief/`,
        json(404, { detail: 'Not found.' }),
      ),
    })
    expect(
      await screen.findByText('This patient is not in your scope.', {}, { timeout: 10_000 }),
    ).toBeTruthy()
  })
})
