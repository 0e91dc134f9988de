// Demo billing on the embedded stand-in, so every billing screen has something true to show on the first
// `npm start`: the individual practitioner's subscription and each demo organisation's team, paid with the
// stand-in's test Visa, every user of the organisation on a seat.
import { SEAT_PRICE_CENTS } from '@blueconsent/contract/billing'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { users } from '../../db/schema/users.ts'
import {
  addTeamMember,
  applySubscriptionState,
  findAccountOfOrganization,
  insertAccount,
  setCustomer,
} from './billing.repository.ts'
import { seatPriceId } from './billing.service.ts'
import { stripeGateway } from './stripe-gateway.ts'
import { subscriptionState, syncInvoice } from './stripe-sync.ts'

export type DemoBillingOrganization = { id: string; name: string; individual: boolean }

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
    const customer = await stripe.customers.create({
      email: people[0]?.email ?? 'billing@example.org',
      name: organization.name,
      metadata: { billing_account_id: account.id, demo: 'true' },
    })
    await setCustomer(ctx.db, account.id, customer.id, now)
    await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const methods = await stripe.customers.listPaymentMethods(customer.id, { type: 'card', limit: 1 })
    const card = methods.data[0]?.id ?? 'pm_card_visa'
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card } })
    // A team keeps one free seat for its next colleague.
    const seats = organization.individual ? 1 : Math.max(1, people.length) + 1
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await seatPriceId(ctx), quantity: seats }],
      default_payment_method: card,
      metadata: { billing_account_id: account.id },
      expand: ['latest_invoice'],
    })
    await applySubscriptionState(
      ctx.db,
      account.id,
      subscriptionState(subscription),
      ctx.clock(),
      ctx.clock(),
    )
    const invoice = subscription.latest_invoice
    const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id
    if (invoiceId) await syncInvoice(ctx, ctx.db, invoiceId)
    if (!organization.individual)
      for (const person of people) await addTeamMember(ctx.db, account.id, person.id, now)
    subscribed += 1
  }
  return subscribed
}
