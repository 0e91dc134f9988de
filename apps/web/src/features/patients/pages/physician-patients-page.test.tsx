import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { makePatient } from '../testing/fixtures.ts'
import { nextOrdering } from './physician-patients-page.tsx'

const page = (results: ReturnType<typeof makePatient>[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
})
const scored = makePatient({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  full_name: 'Lucia Fernandez',
  data_as_of: '2026-11-02T00:00:00Z',
  risk_score: 2.4,
})
const unscored = makePatient({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  full_name: 'Harold Jensen',
  data_as_of: null,
  risk_score: null,
})

describe('nextOrdering', () => {
  it('starts a column in its natural direction and flips it on the next click', () => {
    expect(nextOrdering('-risk_score', 'name')).toBe('name')
    expect(nextOrdering('name', 'name')).toBe('-name')
    expect(nextOrdering('name', 'risk_score')).toBe('-risk_score')
    expect(nextOrdering('-risk_score', 'risk_score')).toBe('risk_score')
    expect(nextOrdering('risk_score', 'risk_score')).toBe('-risk_score')
  })
})

describe('physician patients', { timeout: 30_000 }, () => {
  it('lists the practice by risk score with data dates, and sorts on the server when a column is chosen', async () => {
    const user = userEvent.setup()
    await signIn(
      userWithRole('PHYSICIAN_USER', {
        organization: { id: 'o', name: 'Clinic', organization_type: 'PHYSICIAN_GROUP' },
      }),
    )
    const fake = createFakeFetch()
      .on('GET /api/patients/?ordering=-risk_score', json(200, page([scored, unscored])))
      .on('GET /api/patients/?ordering=risk_score', json(200, page([unscored, scored])))
    renderApp('/app/physician/patients', { fake })
    const table = await screen.findByRole('table', { name: 'Practice patients' }, { timeout: 10_000 })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Lucia Fernandez')
    expect(rows[1]).toHaveTextContent('2.400')
    expect(rows[2]).toHaveTextContent('No data yet')
    expect(rows[2]).toHaveTextContent('Not scored')
    expect(within(table).getByRole('columnheader', { name: /Risk score/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])

    await user.click(within(table).getByRole('button', { name: /Risk score/ }))
    await screen.findByRole('columnheader', { name: /Risk score/ })
    expect(fake.callsTo('GET /api/patients/?ordering=risk_score').length).toBeGreaterThanOrEqual(1)
    expect(await screen.findByRole('columnheader', { name: /Risk score/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
  })
})
