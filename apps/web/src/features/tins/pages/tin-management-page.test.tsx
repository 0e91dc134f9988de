import type { Tin, TinPatient } from '@blueconsent/contract/tins'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ORG = '22222222-2222-4222-8222-222222222222'
const BASE = `/api/organizations/${ORG}/tins/`
const UNASSIGNED = `/api/organizations/${ORG}/patients/unassigned/`

const tin = (id: string, name: string, digits: string, overrides: Partial<Tin> = {}): Tin => ({
  id,
  identifier_value: digits,
  provider_org_name: name,
  is_active: true,
  masked_value: `XX-XXX${digits.slice(-4)}`,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  created_by_email: 'dana.reyes@sunrise-aco.example',
  patient_count: 3,
  ...overrides,
})
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results })
const loose: TinPatient = {
  id: '55555555-5555-4555-8555-555555555555',
  full_name: 'Loose Person',
  mrn: 'MRN-9',
  birth_date: '1950-01-01',
  tin_id: null,
}

const primary = tin('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Riverbend Primary Care', '123456789')
const cardiology = tin('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Riverbend Cardiology', '987654321')

function registryFake() {
  return createFakeFetch()
    .on(`GET ${BASE}`, json(200, page([primary, cardiology])))
    .on(`GET ${BASE}?search=cardio`, json(200, page([cardiology])))
    .on(
      `GET ${BASE}summary/`,
      json(200, {
        total_tins: 2,
        active_tins: 2,
        inactive_tins: 0,
        total_patients_assigned: 6,
        unassigned_patients: 1,
      }),
    )
    .on(`GET ${UNASSIGNED}`, json(200, page([loose])))
    .on(`POST ${BASE}`, json(201, tin('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Lakeview', '456789012')))
    .on(`DELETE ${BASE}${primary.id}/`, new Response(null, { status: 204 }))
    .on(
      `POST ${BASE}${primary.id}/bulk-attach-patients/`,
      json(200, {
        detail: 'Attached 1 of 2 patients to Riverbend Primary Care.',
        results: {
          total: 2,
          processed: 1,
          skipped: 1,
          errors: [{ value: 'NOPE', reason: 'No patient with this MRN in your organization' }],
        },
      }),
    )
}

async function openRegistry(fake = registryFake()) {
  await signIn(makeUser())
  const app = renderApp('/app/admin/tin-management', { fake })
  await screen.findByRole('heading', { level: 1, name: 'TIN Management' }, { timeout: 10_000 })
  return app
}

describe('TIN Management', { timeout: 20_000 }, () => {
  it('lists the TINs masked with their status and patients, and a summary', async () => {
    await openRegistry()
    const table = await screen.findByRole('table', { name: 'TINs' })
    expect(within(table).getByText('XX-XXX6789')).toBeTruthy()
    expect(within(table).queryByText('123456789')).toBeNull()
    expect(within(table).getAllByText('Active')).toHaveLength(2)
    const summary = await screen.findByLabelText('Registry summary')
    expect(within(summary).getByText('Patients without a TIN')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('shows each TIN as a card on a phone, its number kept whole and its actions on the card', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media === '(max-width: 767px)',
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    const user = userEvent.setup()
    await openRegistry()
    const list = await screen.findByRole('list', { name: 'TINs' })
    expect(screen.queryByRole('table', { name: 'TINs' })).toBeNull()
    const card = within(list).getByText('Riverbend Primary Care').closest('li') as HTMLElement
    expect(within(card).getByText('XX-XXX6789')).toHaveClass('whitespace-nowrap')
    expect(within(card).getByText('Active')).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Deactivate Riverbend Primary Care' }))
    expect(screen.getByRole('dialog', { name: 'Deactivate TIN' })).toBeTruthy()
  })

  it('searches on the server and asks for active TINs first', async () => {
    const user = userEvent.setup()
    const { fake } = await openRegistry()
    await screen.findByRole('table', { name: 'TINs' })
    const first = fake.callsTo(`GET ${BASE}`).map((call) => new URL(call.url, 'http://x').searchParams)
    expect(first.some((params) => params.get('is_active') === 'true')).toBe(true)
    await user.type(screen.getByLabelText('Search TINs'), 'cardio')
    await waitFor(() => expect(fake.callsTo(`GET ${BASE}?search=cardio`).length).toBeGreaterThan(0))
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'TINs' })).queryByText('Riverbend Primary Care'),
      ).toBeNull(),
    )
  })

  it('checks the nine digits before sending, then adds the TIN and reloads the registry', async () => {
    const user = userEvent.setup()
    const { fake } = await openRegistry()
    await user.click(screen.getByRole('button', { name: 'Add TIN' }))
    const dialog = screen.getByRole('dialog', { name: 'Add TIN' })
    await user.type(within(dialog).getByLabelText('TIN'), '45-67890')
    await user.type(within(dialog).getByLabelText('Practice or organization name'), 'Lakeview')
    await user.click(within(dialog).getByRole('button', { name: 'Add TIN' }))
    expect(within(dialog).getByText('A TIN is 9 digits, for example 12-3456789')).toBeTruthy()
    expect(fake.callsTo(`POST ${BASE}`)).toHaveLength(0)
    await user.type(within(dialog).getByLabelText('TIN'), '12')
    const listsBefore = fake.callsTo(`GET ${BASE}`).length
    await user.click(within(dialog).getByRole('button', { name: 'Add TIN' }))
    await waitFor(() => expect(fake.callsTo(`POST ${BASE}`)).toHaveLength(1))
    expect(fake.callsTo(`POST ${BASE}`)[0]?.body).toEqual({
      identifier_value: '456789012',
      provider_org_name: 'Lakeview',
    })
    expect(await screen.findByText('TIN Lakeview added')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    // A change reloads the list at once, whatever its cache's age.
    await waitFor(() => expect(fake.callsTo(`GET ${BASE}`).length).toBeGreaterThan(listsBefore))
  })

  it('shows the server’s refusal of a duplicate beside the field', async () => {
    const user = userEvent.setup()
    const fake = registryFake().on(
      `POST ${BASE}`,
      json(400, { identifier_value: ['This TIN is already active in your organization'] }),
    )
    await openRegistry(fake)
    await user.click(screen.getByRole('button', { name: 'Add TIN' }))
    const dialog = screen.getByRole('dialog', { name: 'Add TIN' })
    await user.type(within(dialog).getByLabelText('TIN'), '123456789')
    await user.type(within(dialog).getByLabelText('Practice or organization name'), 'Copy')
    await user.click(within(dialog).getByRole('button', { name: 'Add TIN' }))
    expect(await within(dialog).findByText('This TIN is already active in your organization')).toBeTruthy()
  })

  it('confirms a deactivation with what it takes away, then sends it', async () => {
    const user = userEvent.setup()
    const { fake } = await openRegistry()
    await user.click(await screen.findByRole('button', { name: 'Deactivate Riverbend Primary Care' }))
    const dialog = screen.getByRole('dialog', { name: 'Deactivate TIN' })
    expect(within(dialog).getByText(/lose access to its 3 patients at once/)).toBeTruthy()
    expect(await axeViolations('page')).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(fake.callsTo(`DELETE ${BASE}${primary.id}/`)).toHaveLength(1))
    expect(await screen.findByText('TIN Riverbend Primary Care (XX-XXX6789) deactivated')).toBeTruthy()
  })

  it('attaches pasted MRNs to a TIN and says which were not attached and why', async () => {
    const user = userEvent.setup()
    const { fake } = await openRegistry()
    const unassigned = await screen.findByRole('region', { name: 'Patients without a TIN' })
    expect(await within(unassigned).findByText('Loose Person')).toBeTruthy()
    await user.type(within(unassigned).getByLabelText(/Or paste MRNs/), 'MRN-9\nNOPE')
    await user.click(within(unassigned).getByRole('button', { name: 'Attach MRNs (2)' }))
    await waitFor(() =>
      expect(fake.callsTo(`POST ${BASE}${primary.id}/bulk-attach-patients/`)).toHaveLength(1),
    )
    expect(fake.callsTo(`POST ${BASE}${primary.id}/bulk-attach-patients/`)[0]?.body).toEqual({
      mrns: ['MRN-9', 'NOPE'],
    })
    expect(
      await within(unassigned).findByText('Attached 1 of 2 patients to Riverbend Primary Care.'),
    ).toBeTruthy()
    expect(within(unassigned).getByText('NOPE: No patient with this MRN in your organization')).toBeTruthy()
  })
})
