// Every query of the webhooks: endpoints scoped to their organisation, their deliveries, and the admins told
// when an endpoint is disabled.
import { ADMIN_ROLES } from '@blueconsent/contract/shared'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { users } from '../../platform/db/schema/users.ts'
import { webhookDeliveries, webhookEndpoints } from '../../platform/db/schema/webhooks.ts'

export type EndpointRow = typeof webhookEndpoints.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect

export async function listEndpoints(db: DbOrTx, organizationId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.createdAt), webhookEndpoints.id)
}

export async function countEndpoints(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
  return row?.count ?? 0
}

export async function findEndpoint(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
  return row
}

export async function insertEndpoint(db: DbOrTx, row: typeof webhookEndpoints.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning({ id: webhookEndpoints.id })
  if (!inserted) throw new Error('The webhook endpoint was not inserted.')
  return inserted.id
}

export async function updateEndpoint(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<void> {
  await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id))
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id))
}

/** The organisation's active endpoints subscribed to `eventType`. */
export async function subscribedEndpoints(
  db: DbOrTx,
  organizationId: string,
  eventType: string,
): Promise<{ id: string }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.status, 'active'),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    )
}

export async function insertDelivery(
  db: DbOrTx,
  row: typeof webhookDeliveries.$inferInsert,
): Promise<string> {
  const [inserted] = await db.insert(webhookDeliveries).values(row).returning({ id: webhookDeliveries.id })
  if (!inserted) throw new Error('The webhook delivery was not inserted.')
  return inserted.id
}

export async function listDeliveries(db: DbOrTx, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
}

export async function findDelivery(
  db: DbOrTx,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
  return row
}

/** A delivery with its endpoint, for the job that sends it. */
export async function deliveryWithEndpoint(
  db: DbOrTx,
  id: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id))
  return row
}

export async function updateDelivery(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id))
}

/** Starts the endpoint's run of failures at `at` unless one is already running; answers when it began. */
export async function noteEndpointFailure(db: DbOrTx, id: string, at: Date): Promise<Date> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: at })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.failingSince)))
  const [row] = await db
    .select({ failingSince: webhookEndpoints.failingSince })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
  return row?.failingSince ?? at
}

/** Disables an active endpoint; false when it was already disabled (so its admins are told once). */
export async function disableEndpoint(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.status, 'active')))
    .returning({ id: webhookEndpoints.id })
  return rows.length > 0
}

/** The addresses of the organisation's active administrators. */
export async function organizationAdminEmails(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isActive, true),
        inArray(users.role, [...ADMIN_ROLES]),
      ),
    )
  return rows.map((row) => row.email)
}
