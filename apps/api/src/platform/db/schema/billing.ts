import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'

export const BILLING_ACCOUNT_TYPES = ['INDIVIDUAL', 'TEAM'] as const

// An organisation's subscription as the portal knows it (its seats are held by the organisation's active
// members and its pending invitations: there is no separate team list): a local copy of what Stripe holds, kept true by
// webhooks and by asking Stripe after a checkout. `stripeStateAt` is the Stripe time of the newest state
// applied, so an older event arriving late never overwrites a newer one.
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountType: text('account_type', { enum: BILLING_ACCOUNT_TYPES }).notNull(),
    teamName: text('team_name'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeSubscriptionItemId: text('stripe_subscription_item_id'),
    subscriptionStatus: text('subscription_status'),
    seatsTotal: integer('seats_total').notNull().default(1),
    seatPriceCents: integer('seat_price_cents').notNull().default(1999),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    // Set once a subscription has ever started, so a second checkout gets no second free trial.
    trialUsed: boolean('trial_used').notNull().default(false),
    stripeStateAt: timestamp('stripe_state_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_accounts_organization_key').on(table.organizationId),
    uniqueIndex('billing_accounts_customer_key').on(table.stripeCustomerId),
    uniqueIndex('billing_accounts_subscription_key').on(table.stripeSubscriptionId),
  ],
)

// The payment history: one row per Stripe invoice, amounts in cents.
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billingAccountId: uuid('billing_account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'cascade' }),
    stripeInvoiceId: text('stripe_invoice_id').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['succeeded', 'pending', 'failed'] }).notNull(),
    paymentMethod: text('payment_method'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_payments_invoice_key').on(table.stripeInvoiceId),
    index('billing_payments_account_idx').on(table.billingAccountId, table.createdAt),
  ],
)

// Every Stripe event id seen: a repeated delivery finds its id here and changes nothing. The endpoint only
// records the event and queues it; a worker applies it (`processed_at`). What the worker needs of the event is
// kept as Stripe ids, never the event's body (which can carry the payer's name, email and address).
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  objectId: text('object_id'),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  clientReferenceId: text('client_reference_id'),
  processedAt: timestamp('processed_at', { withTimezone: true }),
})
