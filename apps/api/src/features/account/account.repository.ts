// Queries of a user's own address and preferences and of their names; every query names the user.
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { userAddresses, userPreferences } from '../../platform/db/schema/account.ts'
import { users } from '../../platform/db/schema/users.ts'

export type AddressRow = typeof userAddresses.$inferSelect
export type PreferencesRow = typeof userPreferences.$inferSelect
export type PreferencesValues = Pick<
  PreferencesRow,
  'theme' | 'emailBilling' | 'emailSystem' | 'emailSecurity'
>

export async function selectAddressOfUser(db: DbOrTx, userId: string): Promise<AddressRow | null> {
  const [row] = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId))
  return row ?? null
}

/** One address per user: a second POST replaces the first rather than piling up copies. */
export async function upsertAddress(
  db: DbOrTx,
  userId: string,
  detailsEncrypted: string,
  at: Date,
): Promise<AddressRow> {
  const [row] = await db
    .insert(userAddresses)
    .values({ userId, detailsEncrypted, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: userAddresses.userId, set: { detailsEncrypted, updatedAt: at } })
    .returning()
  return row as AddressRow
}

export async function updateOwnAddress(
  db: DbOrTx,
  addressId: string,
  userId: string,
  detailsEncrypted: string,
  at: Date,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(userAddresses)
    .set({ detailsEncrypted, updatedAt: at })
    .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
    .returning()
  return row ?? null
}

export async function updateUserNames(db: DbOrTx, userId: string, firstName: string, lastName: string) {
  await db.update(users).set({ firstName, lastName }).where(eq(users.id, userId))
}

export async function selectPreferences(db: DbOrTx, userId: string): Promise<PreferencesRow | null> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId))
  return row ?? null
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  values: PreferencesValues,
  at: Date,
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: at } })
    .returning()
  return row as PreferencesRow
}
