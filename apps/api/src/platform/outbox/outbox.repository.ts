import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { organizations } from '../db/schema/organizations.ts'
import { outboxMessages } from '../db/schema/outbox.ts'

export type NewOutboxRow = typeof outboxMessages.$inferInsert
export type OutboxRow = typeof outboxMessages.$inferSelect

export async function insertOutboxMessage(db: DbOrTx, row: NewOutboxRow): Promise<OutboxRow> {
  const [inserted] = await db.insert(outboxMessages).values(row).returning()
  if (!inserted) throw new Error('outbox insert returned no row')
  return inserted
}

/** A message and whether the organisation it is sent for is active (true when it names none). */
export async function findOutboxMessage(
  db: DbOrTx,
  id: string,
): Promise<{ row: OutboxRow; organizationActive: boolean } | undefined> {
  const [found] = await db
    .select({
      row: outboxMessages,
      organizationActive: sql<boolean>`coalesce(${organizations.isActive}, true)`,
    })
    .from(outboxMessages)
    .leftJoin(organizations, eq(organizations.id, outboxMessages.organizationId))
    .where(eq(outboxMessages.id, id))
  return found
}

/** Held only while still queued: a message sent meanwhile stays sent. */
export async function holdOutboxMessage(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'held' })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued')))
}

const HELD_TOO_LONG = 'Held while the organization was deactivated, past the time its content was valid.'

/** Held messages of the organisation: those newer than `cutoff` queued again (their ids), older ones failed. */
export async function requeueHeldMessages(
  db: DbOrTx,
  organizationId: string,
  cutoff: Date,
): Promise<{ released: string[]; expired: number }> {
  const held = and(eq(outboxMessages.organizationId, organizationId), eq(outboxMessages.status, 'held'))
  const released = await db
    .update(outboxMessages)
    .set({ status: 'queued' })
    .where(and(held, gte(outboxMessages.createdAt, cutoff)))
    .returning({ id: outboxMessages.id })
  const expired = await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: HELD_TOO_LONG })
    .where(and(held, lt(outboxMessages.createdAt, cutoff)))
    .returning({ id: outboxMessages.id })
  return { released: released.map((row) => row.id), expired: expired.length }
}

export async function markOutboxSent(db: DbOrTx, id: string, transport: string, sentAt: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', transport, sentAt, lastError: null })
    .where(eq(outboxMessages.id, id))
}

export async function recordOutboxFailure(
  db: DbOrTx,
  id: string,
  attempts: number,
  error: string,
): Promise<void> {
  await db.update(outboxMessages).set({ attempts, lastError: error }).where(eq(outboxMessages.id, id))
}

export async function listRecentOutbox(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit)
}

/** Messages that gave up after their retries (the admin overview's attention list). */
export async function countFailedMessages(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'failed'))
  return row?.n ?? 0
}
