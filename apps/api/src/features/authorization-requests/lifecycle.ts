// The minute sweep: expiry on time, reminders for unanswered requests, renewal notices before an
// authorization ends. The clock is a parameter so tests drive it; each request is handled in its own
// transaction with conditional updates, so two instances sweeping at once cannot double-send. What is
// sent follows from the events published here (messaging subscribes).
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  DEFAULT_SCHEDULE,
  claimReminder,
  claimRenewalNotice,
  findDueForExpiry,
  findReminderCandidates,
  findRenewalCandidates,
  findSchedules,
  hasLiveRenewal,
} from './authorization-requests.repository.ts'
import { consentUrl, issueConsentToken } from './consent-token.ts'
import { recordRequestEvent, transitionRequest, type RequestRow } from './transitions.ts'

export type SweepResult = { expired: number; reminders: number; renewalNotices: number }

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
// Organisations may lengthen the notice window; nothing reads further ahead than this.
const MAX_NOTICE_DAYS = 90

/** Runs one step, skipping a request another actor moved in the meantime (409 from the transition). */
async function each(rows: RequestRow[], step: (row: RequestRow) => Promise<boolean>): Promise<number> {
  let done = 0
  for (const row of rows) {
    try {
      if (await step(row)) done += 1
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error
    }
  }
  return done
}

async function expireDue(ctx: AppContext, now: Date): Promise<number> {
  const due = await findDueForExpiry(ctx.db, now)
  return each(due, (row) =>
    ctx.db.transaction(async (tx) => {
      // An ended grant is never refreshed: the expired event's subscriber destroys its tokens once no
      // other authorization uses them.
      await transitionRequest(ctx, tx, {
        requestId: row.id,
        to: 'expired',
        event: 'expired',
        actor: { kind: 'system' },
        at: now,
        patch: { consentTokenHash: null, consentTokenExpiresAt: null },
      })
      return true
    }),
  )
}

/** How many reminder times (hours after creation) have passed. */
export const remindersDue = (createdAt: Date, reminderHours: readonly number[], now: Date): number =>
  reminderHours.filter((hours) => createdAt.getTime() + hours * HOUR_MS <= now.getTime()).length

async function sendReminder(
  ctx: AppContext,
  tx: DbOrTx,
  row: RequestRow,
  due: number,
  now: Date,
): Promise<boolean> {
  // Claim the reminder first: a concurrent sweep's update then matches nothing.
  const token = row.status === 'pending' ? issueConsentToken(now) : null
  const claimed = await claimReminder(tx, row, {
    remindersSent: due,
    updatedAt: now,
    // A new link (the old one's plain token is never stored); the request keeps its original expiry.
    ...(token ? { consentTokenHash: token.tokenHash } : {}),
  })
  if (!claimed) return false
  await recordRequestEvent(tx, {
    request: claimed,
    event: 'reminder_sent',
    actor: { kind: 'system' },
    at: now,
    details: { number: due },
  })
  await ctx.events.publish(ctx, tx, 'authorization_request.reminded', {
    request: claimed,
    consentLink: token ? consentUrl(ctx.config, token.token) : null,
    scheduled: true,
    replacesEarlier: token !== null,
    at: now,
  })
  return true
}

async function remind(ctx: AppContext, now: Date): Promise<number> {
  const candidates = await findReminderCandidates(ctx.db, now, new Date(now.getTime() - HOUR_MS))
  const schedules = await findSchedules(ctx.db, [...new Set(candidates.map((row) => row.organizationId))])
  return each(candidates, async (row) => {
    const schedule = schedules.get(row.organizationId) ?? DEFAULT_SCHEDULE
    const due = remindersDue(row.createdAt, schedule.reminderHours, now)
    // One reminder per sweep even if the sweep was down for days.
    if (due <= row.remindersSent) return false
    return ctx.db.transaction((tx) => sendReminder(ctx, tx, row, due, now))
  })
}

async function noticeRenewals(ctx: AppContext, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + MAX_NOTICE_DAYS * DAY_MS)
  const candidates = await findRenewalCandidates(ctx.db, now, horizon)
  const schedules = await findSchedules(ctx.db, [...new Set(candidates.map((row) => row.organizationId))])
  return each(candidates, async (row) => {
    const days = (schedules.get(row.organizationId) ?? DEFAULT_SCHEDULE).renewalNoticeDays
    if (!row.expiresAt || row.expiresAt.getTime() > now.getTime() + days * DAY_MS) return false
    return ctx.db.transaction(async (tx) => {
      const claimed = await claimRenewalNotice(tx, row.id, now)
      if (!claimed?.expiresAt) return false
      // Already renewed: mark the notice as done without sending it.
      if (await hasLiveRenewal(tx, row.id)) return false
      await ctx.events.publish(ctx, tx, 'authorization_request.renewal_due', { request: claimed, at: now })
      return true
    })
  })
}

export async function runLifecycleSweep(ctx: AppContext, now: Date): Promise<SweepResult> {
  const expired = await expireDue(ctx, now)
  const reminders = await remind(ctx, now)
  const renewalNotices = await noticeRenewals(ctx, now)
  return { expired, reminders, renewalNotices }
}
