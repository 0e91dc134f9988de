// The minute sweep: expiry on time, reminders for unanswered requests, renewal notices before an
// authorization ends, and the patient's renewal reminders before a 13-month Medicare grant ends. The clock is a parameter so tests drive it; each request is handled in its own
// transaction with conditional updates, so two instances sweeping at once cannot double-send. What is
// sent follows from the events published here (messaging subscribes).
import { DURATIONS, durationSentences, grantEndRemindersDue } from '@blueconsent/contract/durations'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  DEFAULT_SCHEDULE,
  claimReminder,
  claimGrantEndReminder,
  claimRenewalNotice,
  findDueForExpiry,
  findGrantEndCandidates,
  findReminderCandidates,
  findRenewalCandidates,
  findSchedules,
  hasAuthorizedRenewal,
  hasLiveRenewal,
} from './authorization-requests.repository.ts'
import { consentUrl, issueConsentToken } from './consent-token.ts'
import { MEDICARE_GRANT_ENDED } from './pull-outcomes.ts'
import { requestFacts } from './request-facts.ts'
import { recordRequestEvent, transitionRequest, type RequestRow } from './transitions.ts'

export type SweepResult = {
  expired: number
  reminders: number
  renewalNotices: number
  grantEndReminders: number
}

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

/** A provider's Medicare grant end when it came no later than the portal's own end, else null. */
function grantEndedFirst(row: RequestRow): Date | null {
  const end = row.medicareAccessEndsAt
  if (row.status !== 'authorized' || row.authorizationType !== 'healthcare_provider' || !end) return null
  return !row.expiresAt || end <= row.expiresAt ? end : null
}

async function expireDue(ctx: AppContext, now: Date): Promise<number> {
  const due = await findDueForExpiry(ctx.db, now)
  return each(due, (row) =>
    ctx.db.transaction(async (tx) => {
      // An ended grant is never refreshed: the expired event's subscriber destroys its tokens once no
      // other authorization uses them.
      const medicareEnd = grantEndedFirst(row)
      await transitionRequest(ctx, tx, {
        requestId: row.id,
        to: 'expired',
        event: 'expired',
        actor: { kind: 'system' },
        at: now,
        patch: {
          consentTokenHash: null,
          consentTokenExpiresAt: null,
          // Medicare's grant ended first (or with it): the request says so, and ends when the grant did.
          ...(medicareEnd
            ? {
                expiresAt: medicareEnd,
                statusMessage: durationSentences('en').medicareAccessEnded(medicareEnd),
              }
            : {}),
        },
        ...(medicareEnd ? { details: { reason: MEDICARE_GRANT_ENDED } } : {}),
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
    request: requestFacts(ctx, claimed),
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
      await ctx.events.publish(ctx, tx, 'authorization_request.renewal_due', {
        request: requestFacts(ctx, claimed),
        at: now,
      })
      return true
    })
  })
}

/**
 * The patient's reminders before a 13-month Medicare grant ends (30 and 7 days before), each once: the count
 * sent is claimed on the request before the event goes out, so a second sweep, or one after a restart,
 * finds it done. A sweep that was down past both marks sends only the nearer one.
 */
async function remindGrantEnds(ctx: AppContext, now: Date): Promise<number> {
  const marks = DURATIONS.medicareGrantReminderDays
  const horizon = new Date(now.getTime() + Math.max(...marks) * DAY_MS)
  const candidates = await findGrantEndCandidates(ctx.db, now, horizon, marks.length)
  return each(candidates, async (row) => {
    const endsAt = row.medicareAccessEndsAt
    if (!endsAt) return false
    const due = grantEndRemindersDue(endsAt, now, marks)
    if (due <= row.grantEndRemindersSent) return false
    return ctx.db.transaction(async (tx) => {
      const claimed = await claimGrantEndReminder(tx, row, due, now)
      if (!claimed) return false
      // The patient already approved the renewal: the mark is done without a message.
      if (await hasAuthorizedRenewal(tx, row.id)) return false
      const daysBefore = marks[due - 1] ?? 0
      await recordRequestEvent(tx, {
        request: claimed,
        event: 'grant_end_reminder_due',
        actor: { kind: 'system' },
        at: now,
        details: { days_before: daysBefore },
      })
      await ctx.events.publish(ctx, tx, 'authorization_request.grant_ending', {
        request: requestFacts(ctx, claimed),
        endsAt,
        daysBefore,
        at: now,
      })
      return true
    })
  })
}

export async function runLifecycleSweep(ctx: AppContext, now: Date): Promise<SweepResult> {
  const expired = await expireDue(ctx, now)
  const reminders = await remind(ctx, now)
  const renewalNotices = await noticeRenewals(ctx, now)
  const grantEndReminders = await remindGrantEnds(ctx, now)
  return { expired, reminders, renewalNotices, grantEndReminders }
}
