import type { ClaimDetail } from '@blueconsent/contract/patients'
import type { Role } from '@blueconsent/contract/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, type FakeFetch } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { axeViolations } from '@/testing/axe.ts'
import {
  PATIENT_ID,
  consolidated,
  makeMedication,
  makePatient,
  makeClaim,
  makeClaims,
  patientFake,
  patientRiskScore,
  personaFor,
  riskScore,
} from '../testing/fixtures.ts'

async function openPatient(role: Role, fake: FakeFetch = patientFake(), url = `/app/patient/${PATIENT_ID}`) {
  await signIn(personaFor(role))
  const app = renderApp(url, { fake })
  await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' }, { timeout: 10_000 })
  return app
}

const claimRows = () =>
  within(screen.getByRole('table', { name: 'Claims' }))
    .getAllByRole('row')
    .slice(1)

describe('Patient Details', { timeout: 20_000 }, () => {
  it('shows an ACO user a summary first, then the record in sections, the risk score explained in its own', async () => {
    const user = userEvent.setup()
    await openPatient('ACO_USER')
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Medications',
      'Claims',
      'Risk score',
      'Notes',
    ])
    const summary = screen.getByRole('region', { name: 'Summary' })
    expect(await within(summary).findByText(/^Risk score/)).toHaveTextContent(
      'Risk score 1.234 (CMS-HCC V28, payment year 2026)',
    )
    // The score's internals wait in their section, reached from the summary.
    expect(screen.queryByRole('heading', { name: 'Risk score' })).toBeNull()
    await user.click(within(summary).getByRole('button', { name: 'How this score is calculated' }))
    expect(screen.getByRole('tab', { name: 'Risk score', selected: true })).toBeTruthy()
    expect(screen.getByText('1EG4TE5MK73')).toBeTruthy()
    expect(screen.getByText(/Data as of/)).toBeTruthy()
    expect(screen.getByText(/Last sync/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export FHIR' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Risk score' })).toBeTruthy()
    expect(screen.getByText('CMS-HCC V28, payment year 2026')).toBeTruthy()
    expect(
      screen.getByText(/^Type 2 diabetes mellitus without complications \(E11\.9\), billed on/, {
        selector: 'li',
      }).textContent,
    ).toMatch(/a physician\/supplier claim of Mar 4, 2026 \(Claim 1001\)$/)
    expect(screen.getByText('Read this score with care')).toBeTruthy()
    expect(screen.getByText(/Only 7 months of claims are available/)).toBeTruthy()
    expect(screen.getByText(/Female, 75-79 \(F75_79\)/)).toBeTruthy()
    expect(screen.getByRole('figure', { name: /What adds to the raw score/ })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('states when Medicare’s own access ends while the authorization is approved', async () => {
    const authorization = {
      status: 'authorized' as const,
      request_id: '20000000-0000-4000-8000-000000000001',
      expires_at: '2027-12-27T14:24:30.000Z',
      medicare_access_ends_at: '2027-12-27T14:24:30.000Z',
    }
    const fake = patientFake().on(
      `GET /api/patients/${PATIENT_ID}/`,
      json(200, makePatient({ authorization })),
    )
    await openPatient('ACO_USER', fake)
    const summary = screen.getByRole('region', { name: 'Summary' })
    expect(within(summary).getByText('Medicare access ends on December 27, 2027 at 9:24 AM ET.')).toBeTruthy()
  })

  it('says nothing of Medicare’s end once the authorization has ended', async () => {
    const authorization = {
      status: 'expired' as const,
      request_id: '20000000-0000-4000-8000-000000000002',
      expires_at: '2026-01-01T00:00:00.000Z',
      medicare_access_ends_at: '2026-01-01T00:00:00.000Z',
    }
    const fake = patientFake().on(
      `GET /api/patients/${PATIENT_ID}/`,
      json(200, makePatient({ authorization })),
    )
    await openPatient('ACO_USER', fake)
    expect(screen.queryByText(/Medicare access ends/)).toBeNull()
  })

  it('shows an agent medications only: no claims tab, risk score, export or Medicare ID', async () => {
    const { fake } = await openPatient('AGENT_USER')
    expect(screen.getByRole('tab', { name: 'Medications', selected: true })).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Medications', 'Notes'])
    expect(await screen.findByText('Metformin HCl 500 mg')).toBeTruthy()
    expect(screen.queryByRole('tab', { name: 'Claims' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull()
    expect(screen.queryByText('1EG4TE5MK73')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Risk score' })).toBeNull()
    expect(fake.callsTo(`GET /api/patients/${PATIENT_ID}/risk_score/`)).toHaveLength(0)
    expect(await axeViolations()).toEqual([])
  })

  it('names a fill the claim left unnamed by its labelled NDC, never a dash', async () => {
    const unnamed = makeMedication({ id: 'med-2', name: null, drug_name: null, ndc: '00071015523' })
    await openPatient('ACO_USER', patientFake(consolidated({ medications: [makeMedication(), unnamed] })))
    expect(await screen.findByText('NDC 00071-0155-23')).toBeTruthy()
    expect(screen.getByText('Metformin HCl 500 mg')).toBeTruthy()
  })
  it('shows providers dual status and Medicare visits, from the queries the page already makes', async () => {
    const claims = [
      makeClaim(1, {
        service_date: '2026-06-10',
        date: '2026-06-10',
        claim_id: 'carrier-awv',
        service: 'G0439',
        service_code_set: 'HCPCS',
        service_description: 'Annual wellness visit, subsequent',
        lines: [
          {
            sequence: 1,
            hcpcs: 'G0439',
            code_set: 'HCPCS',
            description: 'Annual wellness visit, subsequent',
            modifiers: [],
            service_start: '2026-06-10',
            service_end: null,
            quantity: '1',
            place_of_service: '11',
            provider_npi: null,
            submitted_cents: null,
            allowed_cents: null,
            medicare_paid_cents: null,
          },
        ],
      }),
      makeClaim(2, {
        service_date: '2026-09-01',
        date: '2026-09-01',
        claim_id: 'carrier-latest',
        service: '99283',
        procedure: '99283',
        service_description: 'Emergency department visit',
        provider: '1948832088',
        provider_npi: '1948832088',
      }),
    ]
    const fake = patientFake(consolidated({ claims })).on(
      `GET /api/patients/${PATIENT_ID}/risk_score/`,
      json(200, patientRiskScore(riskScore({ segment: 'CFA' }))),
    )
    await openPatient('PHYSICIAN_USER', fake)
    const status = await screen.findByRole('region', { name: 'Medicare status' })
    expect(await within(status).findByText(/Full-benefit dual/)).toBeTruthy()
    // Sentences, each linking to the claim it comes from; no bare claim id or unlabelled number.
    const last = within(status).getByRole('link', {
      name: 'Sep 1, 2026 — Emergency department visit (CPT 99283) with NPI 1948832088',
    })
    expect(last.getAttribute('href')).toBe(`/app/claim/${claims[1]?.record_id}`)
    expect(
      within(status).getByRole('link', {
        name: 'Jun 10, 2026 — Annual wellness visit, subsequent (HCPCS G0439) with Sunrise Family Medicine',
      }),
    ).toBeTruthy()
    expect(within(status).queryByText(/carrier-latest/)).toBeNull()
    // The panel reuses the page's queries: no endpoint beyond the record, risk score, data and notes (and the
    // adherence panel's own, which the page composed by app/ shows providers).
    const base = `/api/patients/${PATIENT_ID}/`
    expect(new Set(fake.calls.map((call) => call.path))).toEqual(
      new Set([base, `${base}risk_score/`, `${base}consolidated/`, `${base}adherence/`]),
    )
    expect(await axeViolations()).toEqual([])
  })

  it('shows each role exactly its display options', async () => {
    const user = userEvent.setup()
    await openPatient('ACO_USER')
    const demographics = screen.getByRole('region', { name: 'Demographics' })
    for (const text of ['MRN-1', '1EG4TE5MK73', '+15555550123', 'maria.lopez@example.com'])
      expect(within(demographics).getByText(text)).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Medicare status' })).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Notes' }))
    expect(await screen.findByRole('button', { name: 'Add note' })).toBeTruthy()
    await user.click(await screen.findByRole('tab', { name: 'Claims' }))
    const headers = within(screen.getByRole('table', { name: 'Claims' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual([
      'Date',
      'Type',
      'Service or procedure',
      'Provider',
      'Diagnoses',
      'Medicare paid',
    ])
    expect(screen.getByRole('group', { name: 'Filter and sort claims' })).toBeTruthy()
    document.body.innerHTML = ''

    await openPatient('AGENT_USER')
    // Without the demographics option: the identity only (name as the heading, date of birth), even though the
    // record served here carries everything.
    expect(screen.queryByRole('region', { name: 'Demographics' })).toBeNull()
    const identity = screen.getByRole('region', { name: 'Identity' })
    expect(
      within(identity)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Date of birth'])
    expect(within(identity).getByText('1948-05-12')).toBeTruthy()
    for (const text of ['MRN-1', 'female', '1EG4TE5MK73', 'maria.lopez@example.com', '+15555550123'])
      expect(screen.queryByText(text), text).toBeNull()
    expect(screen.queryByRole('region', { name: 'Medicare status' })).toBeNull()
    const [fills] = await screen.findAllByRole('table', { name: /^(Current|Past) fills$/ })
    const agentHeaders = within(fills as HTMLElement)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    // Provider details and medication details, no costs.
    expect(agentHeaders).toEqual(['Medication', 'Filled', 'Days supply', 'Supply ends', 'Prescriber', 'NDC'])
    // Agents read notes but do not write them.
    await user.click(screen.getByRole('tab', { name: 'Notes' }))
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull()
  })

  it('opens the section the address names, and keeps the chosen section in the address', async () => {
    const user = userEvent.setup()
    const app = await openPatient('ACO_USER', patientFake(), `/app/patient/${PATIENT_ID}#claims`)
    expect(screen.getByRole('tab', { name: 'Claims', selected: true })).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Notes' }))
    expect(app.router.state.location.hash).toBe('#notes')
    app.unmount()
    // A section the role may not see opens the first one instead.
    await openPatient('AGENT_USER', patientFake(), `/app/patient/${PATIENT_ID}#claims`)
    expect(screen.getByRole('tab', { name: 'Medications', selected: true })).toBeTruthy()
  })

  it('switches the data tabs by keyboard, and the claims view passes axe', async () => {
    const user = userEvent.setup()
    await openPatient('ACO_USER', patientFake(consolidated({ claims: makeClaims(25) })))
    const medications = await screen.findByRole('tab', { name: 'Medications', selected: true })
    medications.focus()
    await user.keyboard('{ArrowRight}')
    const claims = screen.getByRole('tab', { name: 'Claims', selected: true })
    expect(document.activeElement).toBe(claims)
    expect(screen.getByRole('table', { name: 'Claims' })).toBeTruthy()
    // The chart's text alternatives: a summary sentence and the counts as a table.
    const chart = screen.getByRole('figure', { name: 'Claims by month and type' })
    expect(within(chart).getByText(/^25 dated claims from /)).toBeTruthy()
    expect(within(chart).getByRole('table', { name: 'Claims by month and type', hidden: true })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Medications', selected: true })).toBe(document.activeElement)
  })

  it('pages claims by the role: 20 for ACO, 15 for physicians', async () => {
    const user = userEvent.setup()
    const fake = patientFake(consolidated({ claims: makeClaims(45) }))
    await openPatient('ACO_USER', fake)
    await user.click(await screen.findByRole('tab', { name: 'Claims' }))
    expect(claimRows()).toHaveLength(20)
    expect(screen.getByRole('figure', { name: 'Claims by month and type' })).toBeTruthy()
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()
    document.body.innerHTML = ''
    await openPatient('PHYSICIAN_USER', fake)
    await user.click(await screen.findByRole('tab', { name: 'Claims' }))
    expect(claimRows()).toHaveLength(15)
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
  })

  it('filters claims by type and diagnosis, and links each to its detail page', async () => {
    const user = userEvent.setup()
    const claims = [
      makeClaim(1),
      makeClaim(2, {
        claim_type: 'INPATIENT',
        provider: 'Mercy Hospital',
        diagnoses: [{ sequence: 1, code: 'I509', system: 'icd10', roles: [] }],
      }),
    ]
    await openPatient('ACO_USER', patientFake(consolidated({ claims })))
    await user.click(await screen.findByRole('tab', { name: 'Claims' }))
    await user.selectOptions(screen.getByLabelText('Claim type'), 'INPATIENT')
    expect(claimRows()).toHaveLength(1)
    expect(screen.getByText('1 of 2 claims match')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Claim type'), '')
    await user.type(screen.getByLabelText('Diagnosis code'), 'E11')
    expect(claimRows()).toHaveLength(1)
    const link = within(claimRows()[0] as HTMLElement).getByRole('link')
    expect(link.getAttribute('href')).toBe(`/app/claim/${claims[0]?.record_id}`)
  })

  it('shows the empty states', async () => {
    const user = userEvent.setup()
    await openPatient('PHYSICIAN_USER', patientFake(consolidated({ medications: [], claims: [] })))
    expect(await screen.findByText('No medications available.')).toBeTruthy()
    await user.click(await screen.findByRole('tab', { name: 'Claims' }))
    expect(screen.getByText('No claims available.')).toBeTruthy()
  })

  it('downloads the CSV export through the API client', async () => {
    const user = userEvent.setup()
    const createObjectURL = vi.fn(() => 'blob:export')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const fake = patientFake().on(
      `GET /api/patients/${PATIENT_ID}/export/`,
      new Response('type,date\nclaim,2026-01-01\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    )
    await openPatient('ACO_USER', fake)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1))
    const call = fake.callsTo(`GET /api/patients/${PATIENT_ID}/export/`)[0]
    expect(new URL(call?.url ?? '', 'http://x').searchParams.get('format')).toBe('csv')
  })

  it('says when the id is malformed or the patient is outside the caller’s scope', async () => {
    await signIn(personaFor('ACO_USER'))
    renderApp('/app/patient/12345')
    expect(await screen.findByText('Invalid patient ID format', {}, { timeout: 10_000 })).toBeTruthy()
    document.body.innerHTML = ''
    const fake = patientFake().on(
      `GET /api/patients/${PATIENT_ID}/`,
      json(404, { detail: 'Not found.', code: 'not_found' }),
    )
    renderApp(`/app/patient/${PATIENT_ID}`, { fake })
    // The catalogue's text as the title, and why underneath.
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(
      within(alert)
        .getAllByRole('paragraph')
        .map((line) => line.textContent),
    ).toEqual([
      'Error fetching patient details',
      'The patient was not found, or is not one of your patients.',
    ])
    expect(screen.queryByRole('region', { name: /^(Demographics|Identity)$/ })).toBeNull()
  })

  it('says only the catalogue’s text when the patient cannot be read for another reason', async () => {
    await signIn(personaFor('ACO_USER'))
    const fake = patientFake().on(`GET /api/patients/${PATIENT_ID}/`, json(500, { detail: 'boom' }))
    renderApp(`/app/patient/${PATIENT_ID}`, { fake })
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toBe('Error fetching patient details')
  })

  it('sends /app/aco/patient/:id to the patient page', async () => {
    const app = await openPatient('ACO_USER', patientFake(), `/app/aco/patient/${PATIENT_ID}`)
    expect(app.router.state.location.pathname).toBe(`/app/patient/${PATIENT_ID}`)
  })
})

describe('Claim Details', { timeout: 20_000 }, () => {
  const detail = (): ClaimDetail => ({
    ...makeClaim(7),
    patient_id: PATIENT_ID,
    procedures: [{ sequence: 1, code: '0JH60DZ', system: 'icd10pcs', performed_on: '2026-08-08' }],
    lines: [
      {
        sequence: 1,
        hcpcs: '99213',
        code_set: 'CPT',
        description: 'Office or outpatient visit, established patient',
        modifiers: ['25'],
        service_start: '2026-08-08',
        service_end: null,
        quantity: '1',
        place_of_service: '11',
        provider_npi: null,
        submitted_cents: 15000,
        allowed_cents: 9876,
        medicare_paid_cents: 7900,
      },
    ],
  })

  it('shows the claim with its lines, procedures and costs to an ACO user', async () => {
    const claim = { ...detail(), claim_id: '-10000001200031', type_of_bill: '131' }
    const fake = patientFake().on(`GET /api/claims/${claim.record_id}/`, json(200, claim))
    await signIn(personaFor('ACO_USER'))
    renderApp(`/app/claim/${claim.record_id}`, { fake })
    // The number without the sign Blue Button puts on synthetic claims; types and bills in words.
    expect(await screen.findByText('10000001200031', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Physician/supplier (CARRIER)')).toBeTruthy()
    expect(screen.getByText('Hospital outpatient, whole stay or visit (131)')).toBeTruthy()
    expect(
      screen.getByText('Office or outpatient visit, established patient (CPT 99213), modifier 25'),
    ).toBeTruthy()
    expect(screen.getByText('Type 2 diabetes mellitus without complications (E11.9), principal')).toBeTruthy()
    expect(screen.getByText('0JH60DZ on 2026-08-08')).toBeTruthy()
    expect(screen.getAllByText('$79.00').length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Back to the patient' }).getAttribute('href')).toBe(
      `/app/patient/${PATIENT_ID}`,
    )
    expect(await axeViolations()).toEqual([])
  })

  it('leaves amounts out for roles without costs', async () => {
    const claim = detail()
    const fake = patientFake().on(`GET /api/claims/${claim.record_id}/`, json(200, claim))
    await signIn(personaFor('AGENT_USER'))
    renderApp(`/app/claim/${claim.record_id}`, { fake })
    expect(await screen.findByText('1007', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.queryByText('$79.00')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Diagnoses' })).toBeNull()
  })
})
