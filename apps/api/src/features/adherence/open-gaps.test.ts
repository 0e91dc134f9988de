import type { RiskGap } from '@blueconsent/contract/risk-gaps'
import { describe, expect, it } from 'vitest'
import { briefGapOf } from './open-gaps.ts'

const gap = (overrides: Partial<RiskGap>): RiskGap =>
  ({
    id: 'g1',
    patient_id: 'p1',
    patient_name: 'Ann Lee',
    tin: null,
    type: 'recapture',
    condition: 'Diabetes with chronic complications',
    model: 'V28',
    hcc: 'HCC37',
    hcc_label: 'Diabetes with Chronic Complications',
    value: 0.166,
    rx_hcc: 'RXHCC31',
    rx_hcc_label: null,
    rx_value: 0.05,
    trumped_by: null,
    confidence: null,
    suggested_code: 'E11.22',
    last_date: '2025-04-02',
    provider_name: 'Riverbend Clinic',
    provider_npi: '1234567893',
    claims: [
      {
        claim_id: 'c1',
        claim_type: 'CARRIER',
        date: '2025-04-02',
        codes: ['E1122'],
        provider_name: 'Riverbend Clinic',
        provider_npi: '1234567893',
      },
    ],
    fills: [],
    rule: null,
    part_d_score: null,
    status: 'open',
    status_reason: null,
    defer_until: null,
    status_changed_at: null,
    computed_at: '2026-11-01T00:00:00Z',
    ...overrides,
  }) as RiskGap

describe('a gap in the pre-visit brief', () => {
  it('says what documenting it is worth, with the code and the claim that documented it last year', () => {
    expect(briefGapOf(gap({}))).toEqual({
      title: 'Diabetes with chronic complications: Not yet documented this year',
      detail:
        'Worth +0.166 on the CMS-HCC score (V28), +0.050 on the Part D score if documented at this visit. Likely code: E11.22.',
      evidence: ['2025-04-02: E1122 (Riverbend Clinic)'],
    })
  })

  it('says a trumped gap changes no score, and names a suspect’s confidence', () => {
    const trumped = briefGapOf(gap({ trumped_by: 'HCC36', type: 'suspect', confidence: 'high' }))
    expect(trumped.detail).toBe('Already covered by HCC36 this year: documenting it changes no score.')
    expect(trumped.title).toBe(
      'Diabetes with chronic complications: Suggested by the prescriptions (high confidence)',
    )
  })
})
