// Queries the demo seed needs to find its own organisations, TINs and the pulls it waits for.
import { and, count, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { tins } from '../../platform/db/schema/tins.ts'

export async function findDemoOrganizationId(db: DbOrTx, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.name, name), eq(organizations.isDemo, true)))
  return row?.id
}

export async function countRequests(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authorizationRequests)
    .where(eq(authorizationRequests.organizationId, organizationId))
  return row?.n ?? 0
}

export async function findTinIdByName(
  db: DbOrTx,
  organizationId: string,
  providerOrgName: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: tins.id })
    .from(tins)
    .where(and(eq(tins.organizationId, organizationId), eq(tins.providerOrgName, providerOrgName)))
  return row?.id
}

export async function findNewestRun(
  db: DbOrTx,
  requestId: string,
): Promise<typeof ingestionRuns.$inferSelect | undefined> {
  const [run] = await db
    .select()
    .from(ingestionRuns)
    .where(eq(ingestionRuns.requestId, requestId))
    .orderBy(desc(ingestionRuns.createdAt))
    .limit(1)
  return run
}
