import { count, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/outbox.ts'

export type NewOutboxRow = typeof outboxMessages.$inferInsert
export type OutboxRow = typeof outboxMessages.$inferSelect

export async function insertOutboxMessage(db: DbOrTx, row: NewOutboxRow): Promise<OutboxRow> {
  const [inserted] = await db.insert(outboxMessages).values(row).returning()
  if (!inserted) throw new Error('outbox insert returned no row')
  return inserted
}

export async function findOutboxMessage(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
  return row
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
