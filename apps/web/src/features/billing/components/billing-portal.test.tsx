import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

// Only the fields every billing server sends: no seat price, no cancel-at-period-end, no invoice links, no
// member list. The page must render all of it, not fail the whole load.
const payment = (n: number) => ({
  id: `pay_${n}`,
  created_at: `2026-${String((n % 12) + 1).padStart(2, '0')}-01T00:00:00Z`,
  description: `Monthly subscription ${n}`,
  amount: 1999,
  currency: 'usd',
  status: 'succeeded',
  payment_method: 'card',
  stripe_invoice_id: `in_${n}`,
})
const specOnlyAccount = (overrides: Record<string, unknown> = {}) => ({
  account_type: 'INDIVIDUAL',
  subscription_status: 'active',
  team_name: null,
  monthly_cost: 1999,
  trial_end_date: null,
  next_billing_date: '2026-12-24T00:00:00Z',
  seats_active: 1,
  seats_total: 1,
  created_at: '2026-01-01T00:00:00Z',
  payment_history: Array.from({ length: 10 }, (_, n) => payment(n)),
  pending_invitations: [],
  ...overrides,
})

async function openBilling(account: Record<string, unknown>) {
  await signIn(
    userWithRole('USER', { organization: { id: 'o', name: 'Solo', organization_type: 'INDIVIDUAL' } }),
  )
  const fake = createFakeFetch().on('GET /api/billing/individual/billing/', json(200, account))
  renderApp('/app/billing', { fake })
  return screen.findByRole('heading', { level: 1, name: 'Billing Dashboard' }, { timeout: 10_000 })
}

describe('billing with only the shared fields', { timeout: 30_000 }, () => {
  it('shows the status, the actions, the payment history and View All Payments', async () => {
    await openBilling(specOnlyAccount())
    expect(await screen.findByText('Active')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Manage Payment Methods' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Customer Portal' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy()
    expect(screen.getByText('Monthly subscription 3')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'View All Payments' })).toBeTruthy()
    expect(screen.getByText('Last 10 payments')).toBeTruthy()
    expect(screen.queryByText('Failed to load billing information')).toBeNull()
  })

  it('counts a single payment in the singular', async () => {
    await openBilling(specOnlyAccount({ payment_history: [payment(0)] }))
    expect(await screen.findByText('Last 1 payment')).toBeTruthy()
  })

  it('labels a status it does not know Unknown, and an unknown account type manages nothing', async () => {
    await openBilling(
      specOnlyAccount({ subscription_status: 'incomplete_expired', account_type: 'RESELLER' }),
    )
    const card = await screen.findByRole('region', { name: /subscription/ })
    expect(within(card).getByText('Unknown')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull()
    expect(screen.queryByText('Failed to load billing information')).toBeNull()
  })

  it('warns Trial Ending Soon from the shared fields alone', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString()
    await openBilling(specOnlyAccount({ subscription_status: 'trialing', trial_end_date: soon }))
    expect(await screen.findByText('Trial Ending Soon')).toBeTruthy()
    expect(screen.getByText('Trial')).toBeTruthy()
  })
})
