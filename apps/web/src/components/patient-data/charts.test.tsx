import { render, screen, within } from '@testing-library/react'
import type { Claim, RiskScore } from '@blueconsent/contract/patients'
import { describe, expect, it } from 'vitest'
import { ClaimsTimelineChart, claimsByMonth, claimsTimelineSummary } from './claims-timeline-chart.tsx'
import { RiskContributorsChart, riskContributors } from './risk-contributors-chart.tsx'

const claim = (
  id: string,
  type: Claim['claim_type'],
  date: string | null,
  alt: string | null = null,
): Claim => ({
  id,
  claim_id: id,
  claim_type: type,
  service: null,
  procedure: null,
  service_date: date,
  date: alt,
  end_date: null,
  provider: null,
  provider_npi: null,
  type_of_bill: null,
  diagnoses: [],
  lines: [],
  submitted_cents: null,
  allowed_cents: null,
  medicare_paid_cents: null,
  patient_pays_cents: null,
})

const risk = {
  raw_score: 0.611,
  // As the engine sends them: the payment HCCs are terms too (kind 'disease').
  terms: [
    { variable: 'F75_79', label: 'Female, 75-79', kind: 'demographic', coefficient: 0.445 },
    { variable: 'HCC38', label: 'Diabetes', kind: 'disease', coefficient: 0.166 },
  ],
  hccs: [{ hcc: 'HCC38', label: 'Diabetes', coefficient: 0.166, diagnoses: [], dropped: [] }],
} as unknown as RiskScore

describe('claims timeline', () => {
  it('counts claims per month and type, reading either date field and skipping undated claims', () => {
    const months = claimsByMonth([
      claim('a', 'CARRIER', '2026-03-04'),
      claim('b', 'CARRIER', null, '2026-03-20'),
      claim('c', 'INPATIENT', '2026-01-02'),
      claim('d', 'DME', null),
    ])
    expect(months).toEqual([
      { month: '2026-01', counts: { INPATIENT: 1 }, total: 1 },
      { month: '2026-03', counts: { CARRIER: 2 }, total: 2 },
    ])
  })

  it('draws a column per month and gives the counts as a table', () => {
    const { container } = render(
      <ClaimsTimelineChart
        claims={[claim('a', 'CARRIER', '2026-03-04'), claim('c', 'INPATIENT', '2026-03-05')]}
      />,
    )
    expect(container.querySelectorAll('rect')).toHaveLength(2)
    const table = screen.getByRole('table', { name: 'Claims by month and type' })
    const row = within(table).getByRole('row', { name: /2026-03/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '1', '2'])
    expect(screen.getByText('2 dated claims, all in 2026-03.')).toBeTruthy()
  })

  it('sums the months up in a sentence', () => {
    const months = claimsByMonth([
      claim('a', 'CARRIER', '2026-01-04'),
      claim('b', 'CARRIER', '2026-03-04'),
      claim('c', 'OUTPATIENT', '2026-03-09'),
      claim('d', 'DME', '2026-07-01'),
    ])
    expect(claimsTimelineSummary(months)).toBe(
      '4 dated claims from 2026-01 to 2026-07 (3 months with claims); the busiest month is 2026-03 with 2 claims.',
    )
    expect(claimsTimelineSummary([])).toBe('No dated claims.')
  })
})

describe('risk contributors', () => {
  it('lists terms and HCCs largest first with their values as text', () => {
    expect(riskContributors(risk).map((item) => item.key)).toEqual(['F75_79', 'HCC38'])
    render(<RiskContributorsChart risk={risk} />)
    expect(screen.getByText('What adds to the raw score of 0.611')).toBeTruthy()
    expect(screen.getByText('HCC38 Diabetes')).toBeTruthy()
    expect(screen.getByText('0.445')).toBeTruthy()
  })

  it('counts each term once, so the rows add up to the raw score', () => {
    const values = riskContributors(risk).map((item) => item.value)
    expect(values).toHaveLength(2)
    expect(values.reduce((sum, value) => sum + value, 0)).toBeCloseTo(risk.raw_score, 3)
  })
})
