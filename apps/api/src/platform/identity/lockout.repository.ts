// Failed sign-in counters in the database (used when REDIS_URL is unset): one upsert per hit, so two
// processes counting at once still add up, and a restart forgets nothing. Each failure also clears the
// windows that have ended: failures are rare, so the table stays as small as the live lockouts.
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { loginAttemptWindows } from '../db/schema/index.ts'
import type { CounterStore, WindowCount } from './lockout.ts'

const digestOf = (key: string): string => createHash('sha256').update(key).digest('hex')

export function createDatabaseCounterStore(db: DbOrTx): CounterStore {
  return {
    async hit(key, windowMs, now) {
      const at = new Date(now).toISOString()
      const resetAt = new Date(now + windowMs).toISOString()
      await db.delete(loginAttemptWindows).where(sql`${loginAttemptWindows.resetAt} <= ${at}::timestamptz`)
      // A window that has ended starts again at one; a live one counts on.
      const [row] = await db
        .insert(loginAttemptWindows)
        .values({ keyDigest: digestOf(key), count: 1, resetAt: new Date(now + windowMs) })
        .onConflictDoUpdate({
          target: loginAttemptWindows.keyDigest,
          set: {
            count: sql`case when ${loginAttemptWindows.resetAt} <= ${at}::timestamptz then 1 else ${loginAttemptWindows.count} + 1 end`,
            resetAt: sql`case when ${loginAttemptWindows.resetAt} <= ${at}::timestamptz then ${resetAt}::timestamptz else ${loginAttemptWindows.resetAt} end`,
          },
        })
        .returning({ count: loginAttemptWindows.count, resetAt: loginAttemptWindows.resetAt })
      return windowOf(row)
    },
    async peek(key, now) {
      const [row] = await db
        .select({ count: loginAttemptWindows.count, resetAt: loginAttemptWindows.resetAt })
        .from(loginAttemptWindows)
        .where(eq(loginAttemptWindows.keyDigest, digestOf(key)))
      if (!row || row.resetAt.getTime() <= now) return null
      return windowOf(row)
    },
    async reset(key) {
      await db.delete(loginAttemptWindows).where(eq(loginAttemptWindows.keyDigest, digestOf(key)))
    },
  }
}

function windowOf(row: { count: number; resetAt: Date } | undefined): WindowCount {
  if (!row) throw new Error('login_attempt_windows upsert returned no row')
  return { count: row.count, resetAt: row.resetAt.getTime() }
}
