// The patient page composed with the adherence panel: shown to the roles that see claims, never to agents.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeAdherence } from '@/features/adherence/testing-fixtures.ts'
import { PATIENT_ID, patientFake, personaFor } from '@/features/patients/testing/fixtures.ts'
import { axeViolations } from '@/testing/axe.ts'
import { json } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

describe('the patient page’s adherence panel', { timeout: 20_000 }, () => {
  it('shows a provider the measures, the flag below 80% and the way to the brief', async () => {
    await signIn(personaFor('PHYSICIAN_USER'))
    renderApp(`/app/patient/${PATIENT_ID}`, {
      fake: patientFake().on(`GET /api/patients/${PATIENT_ID}/adherence/`, json(200, makeAdherence())),
    })
    const panel = await screen.findByRole('region', { name: 'Medication adherence' }, { timeout: 10_000 })
    const statins = await within(panel).findByRole('row', { name: /Cholesterol \(statins\)/ })
    expect(statins.textContent).toContain('Below 80%')
    expect(within(panel).getByRole('row', { name: /Diabetes/ }).textContent).toContain('At or above 80%')
    expect(within(panel).getByRole('link', { name: 'Open pre-visit brief' }).getAttribute('href')).toBe(
      `/app/patient/${PATIENT_ID}/brief`,
    )
    expect(await axeViolations()).toEqual([])
  })

  it('is not shown to an agent, who is not asked for it', async () => {
    await signIn(personaFor('AGENT_USER'))
    const { fake } = renderApp(`/app/patient/${PATIENT_ID}`, { fake: patientFake() })
    await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' }, { timeout: 10_000 })
    expect(screen.queryByRole('region', { name: 'Medication adherence' })).toBeNull()
    expect(fake.callsTo(`GET /api/patients/${PATIENT_ID}/adherence/`)).toHaveLength(0)
  })
})
