import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { makePatient } from '../testing/fixtures.ts'

const client = makePatient({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', full_name: 'Rosa Delgado' })
const coverage = {
  reference_year: '2026',
  parts: [
    { part: 'A', status: 'active', start: '2020-01-01', end: null },
    { part: 'D', status: 'active', start: '2021-01-01', end: '2026-12-31' },
  ],
  part_c: null,
  part_d: { contract: 'S5601', plan: '012' },
  dual_status: null,
  last_updated: null,
}

describe('agent policies', { timeout: 30_000 }, () => {
  it("shows the chosen client's Medicare parts and drug plan from their coverage", async () => {
    await signIn(
      userWithRole('AGENT_USER', {
        organization: { id: 'o', name: 'Agency', organization_type: 'INSURANCE_AGENCY' },
      }),
    )
    const fake = createFakeFetch()
      .on('GET /api/patients/', json(200, { count: 1, next: null, previous: null, results: [client] }))
      .on(`GET /api/patients/${client.id}/coverage/`, json(200, coverage))
    renderApp(`/app/agent/policies?client=${client.id}`, { fake })

    const table = await screen.findByRole('table', { name: 'Medicare parts' }, { timeout: 10_000 })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Part A (hospital)')
    expect(rows[1]).toHaveTextContent('Ongoing')
    expect(rows[2]).toHaveTextContent('Part D (drugs)')
    expect(screen.getByText('S5601-012')).toBeInTheDocument()
  })

  it('says so when the coverage cannot be read', async () => {
    await signIn(
      userWithRole('AGENT_USER', {
        organization: { id: 'o', name: 'Agency', organization_type: 'INSURANCE_AGENCY' },
      }),
    )
    const fake = createFakeFetch()
      .on('GET /api/patients/', json(200, { count: 1, next: null, previous: null, results: [client] }))
      .on(`GET /api/patients/${client.id}/coverage/`, json(404, { detail: 'Not found.', code: 'not_found' }))
    renderApp(`/app/agent/policies?client=${client.id}`, { fake })

    expect(
      await screen.findByText('Failed to load the client’s coverage.', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument()
  })
})
