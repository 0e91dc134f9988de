// Every query of billing: accounts, payments and the Stripe events seen. Who holds a seat is the members
// feature's (the organisation's members) and the invitations feature's (its pending invitations).
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { billingAccounts, billingPayments, stripeEvents } from '../../platform/db/schema/billing.ts'

export type BillingAccountRow = typeof billingAccounts.$inferSelect
export type NewBillingAccount = typeof billingAccounts.$inferInsert
export type PaymentRow = typeof billingPayments.$inferSelect
export type SubscriptionState = Pick<
  BillingAccountRow,
  | 'stripeSubscriptionId'
  | 'stripeSubscriptionItemId'
  | 'subscriptionStatus'
  | 'seatsTotal'
  | 'seatPriceCents'
  | 'trialEnd'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
>

export async function findAccountOfOrganization(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId))
  return row ?? null
}

export async function findAccountByCustomer(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerId))
  return row ?? null
}

export async function findAccountById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.id, id))
  return row ?? null
}

export async function insertAccount(db: DbOrTx, account: NewBillingAccount): Promise<BillingAccountRow> {
  const [row] = await db.insert(billingAccounts).values(account).returning()
  return row as BillingAccountRow
}

export async function setCustomer(db: DbOrTx, accountId: string, customerId: string, at: Date) {
  await db
    .update(billingAccounts)
    .set({ stripeCustomerId: customerId, updatedAt: at })
    .where(eq(billingAccounts.id, accountId))
}

/**
 * Applies Stripe's state unless a newer one was applied already: `stateAt` is when Stripe produced it, so a
 * late, older event never overwrites a newer subscription. Answers whether it was applied.
 */
export async function applySubscriptionState(
  db: DbOrTx,
  accountId: string,
  state: SubscriptionState,
  stateAt: Date,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(billingAccounts)
    .set({
      ...state,
      trialUsed: sql`${billingAccounts.trialUsed} or ${state.subscriptionStatus !== null}`,
      stripeStateAt: stateAt,
      updatedAt: at,
    })
    .where(
      and(
        eq(billingAccounts.id, accountId),
        sql`(${billingAccounts.stripeStateAt} is null or ${billingAccounts.stripeStateAt} <= ${stateAt.toISOString()})`,
      ),
    )
    .returning({ id: billingAccounts.id })
  return rows.length > 0
}

export async function upsertPayment(db: DbOrTx, payment: typeof billingPayments.$inferInsert) {
  await db
    .insert(billingPayments)
    .values(payment)
    .onConflictDoUpdate({
      target: billingPayments.stripeInvoiceId,
      set: {
        description: payment.description,
        amountCents: payment.amountCents,
        currency: payment.currency,
        status: payment.status,
        paymentMethod: payment.paymentMethod,
        hostedInvoiceUrl: payment.hostedInvoiceUrl,
        updatedAt: payment.updatedAt,
      },
    })
}

export async function selectPayments(db: DbOrTx, accountId: string, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.billingAccountId, accountId))
    .orderBy(desc(billingPayments.createdAt))
    .limit(limit)
}

export type StripeEventRecord = {
  id: string
  type: string
  createdAt: Date
  references: StripeEventReferences
  /** Set for an event that needs no work: it is recorded as done at once. */
  processedAt: Date | null
}

/** The Stripe ids an event names: what its worker reads back from Stripe. */
export type StripeEventReferences = {
  objectId: string | null
  customerId: string | null
  subscriptionId: string | null
  clientReferenceId: string | null
}

/** Records an event; false when its id was seen before (a repeated delivery). */
export async function recordStripeEvent(db: DbOrTx, event: StripeEventRecord): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      stripeCreatedAt: event.createdAt,
      ...event.references,
      processedAt: event.processedAt,
    })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
  return rows.length > 0
}

/** A recorded event not yet applied, locked until `tx` ends (another worker waits, then finds it done). */
export async function lockUnprocessedStripeEvent(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      type: stripeEvents.type,
      objectId: stripeEvents.objectId,
      customerId: stripeEvents.customerId,
      subscriptionId: stripeEvents.subscriptionId,
      clientReferenceId: stripeEvents.clientReferenceId,
    })
    .from(stripeEvents)
    .where(and(eq(stripeEvents.id, id), isNull(stripeEvents.processedAt)))
    .for('update')
  return row ?? null
}

export async function markStripeEventProcessed(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(stripeEvents).set({ processedAt: at }).where(eq(stripeEvents.id, id))
}

/** Billing accounts whose payment is overdue (past due or unpaid), of one organisation or (null) all. */
export async function countPastDueAccounts(db: DbOrTx, organizationId: string | null): Promise<number> {
  const overdue = sql`${billingAccounts.subscriptionStatus} in ('past_due', 'unpaid')`
  const [row] = await db
    .select({ n: count() })
    .from(billingAccounts)
    .where(
      organizationId === null ? overdue : and(overdue, eq(billingAccounts.organizationId, organizationId)),
    )
  return row?.n ?? 0
}

/** Each organisation's subscription status, for the admin organisation list. */
export async function subscriptionStatusesOf(
  db: DbOrTx,
  organizationIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (organizationIds.length === 0) return new Map()
  const rows = await db
    .select({ organizationId: billingAccounts.organizationId, status: billingAccounts.subscriptionStatus })
    .from(billingAccounts)
    .where(inArray(billingAccounts.organizationId, [...organizationIds]))
  return new Map(rows.map((row) => [row.organizationId, row.status]))
}
