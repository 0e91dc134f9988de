import type { RiskGap } from '@blueconsent/contract/risk-gaps'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const TIN = '11111111-1111-4111-8111-111111111111'

const gap = (overrides: Partial<RiskGap>): RiskGap => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  patient_id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  patient_name: 'Lucia Fernandez',
  tin: 'Riverbend Primary Care',
  type: 'recapture',
  condition: 'Heart Failure, Except End-Stage and Acute',
  model: 'V28',
  hcc: 'HCC226',
  hcc_label: 'Heart Failure, Except End-Stage and Acute',
  value: 0.41,
  rx_hcc: 'RXHCC186',
  rx_hcc_label: 'Heart Failure',
  rx_value: 0.113,
  trumped_by: null,
  confidence: null,
  suggested_code: 'I509',
  last_date: '2025-09-20',
  provider_name: 'Dr Rivera',
  provider_npi: '1234567893',
  claims: [
    {
      claim_id: 'c1',
      claim_type: 'CARRIER',
      date: '2025-09-20',
      codes: ['I509'],
      provider_name: 'Dr Rivera',
      provider_npi: '1234567893',
    },
  ],
  fills: [],
  rule: null,
  part_d_score: 1.1,
  data_limitations: [],
  status: 'open',
  status_reason: null,
  defer_until: null,
  status_changed_at: null,
  computed_at: '2026-11-27T10:00:00Z',
  ...overrides,
})

const suspect = gap({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  data_limitations: [
    {
      code: 'short_history',
      message:
        'The Medicare record covers less than a year (it starts 2026-02-01): HCCs documented before then may be missing.',
    },
  ],
  type: 'suspect',
  condition: 'Dementia',
  hcc: 'HCC127',
  value: 0.32,
  confidence: 'high',
  claims: [],
  fills: [
    {
      medication_id: 'm1',
      drug_name: 'Donepezil Hydrochloride',
      ndc: '00093222601',
      fill_date: '2026-02-01',
      days_supply: 30,
      prescriber_name: 'Dr Park',
      prescriber_npi: '1588667638',
    },
  ],
  last_date: '2026-02-01',
  rule: { id: 'antidementia-dementia', drug_class: 'Anticholinesterases', rationale: 'r', sources: ['s'] },
})

const list = (results: RiskGap[]) => ({ page: 1, page_size: 25, has_more: false, results })

describe('the risk gap worklist', { timeout: 30_000 }, () => {
  it('lists gaps by value with their evidence, filters by TIN and marks a gap addressed', async () => {
    const user = userEvent.setup()
    await signIn(
      userWithRole('ACO_ADMIN', { organization: { id: 'o', name: 'ACO', organization_type: 'ACO' } }),
    )
    const fake = createFakeFetch()
      .on('GET /api/risk-gaps/', json(200, list([gap({}), suspect])))
      .on(`GET /api/risk-gaps/?tin=${TIN}`, json(200, list([suspect])))
      .on(
        'GET /api/risk-gaps/filters/',
        json(200, {
          tins: [{ id: TIN, name: 'Riverbend Primary Care', masked: '***-**-1234' }],
          providers: [{ npi: '1234567893', name: 'Dr Rivera' }],
        }),
      )
      .on(`PATCH /api/risk-gaps/${suspect.id}/`, json(200, { ...suspect, status: 'addressed' }))
    renderApp('/app/risk-gaps', { fake })
    const table = await screen.findByRole(
      'table',
      { name: 'Risk gaps, highest value first' },
      { timeout: 10_000 },
    )
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Lucia Fernandez')
    expect(rows[1]).toHaveTextContent('+0.410')
    expect(rows[1]).toHaveTextContent('Last documented 2025-09-20 by Dr Rivera')
    expect(rows[2]).toHaveTextContent('Donepezil Hydrochloride filled 2026-02-01')
    expect(rows[2]).toHaveTextContent('High confidence')
    expect(rows[2]).toHaveTextContent('The Medicare record covers less than a year (it starts 2026-02-01)')
    expect(rows[1]).not.toHaveTextContent('less than a year')
    expect(await axeViolations()).toEqual([])

    await user.selectOptions(await screen.findByLabelText('TIN'), 'Riverbend Primary Care (***-**-1234)')
    await within(table).findByRole('button', { name: 'Mark Dementia for Lucia Fernandez addressed' })
    expect(fake.callsTo(`GET /api/risk-gaps/?tin=${TIN}`).length).toBeGreaterThanOrEqual(1)
    await user.click(screen.getByRole('button', { name: 'Mark Dementia for Lucia Fernandez addressed' }))
    const patch = fake.callsTo(`PATCH /api/risk-gaps/${suspect.id}/`)
    expect(patch).toHaveLength(1)
    expect(patch[0]?.body).toEqual({ status: 'addressed' })
  })

  it('asks why before dismissing a gap', async () => {
    const user = userEvent.setup()
    await signIn(
      userWithRole('PHYSICIAN_USER', {
        organization: { id: 'o', name: 'Clinic', organization_type: 'PHYSICIAN_GROUP' },
      }),
    )
    const fake = createFakeFetch()
      .on('GET /api/risk-gaps/', json(200, list([gap({})])))
      .on('GET /api/risk-gaps/filters/', json(200, { tins: [], providers: [] }))
      .on(`PATCH /api/risk-gaps/${gap({}).id}/`, json(200, { ...gap({}), status: 'dismissed' }))
    renderApp('/app/risk-gaps', { fake })
    const name = 'Heart Failure, Except End-Stage and Acute for Lucia Fernandez'
    await user.click(await screen.findByRole('button', { name: `Dismiss ${name}` }, { timeout: 10_000 }))
    await user.type(screen.getByLabelText(`Why dismiss ${name}?`), 'Resolved')
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(fake.callsTo(`PATCH /api/risk-gaps/${gap({}).id}/`)[0]?.body).toEqual({
      status: 'dismissed',
      reason: 'Resolved',
    })
  })
})
