import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { PATIENT_ID, makePatient, patientFake, patientPage, personaFor } from '../testing/fixtures.ts'

describe('/app/patients', { timeout: 20_000 }, () => {
  it('finds a patient and opens the record', async () => {
    const user = userEvent.setup()
    const fake = patientFake().on('GET /api/patients/', json(200, patientPage([makePatient()], 45)))
    await signIn(personaFor('CLINICIAN'))
    const app = renderApp('/app/patients', { fake })
    await user.type(await screen.findByRole('searchbox', {}, { timeout: 10_000 }), 'Lop')
    expect(
      await screen.findByText('45 patients found (showing the first 1; refine the search to narrow it)'),
    ).toBeTruthy()
    await user.click(screen.getByRole('link', { name: 'View record of Maria Lopez' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/app/patient/${PATIENT_ID}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeTruthy()
  })
})
