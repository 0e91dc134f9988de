import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const individual = {
  account_type: 'INDIVIDUAL',
  subscription_status: 'active',
  team_name: null,
  monthly_cost: 1999,
  seat_price: 1999,
  trial_end_date: null,
  next_billing_date: '2026-12-24T00:00:00Z',
  cancel_at_period_end: false,
  seats_active: 1,
  seats_total: 1,
  created_at: '2026-07-24T00:00:00Z',
  payment_history: [],
  pending_invitations: [],
  team_members: [],
}
const visa = {
  id: 'pm_1',
  type: 'card',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  is_default: true,
}

function billingFake(setup: Record<string, unknown>) {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch()
    .on('GET /api/billing/individual/billing/', json(200, individual))
    .on('GET /api/billing/payment-methods/', json(200, { results: [visa] }))
    .on('POST /api/billing/payment-methods/setup/', json(200, setup))
}

async function openAddCard(setup: Record<string, unknown>) {
  const user = userEvent.setup()
  await signIn(
    userWithRole('USER', { organization: { id: 'o', name: 'Solo', organization_type: 'INDIVIDUAL' } }),
  )
  const fake = billingFake(setup)
  renderApp('/app/billing', { fake })
  await user.click(await screen.findByRole('button', { name: 'Manage Payment Methods' }, { timeout: 10_000 }))
  const cards = await screen.findByRole('region', { name: 'Payment methods' })
  expect(await within(cards).findByText('•••• 4242')).toBeTruthy()
  await user.click(within(cards).getByRole('button', { name: 'Add card' }))
  return { fake, cards }
}

describe('adding a card', { timeout: 30_000 }, () => {
  it('opens Stripe Elements on the SetupIntent when Stripe gave a publishable key', async () => {
    const { fake } = await openAddCard({
      client_secret: 'seti_1_secret_abc',
      setup_intent_id: 'seti_1',
      hosted_setup_url: null,
      publishable_key: 'pk_test_123',
    })
    const dialog = await screen.findByRole('dialog', { name: 'Add card' })
    // Stripe.js is not reachable from the test: the form waits for it rather than letting a card through.
    expect(within(dialog).getByRole('button', { name: 'Save card' })).toBeDisabled()
    expect(fake.callsTo('POST /api/billing/payment-methods/setup/')[0]?.body).toEqual({
      return_url: `${window.location.origin}/app/billing`,
    })
  })

  it('says so when a real Stripe account has no publishable key', async () => {
    const { cards } = await openAddCard({
      client_secret: 'seti_1_secret_abc',
      setup_intent_id: 'seti_1',
      hosted_setup_url: null,
      publishable_key: null,
    })
    expect(await within(cards).findByText('Stripe publishable key not configured')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Add card' })).toBeNull()
  })
})
