// Every query of two-factor: the enrolment, its recovery codes, sign-in challenges and the organisation's
// requirement.
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import {
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from '../../platform/db/schema/account.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'

export type EnrolmentRow = typeof userTwoFactor.$inferSelect
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect

export async function findEnrolment(db: DbOrTx, userId: string): Promise<EnrolmentRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId))
  return row
}

/** A new secret waiting for its first code; a lockout already running stays. */
export async function savePendingEnrolment(
  db: DbOrTx,
  userId: string,
  secretEncrypted: string,
  at: Date,
): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, secretEncrypted, createdAt: at })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: at },
    })
}

/** Turns a pending enrolment on with the step of its first code; false when it was not pending. */
export async function enableEnrolment(db: DbOrTx, userId: string, step: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ enabledAt: at, lastUsedStep: step, failedAttempts: 0, lockedUntil: null })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId })
  return rows.length === 1
}

/** Records a used step; false when that step (or a later one) was already used, by a concurrent request too. */
export async function useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step, failedAttempts: 0 })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId })
  return rows.length === 1
}

export async function resetFailures(db: DbOrTx, userId: string): Promise<void> {
  await db.update(userTwoFactor).set({ failedAttempts: 0 }).where(eq(userTwoFactor.userId, userId))
}

/** One more wrong code; at `limit` the count restarts and two-factor is locked until `lockUntil`. */
export async function recordFailedCode(
  db: DbOrTx,
  userId: string,
  limit: number,
  lockUntil: Date,
): Promise<{ locked: boolean }> {
  const [row] = await db
    .update(userTwoFactor)
    .set({ failedAttempts: sql`${userTwoFactor.failedAttempts} + 1` })
    .where(eq(userTwoFactor.userId, userId))
    .returning({ failedAttempts: userTwoFactor.failedAttempts })
  if (!row || row.failedAttempts < limit) return { locked: false }
  await db
    .update(userTwoFactor)
    .set({ failedAttempts: 0, lockedUntil: lockUntil })
    .where(eq(userTwoFactor.userId, userId))
  return { locked: true }
}

export async function deleteEnrolment(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId))
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: string,
  codeHashes: readonly string[],
  at: Date,
): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })))
}

/** Uses up a recovery code; false when the user has no such unused code. */
export async function useRecoveryCode(
  db: DbOrTx,
  userId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id })
  return rows.length > 0
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
  return Number(row?.value ?? 0)
}

export async function insertChallenge(
  db: DbOrTx,
  row: typeof twoFactorChallenges.$inferInsert,
): Promise<void> {
  await db.insert(twoFactorChallenges).values(row)
}

export async function findChallenge(db: DbOrTx, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
  return row
}

/** One more wrong answer to a challenge; the new count. */
export async function countChallengeAttempt(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.id, id))
    .returning({ attempts: twoFactorChallenges.attempts })
  return row?.attempts ?? 0
}

/** Uses a challenge up (answered, or dead after too many wrong codes); false when it already was. */
export async function endChallenge(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: at })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id })
  return rows.length === 1
}

export async function findOrganizationRequirement(
  db: DbOrTx,
  organizationId: string,
): Promise<{ id: string; requireTwoFactor: boolean } | undefined> {
  const [row] = await db
    .select({ id: organizations.id, requireTwoFactor: organizations.requireTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row
}

export async function setOrganizationRequirement(
  db: DbOrTx,
  organizationId: string,
  requireTwoFactor: boolean,
): Promise<void> {
  await db.update(organizations).set({ requireTwoFactor }).where(eq(organizations.id, organizationId))
}
