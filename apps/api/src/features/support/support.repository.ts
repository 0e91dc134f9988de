// Queries of support requests. Every stored value a person typed is already encrypted by the service.
import { and, count, eq, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { supportRequests } from '../../platform/db/schema/account.ts'

export type SupportRequestRow = typeof supportRequests.$inferSelect
export type NewSupportRequest = typeof supportRequests.$inferInsert

/** The new row, or null when its reference is already taken (the caller draws another). */
export async function insertSupportRequest(
  db: DbOrTx,
  row: NewSupportRequest,
): Promise<SupportRequestRow | null> {
  const [inserted] = await db
    .insert(supportRequests)
    .values(row)
    .onConflictDoNothing({ target: supportRequests.reference })
    .returning()
  return inserted ?? null
}

/** Support requests nobody answered yet, of one organisation or (null) all. */
export async function countWaitingSupportRequests(
  db: DbOrTx,
  organizationId: string | null,
): Promise<number> {
  const conditions: SQL[] = [eq(supportRequests.status, 'new')]
  if (organizationId !== null) conditions.push(eq(supportRequests.organizationId, organizationId))
  const [row] = await db
    .select({ n: count() })
    .from(supportRequests)
    .where(and(...conditions))
  return row?.n ?? 0
}
