import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { organizations } from '../../db/schema/organizations.ts'
import { users } from '../../db/schema/users.ts'

export type RequesterCopy = { name: string; email: string; organizationName: string }

/** The staff member's name and organisation as the patient will read them. */
export async function findRequesterCopy(db: DbOrTx, userId: string): Promise<RequesterCopy> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  if (!row) throw new Error('requester not found')
  const name = `${row.firstName} ${row.lastName}`.trim() || 'A care team member'
  return { name, email: row.email, organizationName: row.organizationName ?? 'BlueConsent' }
}
