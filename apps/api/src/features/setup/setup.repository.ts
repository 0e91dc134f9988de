// Queries of the setup wizard: its saved progress per organisation and the organisation's finished profile.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { organizations, type OrganizationIdentifiers } from '../../platform/db/schema/organizations.ts'
import { setupProgress } from '../../platform/db/schema/setup.ts'

export async function selectProgress(db: DbOrTx, organizationId: string) {
  const [row] = await db.select().from(setupProgress).where(eq(setupProgress.organizationId, organizationId))
  return row ?? null
}

export async function upsertProgress(
  db: DbOrTx,
  organizationId: string,
  stateEncrypted: string,
  userId: string,
  at: Date,
) {
  await db
    .insert(setupProgress)
    .values({ organizationId, stateEncrypted, updatedByUserId: userId, updatedAt: at })
    .onConflictDoUpdate({
      target: setupProgress.organizationId,
      set: { stateEncrypted, updatedByUserId: userId, updatedAt: at },
    })
}

export async function deleteProgress(db: DbOrTx, organizationId: string) {
  await db.delete(setupProgress).where(eq(setupProgress.organizationId, organizationId))
}

export async function selectSetupStatus(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({
      setupCompletedAt: organizations.setupCompletedAt,
      name: organizations.name,
      organizationType: organizations.organizationType,
      identifiers: organizations.identifiers,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row ?? null
}

export async function completeOrganizationSetup(
  db: DbOrTx,
  organizationId: string,
  change: { name: string; identifiers: OrganizationIdentifiers; profileEncrypted: string },
  at: Date,
) {
  await db
    .update(organizations)
    .set({ ...change, setupCompletedAt: at })
    .where(eq(organizations.id, organizationId))
}
