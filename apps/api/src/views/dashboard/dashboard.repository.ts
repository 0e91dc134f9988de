// Platform-wide counts for the platform administrator's dashboard (no organisation scope: they see the
// platform, never a patient), and when each user last opened their dashboard.
import { count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { supportRequests } from '../../platform/db/schema/account.ts'
import { dashboardVisits } from '../../platform/db/schema/dashboard.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'

export async function platformCounts(db: DbOrTx) {
  const [[orgs], [people], [support]] = await Promise.all([
    db.select({ value: count() }).from(organizations),
    db.select({ value: count() }).from(users).where(eq(users.isActive, true)),
    db.select({ value: count() }).from(supportRequests).where(eq(supportRequests.status, 'new')),
  ])
  return {
    organizations: orgs?.value ?? 0,
    users: people?.value ?? 0,
    support_requests_open: support?.value ?? 0,
  }
}

/** When the user last opened the dashboard (null: never). */
export async function lastDashboardVisit(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ visitedAt: dashboardVisits.visitedAt })
    .from(dashboardVisits)
    .where(eq(dashboardVisits.userId, userId))
  return row?.visitedAt ?? null
}

export async function recordDashboardVisit(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(dashboardVisits)
    .values({ userId, visitedAt: at })
    .onConflictDoUpdate({ target: dashboardVisits.userId, set: { visitedAt: at } })
}
