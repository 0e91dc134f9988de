import type { RiskScore } from '@blueconsent/contract/patients'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { riskScoreFixture } from '../../testing/risk-score-fixture.ts'
import { RiskScorePanel } from './risk-score-panel.tsx'

/** The shared fixture with a diagnosis spanning days and HCC37 dropped under HCC38. */
const score = (overrides: Partial<RiskScore> = {}): RiskScore =>
  riskScoreFixture({
    hccs: [
      {
        hcc: 'HCC38',
        label: 'Diabetes with Glycemic, Unspecified, or No Complications',
        coefficient: 0.166,
        diagnoses: [
          {
            code: 'E119',
            sources: [
              { claim_id: 'carrier-1001', claim_type: 'CARRIER', from: '2026-03-04', through: '2026-03-06' },
            ],
          },
        ],
        dropped: ['HCC37'],
      },
    ],
    dropped_by_hierarchy: [
      { hcc: 'HCC37', label: 'Diabetes with Chronic Complications', dropped_by: ['HCC38'], diagnoses: [] },
    ],
    ...overrides,
  })

describe('RiskScorePanel', () => {
  it('shows the score with its model and payment year, each HCC with its label and the claims behind it, and the terms', () => {
    render(<RiskScorePanel risk={score()} />)
    const panel = screen.getByRole('region', { name: 'Risk score' })
    expect(within(panel).getByText('1.234', { selector: 'dd' })).toBeTruthy()
    expect(within(panel).getByText('CMS-HCC V28, payment year 2026')).toBeTruthy()
    expect(
      within(panel).getByText('HCC38 Diabetes with Glycemic, Unspecified, or No Complications'),
    ).toBeTruthy()
    expect(
      within(panel).getByText('Diagnosis E11.9 from claim carrier-1001 (CARRIER, 2026-03-04 to 2026-03-06)'),
    ).toBeTruthy()
    expect(within(panel).getByText(/outranks HCC37/)).toBeTruthy()
    expect(within(panel).getByText('Female, 75-79 (F75_79): 0.445')).toBeTruthy()
    expect(
      within(panel).getByText(/HCC37 Diabetes with Chronic Complications: not counted, removed by HCC38/),
    ).toBeTruthy()
  })

  it('lists each HCC once: among the HCCs, not again among the demographic and interaction terms', () => {
    render(<RiskScorePanel risk={score()} />)
    const panel = screen.getByRole('region', { name: 'Risk score' })
    const terms = within(panel).getByText('Demographic and interaction terms')
      .nextElementSibling as HTMLElement
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Female, 75-79 (F75_79): 0.445'])
    expect(within(panel).getAllByText(/Diabetes with Glycemic/)).toHaveLength(1)
  })

  it('warns only when an input was defaulted or the data is incomplete', () => {
    const { unmount } = render(<RiskScorePanel risk={score()} />)
    expect(screen.queryByRole('note')).toBeNull()
    unmount()
    render(
      <RiskScorePanel
        risk={score({
          completeness: {
            status: 'incomplete',
            note: '3 month(s) of the data-collection year were in Medicare Advantage.',
          },
          defaulted: [{ input: 'orec', reason: 'OREC unknown: aged 65+, assumed entitlement by age' }],
        })}
      />,
    )
    const note = screen.getByRole('note')
    expect(within(note).getByText('Read this score with care')).toBeTruthy()
    expect(
      within(note).getByText(
        /^Data completeness: 3 month\(s\) of the data-collection year were in Medicare Advantage/,
      ),
    ).toBeTruthy()
    expect(
      within(note).getByText(
        'Assumed original reason for entitlement: OREC unknown: aged 65+, assumed entitlement by age',
      ),
    ).toBeTruthy()
  })

  it('says in plain words what the score is and cannot know, with the model’s notes one click away', () => {
    render(
      <RiskScorePanel risk={score({ warnings: ['HCC 2 requires MDS', 'Rounded half-up to 3 decimals.'] })} />,
    )
    const panel = screen.getByRole('region', { name: 'Risk score' })
    expect(within(panel).getByText(/compare with an average beneficiary, who scores 1\.000/)).toBeTruthy()
    expect(within(panel).getByText(/cannot know conditions that were never billed/)).toBeTruthy()
    // The modelling notes are not a warning to the reader: they sit in a closed disclosure.
    expect(screen.queryByRole('note')).toBeNull()
    const details = within(panel)
      .getByText('Technical details of the model')
      .closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(within(details).getByText('HCC 2 requires MDS')).toBeTruthy()
  })
})
