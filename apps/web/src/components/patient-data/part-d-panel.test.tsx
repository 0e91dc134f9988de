import type { PatientRiskGaps } from '@blueconsent/contract/risk-gaps'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PartDView } from './part-d-panel.tsx'

const data: PatientRiskGaps = {
  patient_id: 'p',
  computed_at: '2026-11-27T10:00:00Z',
  part_d_score: {
    model: 'RxHCC-V08',
    payment_year: 2026,
    segment: 'CE_NONLOW_AGED',
    segment_label: 'Continuing enrollee, community, not low income, aged',
    raw_score: 0.6,
    normalized: [
      { plan: 'MA-PD', factor: 1.194, score: 0.503 },
      { plan: 'PDP', factor: 0.887, score: 0.676 },
    ],
    rx_hccs: [
      {
        rx_hcc: 'RXHCC31',
        label: 'Diabetes without Complication',
        coefficient: 0.248,
        diagnoses: [{ code: 'E119', claims: [{ claim_id: 'claim-7', date: '2025-05-01' }] }],
        fills: [
          {
            medication_id: 'm1',
            drug_name: 'Metformin Hydrochloride',
            ndc: '00093104801',
            fill_date: '2025-05-03',
            days_supply: 90,
            prescriber_name: null,
            prescriber_npi: null,
          },
        ],
      },
    ],
    dropped: [],
    terms: [],
  },
  gaps: [],
  caveats: [
    'The Medicare record covers less than a year (it starts 2026-06-01): HCCs documented before then may be missing.',
  ],
  data_limitations: [
    {
      code: 'short_history',
      message:
        'The Medicare record covers less than a year (it starts 2026-06-01): HCCs documented before then may be missing.',
    },
  ],
}

describe('the Part D panel', () => {
  it('shows the score per plan type, each RxHCC traced to its claim and fills, and the caveats', () => {
    render(<PartDView data={data} />)
    expect(
      screen.getByRole('heading', { name: /Part D risk score \(RxHCC V08, payment year 2026\)/ }),
    ).toBeVisible()
    expect(screen.getByText(/0\.503 for MA-PD, 0\.676 for PDP/)).toBeVisible()
    expect(screen.getByText('Diagnosis E119 from claim claim-7 (2025-05-01)')).toBeVisible()
    expect(screen.getByText('Supported by Metformin Hydrochloride filled 2025-05-03')).toBeVisible()
    expect(screen.getByText(/HCCs documented before then may be missing/)).toBeVisible()
    expect(screen.getByText('No open risk gaps.')).toBeVisible()
  })

  it('says when no Part D score is available', () => {
    render(<PartDView data={{ ...data, part_d_score: null, caveats: [] }} />)
    expect(screen.getByText('No Part D risk score is available for this patient yet.')).toBeVisible()
  })
})
