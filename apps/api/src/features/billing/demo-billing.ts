// Demo billing on the embedded stand-in, so every billing screen has something true to show on the first
// `npm start`: the individual practitioner's subscription and each demo organisation's team, paid with the
// stand-in's test Visa, every user of the organisation on a seat (as its members), a few months of paid invoices (the
// subscription starts on a Stripe test clock set months back, which is then advanced to today, so every
// renewal is a real invoice) and, for teams, one colleague invited onto the free seat.
import { SEAT_PRICE_CENTS, type TEAM_MEMBER_ROLES } from '@blueconsent/contract/billing'
import type { OrganizationType } from '@blueconsent/contract/shared'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { AppContext } from '../../platform/context.ts'
import { users } from '../../platform/db/schema/users.ts'
import { seedPendingSeatInvitation } from '../invitations/index.ts'
import {
  applySubscriptionState,
  findAccountOfOrganization,
  insertAccount,
  setCustomer,
} from './billing.repository.ts'
import { seatPriceId } from './billing.service.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { subscriptionState, syncInvoice } from './stripe-sync.ts'

export type DemoBillingOrganization = {
  id: string
  name: string
  individual: boolean
  organizationType: OrganizationType
  /** The address the pending team invitation goes to (nobody has an account there). */
  invitee?: string
}

/** How far back each demo subscription starts: one paid invoice per month since. */
export const DEMO_HISTORY_MONTHS = 4
const unix = (at: Date): number => Math.floor(at.getTime() / 1000)

function monthsBefore(at: Date, months: number): Date {
  const start = new Date(at)
  // From the 28th at the latest, so every month back has that day and each month renews exactly once.
  start.setUTCDate(Math.min(start.getUTCDate(), 28))
  start.setUTCMonth(start.getUTCMonth() - months)
  return start
}

/** Stripe advances a test clock in the background; wait until it is ready (the stand-in is at once). */
async function advanceClock(stripe: Stripe, clockId: string, to: Date): Promise<void> {
  let clock = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: unix(to) })
  for (let attempt = 0; clock.status !== 'ready' && attempt < 60; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    clock = await stripe.testHelpers.testClocks.retrieve(clockId)
  }
}

const TEAM_ROLE_OF: Partial<Record<OrganizationType, (typeof TEAM_MEMBER_ROLES)[number]>> = {
  ACO: 'ACO_USER',
  PHYSICIAN_GROUP: 'PHYSICIAN_USER',
  FQHC: 'PHYSICIAN_USER',
  INSURANCE_AGENCY: 'AGENT_USER',
}

/** A colleague invited onto the team's free seat and not yet answered, so the team has a pending row. */
async function inviteDemoColleague(
  ctx: AppContext,
  organization: DemoBillingOrganization,
  invitedBy: string | undefined,
) {
  const role = TEAM_ROLE_OF[organization.organizationType]
  if (!role || !organization.invitee) return
  await seedPendingSeatInvitation(ctx, {
    organizationId: organization.id,
    email: organization.invitee,
    role,
    invitedByUserId: invitedBy ?? null,
  })
}

async function membersOf(ctx: AppContext, organizationId: string) {
  return ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.organizationId, organizationId))
}

/** Subscribes each organisation that has no billing account yet; answers how many it subscribed. */
export async function seedDemoBilling(ctx: AppContext, organizations: readonly DemoBillingOrganization[]) {
  const { stripe } = stripeGateway(ctx)
  let subscribed = 0
  for (const organization of organizations) {
    if (await findAccountOfOrganization(ctx.db, organization.id)) continue
    const people = await membersOf(ctx, organization.id)
    const now = ctx.clock()
    const account = await insertAccount(ctx.db, {
      organizationId: organization.id,
      accountType: organization.individual ? 'INDIVIDUAL' : 'TEAM',
      teamName: organization.individual ? null : organization.name,
      seatPriceCents: SEAT_PRICE_CENTS,
      createdAt: now,
      updatedAt: now,
    })
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: unix(monthsBefore(now, DEMO_HISTORY_MONTHS)),
      name: `Demo: ${organization.name}`,
    })
    const customer = await stripe.customers.create({
      email: people[0]?.email ?? 'billing@example.org',
      name: organization.name,
      test_clock: clock.id,
      metadata: { billing_account_id: account.id, demo: 'true' },
    })
    await setCustomer(ctx.db, account.id, customer.id, now)
    await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const methods = await stripe.customers.listPaymentMethods(customer.id, { type: 'card', limit: 1 })
    const card = methods.data[0]?.id ?? 'pm_card_visa'
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card } })
    // A team keeps one free seat for its next colleague.
    const seats = organization.individual ? 1 : Math.max(1, people.length) + 1
    const started = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await seatPriceId(ctx), quantity: seats }],
      default_payment_method: card,
      metadata: { billing_account_id: account.id },
    })
    await advanceClock(stripe, clock.id, now)
    const subscription = await stripe.subscriptions.retrieve(started.id)
    await applySubscriptionState(
      ctx.db,
      account.id,
      subscriptionState(subscription),
      ctx.clock(),
      ctx.clock(),
    )
    for await (const invoice of stripe.invoices.list({ customer: customer.id, limit: 100 }))
      if (invoice.id) await syncInvoice(ctx, ctx.db, invoice.id)
    // Every user of the organisation holds a seat by being its member; the colleague takes the free one.
    if (!organization.individual) await inviteDemoColleague(ctx, organization, people[0]?.id)
    subscribed += 1
  }
  return subscribed
}
