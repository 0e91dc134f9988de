import { screen, within } from '@testing-library/react'
import { prefilledSetupState } from '@blueconsent/contract/setup'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const NOT_FOUND = json(404, { detail: 'Not found.', code: 'not_found' })

function wizardFake(organization: Record<string, unknown>) {
  return createFakeFetch()
    .on(
      'GET /api/setup/progress/',
      json(200, { state: null, updated_at: null, completed: false, organization }),
    )
    .on(
      'PUT /api/setup/progress/',
      json(200, { state: null, updated_at: null, completed: false, organization }),
    )
    .on('GET /api/billing/individual/billing/', NOT_FOUND)
    .on('GET /api/billing/team/billing/', NOT_FOUND)
    .on(
      'GET /api/setup/npi/1234567893/',
      json(200, { npi: '1234567893', name: 'Ana Ruiz, MD', organization_name: null, found: true }),
    )
}

const progressShown = () => Number(/(\d+)%/.exec(screen.getByText(/^Setup progress:/).textContent ?? '')?.[1])

describe('setup wizard', { timeout: 40_000 }, () => {
  it('asks a new practice only what sign-up did not; progress falls only when an answer is removed; billing is stated truly', async () => {
    const user = userEvent.setup()
    await signIn(
      userWithRole('PHYSICIAN_ADMIN', {
        id: '44444444-4444-4444-8444-444444444444',
        organization: { id: 'org-1', name: 'Lakeside Family Medicine', organization_type: 'PHYSICIAN_GROUP' },
      }),
    )
    const fake = wizardFake({
      name: 'Lakeside Family Medicine',
      organization_type: 'PHYSICIAN_GROUP',
      npi: '1234567893',
      npn: null,
      license_state: null,
    })
    renderApp('/app/setup', { fake })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Identity' }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByText('Medical Provider (Clinic/Group/FQHC)')).toBeTruthy()
    expect(screen.queryByLabelText('Team')).toBeNull()
    expect(screen.getByLabelText('NPI')).toHaveValue('1234567893')
    expect(screen.getByLabelText('NPI')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Organization name')).toHaveValue('Lakeside Family Medicine')
    expect(screen.getByLabelText('Display name')).toHaveValue('Lakeside Family Medicine')
    const seen = [progressShown()]
    expect(seen[0]).toBe(100)
    expect(await axeViolations('main')).toEqual([])

    // An error waits until the field is left.
    await user.clear(screen.getByLabelText('Display name'))
    seen.push(progressShown())
    expect(screen.queryByText('This field is required')).toBeNull()
    await user.tab()
    expect(screen.getByText('This field is required')).toBeTruthy()

    // The registry knows this NPI as a person: the name patients see stays the organisation's.
    await user.click(screen.getByRole('button', { name: 'Look up NPI' }))
    expect(await screen.findByText(/an individual provider/)).toBeTruthy()
    expect(screen.getByLabelText('Display name')).toHaveValue('Lakeside Family Medicine')
    expect(screen.queryByDisplayValue(/Ana Ruiz/)).toBeNull()
    seen.push(progressShown())

    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Invitations' })).toBeTruthy()
    seen.push(progressShown())
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Complete' })).toBeTruthy()
    seen.push(progressShown())
    expect(seen).toEqual([100, 80, 100, 100, 100])
    expect(
      await screen.findByText(/No subscription yet — start a free trial or choose a plan in/),
    ).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/app/billing',
    )
    expect(screen.queryByText(/Billing active/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Finish setup' })).toBeEnabled()
    expect(await axeViolations('main')).toEqual([])
  })

  it('shows no errors before anything is typed, and what is missing once the user tries to go on', async () => {
    await signIn(
      userWithRole('ACO_ADMIN', {
        id: '55555555-5555-4555-8555-555555555555',
        organization: { id: 'org-2', name: 'Mesa ACO', organization_type: 'ACO' },
      }),
    )
    const fake = wizardFake({
      name: 'Mesa ACO',
      organization_type: 'ACO',
      npi: null,
      npn: null,
      license_state: null,
    })
    const user = userEvent.setup()
    renderApp('/app/setup', { fake })
    expect(await screen.findByLabelText('Legal name', {}, { timeout: 10_000 })).toHaveValue('Mesa ACO')
    expect(screen.queryByText('This field is required')).toBeNull()
    expect(screen.queryByText(/Enter a/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('heading', { level: 2, name: 'Identity' })).toBeTruthy()
    expect(await screen.findByText('Enter a 10-digit phone number, e.g. (555) 123-4567')).toBeTruthy()
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByText(/signed up as/)).toBeTruthy()
    expect(screen.queryByLabelText('Team')).toBeNull()
  })

  it('reports the plan’s real status when there is a subscription', async () => {
    await signIn(
      userWithRole('PHYSICIAN_ADMIN', {
        id: '66666666-6666-4666-8666-666666666666',
        organization: { id: 'org-3', name: 'Lakeside Family Medicine', organization_type: 'PHYSICIAN_GROUP' },
      }),
    )
    const organization = {
      name: 'Lakeside Family Medicine',
      organization_type: 'PHYSICIAN_GROUP' as const,
      npi: '1234567893',
      npn: null,
      license_state: null,
    }
    const fake = wizardFake(organization)
      .on(
        'GET /api/setup/progress/',
        json(200, {
          state: { ...prefilledSetupState(organization), currentStep: 'complete' },
          updated_at: new Date().toISOString(),
          completed: false,
          organization,
        }),
      )
      .on(
        'GET /api/billing/team/billing/',
        json(200, {
          account_type: 'TEAM_ADMIN',
          subscription_status: 'trialing',
          team_name: 'Lakeside',
          monthly_cost: 9995,
          trial_end_date: null,
          next_billing_date: null,
          seats_active: 1,
          seats_total: 5,
          created_at: '2026-11-01T00:00:00Z',
          payment_history: [],
          pending_invitations: [],
        }),
      )
    renderApp('/app/setup', { fake })
    expect(await screen.findByText(/Billing: subscription Trial\./, {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.queryByText(/No subscription yet/)).toBeNull()
  })
})
