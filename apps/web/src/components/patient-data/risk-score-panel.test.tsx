import type { RiskScore } from '@blueconsent/contract/patients'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { riskScoreFixture } from '@/testing/risk-score-fixture.ts'
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
    const evidence = within(panel).getByText(/^E11\.9, billed on/, { selector: 'li' })
    expect(evidence.textContent).toBe(
      'E11.9, billed on a physician/supplier claim from Mar 4, 2026 to Mar 6, 2026 (Claim 1001)',
    )
    // The claim's id as Blue Button sent it is kept for whoever needs to find the claim.
    expect(within(evidence).getByTitle('carrier-1001').textContent).toBe('(Claim 1001)')
    expect(within(panel).getByText(/outranks HCC37/)).toBeTruthy()
    expect(within(panel).getByText('Female, 75-79 (F75_79): 0.445')).toBeTruthy()
    expect(
      within(panel).getByText(/HCC37 Diabetes with Chronic Complications: not counted, removed by HCC38/),
    ).toBeTruthy()
  })

  it('says which model scored the patient and why: ESRD status from Medicare’s Coverage', () => {
    render(
      <RiskScorePanel
        risk={score({
          model: 'ESRD-V24',
          segment_label: 'Functioning graft, community, not full-benefit dual, aged 65+',
          model_choice: {
            model: 'ESRD-V24',
            esrd: true,
            reason:
              'Medicare records ESRD status: scored with the ESRD model; kidney transplant on 2025-03-10: month 21 since the transplant',
          },
        })}
      />,
    )
    const panel = screen.getByRole('region', { name: 'Risk score' })
    expect(within(panel).getByText('ESRD-V24, payment year 2026')).toBeTruthy()
    const why = within(panel).getByText('Why this model')
    expect(why.nextElementSibling?.textContent).toBe(
      'Medicare records ESRD status: scored with the ESRD model; kidney transplant on 2025-03-10: month 21 since the transplant',
    )
  })

  it('says HCCs may be missing when the record is shorter than a year', () => {
    const message =
      'The Medicare record covers less than a year (it starts 2026-06-01): HCCs documented before then may be missing.'
    render(<RiskScorePanel risk={score({ data_limitations: [{ code: 'short_history', message }] })} />)
    const note = screen.getByRole('note')
    expect(within(note).getByText(message)).toBeTruthy()
  })

  it('shows no model reason for a score stored before the choice was recorded', () => {
    render(<RiskScorePanel risk={score()} />)
    expect(screen.queryByText('Why this model')).toBeNull()
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
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The score is likely too low: the patient was in a Medicare Advantage plan for part of the year, and diagnoses from those months are not in this data.',
      'Scored as qualifying for Medicare by age: the data does not say how the patient first qualified.',
    ])
  })

  it('says what was assumed in a clinician’s words, with the engine’s wording one click away', () => {
    render(
      <RiskScorePanel
        risk={score({
          defaulted: [
            {
              input: 'lti',
              reason: 'long-term institutional status is not in Blue Button (needs MDS): scored as community',
            },
          ],
        })}
      />,
    )
    const note = screen.getByRole('note')
    expect(
      within(note).getByText(
        'Scored as living in the community: Medicare’s data does not say whether the patient lives in a nursing home.',
      ),
    ).toBeTruthy()
    expect(within(note).queryByText(/MDS/)).toBeNull()
    const details = screen.getByText('Technical detail').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(
      within(details).getByText(
        'Assumed long-term institutional status: long-term institutional status is not in Blue Button (needs MDS): scored as community',
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
    const details = within(panel).getByText('Technical detail').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(within(details).getByText('HCC 2 requires MDS')).toBeTruthy()
  })

  it('has no technical detail to disclose when the engine assumed nothing and noted nothing', () => {
    render(<RiskScorePanel risk={score()} />)
    expect(screen.queryByText('Technical detail')).toBeNull()
  })
})
