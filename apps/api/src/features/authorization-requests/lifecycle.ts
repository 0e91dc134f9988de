// The minute sweep (issue 5): expiry on time, reminders for unanswered requests, renewal notices before an
// authorization ends. The clock is a parameter so tests drive it; each request is handled in its own
// transaction with conditional updates, so two instances sweeping at once cannot double-send.
import { and, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { authorizationRequests } from '../../db/schema/authorization-requests.ts'
import { AppError } from '../../errors.ts'
import { revokeGrantForRequest } from '../bluebutton/grants.service.ts'
import { consentUrl, issueConsentToken } from '../consent/consent-links.ts'
import { findRequesterCopy } from '../messaging/messaging.repository.ts'
import { sendConsentInvite } from '../messaging/messaging.service.ts'
import { queueEmail } from '../outbox/outbox.service.ts'
import { renewalNoticeEmail } from '../messaging/templates/email-templates.ts'
import { DEFAULT_SCHEDULE, findSchedules } from './authorization-requests.repository.ts'
import { recordRequestEvent, transitionRequest, type RequestRow } from './transitions.ts'

export type SweepResult = { expired: number; reminders: number; renewalNotices: number }

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const BATCH = 500
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
  const due = await ctx.db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        inArray(authorizationRequests.status, ['pending', 'consent_pending', 'authorized']),
        lte(authorizationRequests.expiresAt, now),
      ),
    )
    .limit(BATCH)
  return each(due, (row) =>
    ctx.db.transaction(async (tx) => {
      await transitionRequest(tx, {
        requestId: row.id,
        to: 'expired',
        event: 'expired',
        actor: { kind: 'system' },
        at: now,
        patch: { consentTokenHash: null, consentTokenExpiresAt: null },
      })
      // An ended grant is never refreshed: its tokens go once no other authorization uses them.
      if (row.status === 'authorized') await revokeGrantForRequest(ctx, tx, row.id)
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
  const [claimed] = await tx
    .update(authorizationRequests)
    .set({
      remindersSent: due,
      updatedAt: now,
      // A new link (the old one's plain token is never stored); the request keeps its original expiry.
      ...(token ? { consentTokenHash: token.tokenHash } : {}),
    })
    .where(
      and(
        eq(authorizationRequests.id, row.id),
        eq(authorizationRequests.remindersSent, row.remindersSent),
        eq(authorizationRequests.status, row.status),
      ),
    )
    .returning()
  if (!claimed) return false
  await recordRequestEvent(tx, {
    request: claimed,
    event: 'reminder_sent',
    actor: { kind: 'system' },
    at: now,
    details: { number: due },
  })
  await sendConsentInvite(ctx, tx, {
    request: claimed,
    link: token ? consentUrl(ctx.config, token.token) : null,
    reminder: true,
    replacesEarlier: token !== null,
    now,
  })
  return true
}

async function remind(ctx: AppContext, now: Date): Promise<number> {
  const candidates = await ctx.db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        inArray(authorizationRequests.status, ['pending', 'consent_pending']),
        gt(authorizationRequests.expiresAt, now),
        isNull(authorizationRequests.consentAnsweredAt),
        or(isNull(authorizationRequests.smsConsent), ne(authorizationRequests.smsConsent, 'opted_out')),
        lte(authorizationRequests.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .limit(BATCH)
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
  const candidates = await ctx.db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.status, 'authorized'),
        eq(authorizationRequests.authorizationType, 'healthcare_provider'),
        isNull(authorizationRequests.renewalNoticeSentAt),
        gt(authorizationRequests.expiresAt, now),
        lte(authorizationRequests.expiresAt, new Date(now.getTime() + MAX_NOTICE_DAYS * DAY_MS)),
      ),
    )
    .limit(BATCH)
  const schedules = await findSchedules(ctx.db, [...new Set(candidates.map((row) => row.organizationId))])
  return each(candidates, async (row) => {
    const days = (schedules.get(row.organizationId) ?? DEFAULT_SCHEDULE).renewalNoticeDays
    if (!row.expiresAt || row.expiresAt.getTime() > now.getTime() + days * DAY_MS) return false
    return ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(authorizationRequests)
        .set({ renewalNoticeSentAt: now, updatedAt: now })
        .where(and(eq(authorizationRequests.id, row.id), isNull(authorizationRequests.renewalNoticeSentAt)))
        .returning()
      if (!claimed?.expiresAt) return false
      const [renewal] = await tx
        .select({ id: authorizationRequests.id })
        .from(authorizationRequests)
        .where(
          and(
            eq(authorizationRequests.renewalOfId, row.id),
            inArray(authorizationRequests.status, ['pending', 'consent_pending', 'authorized']),
          ),
        )
        .limit(1)
      // Already renewed: mark the notice as done without sending it.
      if (renewal) return false
      const requester = await findRequesterCopy(tx, row.requesterUserId)
      const mail = renewalNoticeEmail({
        requestId: row.id,
        expiresOn: claimed.expiresAt.toLocaleDateString('en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        }),
        // The widget's My Requests tab, where renewal is offered under 30 days.
        renewUrl: `${ctx.config.publicUrl}/app/authorization/new?tab=requests&request=${row.id}`,
        days: Math.ceil((claimed.expiresAt.getTime() - now.getTime()) / DAY_MS),
      })
      const outboxId = await queueEmail(ctx, tx, { template: 'renewal_notice', to: requester.email, ...mail })
      await recordRequestEvent(tx, {
        request: claimed,
        event: 'renewal_notice_sent',
        actor: { kind: 'system' },
        at: now,
        details: { outbox_id: outboxId },
      })
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
