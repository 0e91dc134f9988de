import { displayOptionsFor, type Role } from '@blueconsent/contract/shared'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { makeClaim, makeClaims } from '../testing/fixtures.ts'
import { ClaimsPanel } from './claims-panel.tsx'

const renderPanel = (role: Role, claims = makeClaims(25)) =>
  render(
    <MemoryRouter>
      <main>
        <ClaimsPanel claims={claims} options={displayOptionsFor(role)} />
      </main>
    </MemoryRouter>,
  )

const rows = () =>
  within(screen.getByRole('table', { name: 'Claims' }))
    .getAllByRole('row')
    .slice(1)
const headers = () =>
  within(screen.getByRole('table', { name: 'Claims' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)

describe('ClaimsPanel', () => {
  it('pages 10 claims for roles with no display options, without filters, providers, diagnoses or costs', () => {
    renderPanel('USER')
    expect(rows()).toHaveLength(10)
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Filter and sort claims' })).toBeNull()
    expect(headers()).toEqual(['Date', 'Type', 'Service or procedure'])
  })

  it('pages 15 for a clinician and 20 for an ACO user', () => {
    renderPanel('CLINICIAN')
    expect(rows()).toHaveLength(15)
    document.body.innerHTML = ''
    renderPanel('ACO_ADMIN')
    expect(rows()).toHaveLength(20)
  })

  it('filters by date range and provider, sorts, and goes back to the first page on a new filter', async () => {
    const user = userEvent.setup()
    const claims = [
      makeClaim(1, {
        service_date: '2026-01-10',
        date: '2026-01-10',
        provider: 'Sunrise Family Medicine',
        medicare_paid_cents: 100,
      }),
      makeClaim(2, {
        service_date: '2026-05-02',
        date: '2026-05-02',
        claim_type: 'INPATIENT',
        provider: 'Mercy Hospital',
        medicare_paid_cents: 900,
      }),
      makeClaim(3, {
        service_date: '2026-03-15',
        date: '2026-03-15',
        provider: 'Mercy Hospital',
        medicare_paid_cents: 300,
      }),
    ]
    renderPanel('ACO_USER', claims)
    const firstCells = () =>
      rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent?.slice(0, 10))
    expect(firstCells()).toEqual(['2026-05-02', '2026-03-15', '2026-01-10'])
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Oldest first')
    expect(firstCells()).toEqual(['2026-01-10', '2026-03-15', '2026-05-02'])
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Medicare paid, highest first')
    expect(firstCells()).toEqual(['2026-05-02', '2026-03-15', '2026-01-10'])
    await user.type(screen.getByLabelText('Provider'), 'mercy')
    expect(screen.getByText('2 of 3 claims match')).toBeTruthy()
    await user.type(screen.getByLabelText('From'), '2026-04-01')
    expect(firstCells()).toEqual(['2026-05-02'])
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(screen.getByText('3 claims')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('says so when no claim matches the filters', async () => {
    const user = userEvent.setup()
    renderPanel('PHYSICIAN_USER', makeClaims(3))
    await user.type(screen.getByLabelText('Diagnosis code'), 'Z99')
    expect(screen.getByText('0 of 3 claims match')).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Claims' })).toBeNull()
  })

  it('counts one claim in the singular and names claim types in words, the code kept as a tooltip', () => {
    renderPanel('ACO_USER', makeClaims(1))
    expect(screen.getByText('1 claim')).toBeTruthy()
    const type = within(rows()[0] as HTMLElement).getAllByRole('cell')[1] as HTMLElement
    expect(type.textContent).toBe('Physician/supplier')
    expect(within(type).getByTitle('CARRIER')).toBeTruthy()
    expect(
      within(screen.getByLabelText('Claim type')).getByRole('option', { name: 'Hospital inpatient' }),
    ).toHaveProperty('value', 'INPATIENT')
  })
})
