import type { RiskReport, RiskReportRow } from '@blueconsent/contract/reports'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const row = (overrides: Partial<RiskReportRow>): RiskReportRow => ({
  patient_id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  patient_name: 'Lucia Fernandez',
  tin: 'Riverbend Primary Care',
  model: 'V28',
  payment_year: 2026,
  score: 1.234,
  payment_score: 1.161,
  hccs: [{ hcc: 'HCC38', label: 'Diabetes with Glycemic, Unspecified, or No Complications' }],
  part_d_model: 'RxHCC-V08',
  part_d_score: 0.912,
  part_d_pdp_score: 1.228,
  rx_hccs: [{ rx_hcc: 'RXHCC31', label: 'Diabetes with Complications' }],
  calculated_at: '2026-11-27T10:00:00Z',
  ...overrides,
})

const report = (results: RiskReportRow[]): RiskReport => ({
  count: results.length,
  average_score: 1,
  results,
  models: ['ESRD-V24', 'V28'],
  payment_years: [2026],
  tins: [],
})

describe('the ACO risk report', { timeout: 30_000 }, () => {
  it('shows each patient’s Part D score and RxHCCs beside the CMS-HCC or ESRD score', async () => {
    await signIn(
      userWithRole('ACO_ADMIN', { organization: { id: 'o', name: 'ACO', organization_type: 'ACO' } }),
    )
    const fake = createFakeFetch().on(
      'GET /api/reports/risk/',
      json(
        200,
        report([
          row({}),
          row({
            patient_id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
            patient_name: 'Walter Brooks',
            model: 'ESRD-V24',
            hccs: [{ hcc: 'HCC18', label: 'Diabetes with Chronic Complications' }],
            part_d_model: null,
            part_d_score: null,
            part_d_pdp_score: null,
            rx_hccs: [],
          }),
        ]),
      ),
    )
    renderApp('/app/aco/reports', { fake })
    const table = await screen.findByRole('table', { name: 'Risk scores' }, { timeout: 10_000 })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual([
      'Patient',
      'TIN',
      'Model and year',
      'Score',
      'Conditions (HCCs)',
      'Part D score',
      'Part D conditions (RxHCCs)',
    ])
    const rows = within(table).getAllByRole('row')
    const cells = (index: number) =>
      within(rows[index] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(1).slice(5)).toEqual(['0.912MA-PD, PDP 1.228', 'Diabetes with Complications (RXHCC31)'])
    expect(cells(2)[2]).toBe('ESRD-V24 · 2026')
    expect(cells(2)[4]).toBe('Diabetes with Chronic Complications (HCC18)')
    expect(cells(2).slice(5)).toEqual(['Not computed', ''])
    expect(await axeViolations()).toEqual([])
  })
})
