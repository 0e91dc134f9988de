// A complete risk score for tests of the shared panel and the pages that show it: one HCC with its
// evidence, one demographic term (the terms add up to the raw score), nothing defaulted.
import type { RiskScore } from '@blueconsent/contract/patients'

export const riskScoreFixture = (overrides: Partial<RiskScore> = {}): RiskScore => ({
  score: 1.234,
  calculation_date: '2026-11-20',
  model: 'CMS-HCC V28',
  payment_year: 2026,
  segment: 'CNA',
  segment_label: 'Community, non-dual, aged',
  raw_score: 0.611,
  normalized_score: 1.234,
  payment_score: 1.234,
  hccs: [
    {
      hcc: 'HCC38',
      label: 'Diabetes with Glycemic, Unspecified, or No Complications',
      coefficient: 0.166,
      diagnoses: [
        {
          code: 'E119',
          description: 'Type 2 diabetes mellitus without complications',
          sources: [
            { claim_id: 'carrier-1001', claim_type: 'CARRIER', from: '2026-03-04', through: '2026-03-04' },
          ],
        },
      ],
      dropped: [],
    },
  ],
  dropped_by_hierarchy: [],
  // As the engine sends them: every variable once, the payment HCCs among them (kind 'disease').
  terms: [
    { variable: 'F75_79', label: 'Female, 75-79', kind: 'demographic', coefficient: 0.445 },
    {
      variable: 'HCC38',
      label: 'Diabetes with Glycemic, Unspecified, or No Complications',
      kind: 'disease',
      coefficient: 0.166,
    },
  ],
  defaulted: [],
  completeness: { status: 'complete', note: 'Fee-for-service all year.' },
  warnings: [],
  ...overrides,
})
