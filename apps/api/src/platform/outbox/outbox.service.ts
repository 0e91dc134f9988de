// Transactional outbox: every email and SMS is a row queued in the caller's transaction together with its
// delivery job, so a message is sent if and only if the state change that caused it commits.
import type { AppContext } from '../context.ts'
import type { DbOrTx } from '../db/client.ts'
import { QUEUES } from '../jobs/queue.ts'
import { decrypt, encrypt } from '../lib/crypto.ts'
import { deliverSms } from './sms-transport.ts'
import {
  findOutboxMessage,
  holdOutboxMessage,
  listRecentOutbox,
  requeueHeldMessages,
  insertOutboxMessage,
  markOutboxSent,
  recordOutboxFailure,
  type NewOutboxRow,
  type OutboxRow,
} from './outbox.repository.ts'

/**
 * `organizationId`: the organisation the message is sent on behalf of (a patient's request, a reminder).
 * While that organisation is deactivated the message is held, not sent (see deliverOutboxMessage).
 */
export type EmailDraft = {
  template: string
  to: string
  subject: string
  text: string
  html?: string
  organizationId?: string | null
}
type StoredBody = { text: string; html?: string }

export type SmsDraft = { template: string; to: string; body: string; organizationId?: string | null }

async function queueMessage(
  ctx: AppContext,
  tx: DbOrTx,
  row: Omit<NewOutboxRow, 'createdAt'>,
): Promise<string> {
  const inserted = await insertOutboxMessage(tx, { ...row, createdAt: ctx.clock() })
  await ctx.jobs.enqueue(tx, QUEUES.deliverOutbox, { id: inserted.id }, { singletonKey: inserted.id })
  return inserted.id
}

export async function queueEmail(ctx: AppContext, tx: DbOrTx, draft: EmailDraft): Promise<string> {
  const body: StoredBody = { text: draft.text, ...(draft.html ? { html: draft.html } : {}) }
  return queueMessage(ctx, tx, {
    channel: 'email',
    template: draft.template,
    organizationId: draft.organizationId ?? null,
    toEncrypted: encrypt(ctx.keys, draft.to),
    subject: draft.subject,
    bodyEncrypted: encrypt(ctx.keys, JSON.stringify(body)),
  })
}

/** An SMS in the outbox (delivered through Twilio when configured, else kept for the dev outbox page). */
export async function queueSms(ctx: AppContext, tx: DbOrTx, draft: SmsDraft): Promise<string> {
  const body: StoredBody = { text: draft.body }
  return queueMessage(ctx, tx, {
    channel: 'sms',
    template: draft.template,
    organizationId: draft.organizationId ?? null,
    toEncrypted: encrypt(ctx.keys, draft.to),
    subject: null,
    bodyEncrypted: encrypt(ctx.keys, JSON.stringify(body)),
  })
}

export type DecryptedOutboxMessage = { row: OutboxRow; to: string; text: string; html: string | undefined }

export function openOutboxMessage(ctx: AppContext, row: OutboxRow): DecryptedOutboxMessage {
  const body = JSON.parse(decrypt(ctx.keys, row.bodyEncrypted)) as StoredBody
  return { row, to: decrypt(ctx.keys, row.toEncrypted), text: body.text, html: body.html }
}

/**
 * Idempotent: a message already sent is not sent again when its job is retried. A message of a deactivated
 * organisation is held (kept, not sent) and its job ends; reactivation queues it again (releaseHeldMessages).
 */
export async function deliverOutboxMessage(ctx: AppContext, id: string): Promise<void> {
  const found = await findOutboxMessage(ctx.db, id)
  if (!found || found.row.status === 'sent' || found.row.status === 'held') return
  if (!found.organizationActive) {
    await holdOutboxMessage(ctx.db, id)
    return
  }
  const { row } = found
  const message = openOutboxMessage(ctx, row)
  let transport: string = ctx.mailer.transport
  try {
    if (row.channel === 'sms') transport = await deliverSms(ctx, message.to, message.text)
    else {
      await ctx.mailer.send({
        from: ctx.config.mailFrom,
        to: message.to,
        subject: row.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<${row.id}@${new URL(ctx.config.publicUrl).hostname}>`,
      })
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    await recordOutboxFailure(ctx.db, id, row.attempts + 1, reason.slice(0, 500))
    throw error
  }
  await markOutboxSent(ctx.db, id, transport, ctx.clock())
}

/** The newest messages, opened (the demo's outbox page). */
export async function listRecentMessages(ctx: AppContext, limit: number): Promise<DecryptedOutboxMessage[]> {
  const rows = await listRecentOutbox(ctx.db, limit)
  return rows.map((row) => openOutboxMessage(ctx, row))
}

/** One queued SMS, opened; undefined when the id is unknown or not an SMS (the demo's reply control). */
export async function findSmsMessage(
  ctx: AppContext,
  id: string,
): Promise<DecryptedOutboxMessage | undefined> {
  const found = await findOutboxMessage(ctx.db, id)
  return found?.row.channel === 'sms' ? openOutboxMessage(ctx, found.row) : undefined
}

/**
 * An organisation reactivated: its held messages are queued again, each with a new delivery job, in the
 * caller's transaction. Messages held longer than `maxAgeDays` carry links and dates that no longer hold:
 * they stay in the table, marked failed with the reason, rather than reaching a patient late.
 */
export async function releaseHeldMessages(
  ctx: AppContext,
  tx: DbOrTx,
  organizationId: string,
  maxAgeDays: number,
): Promise<{ released: number; expired: number }> {
  const now = ctx.clock()
  const cutoff = new Date(now.getTime() - maxAgeDays * 24 * 60 * 60 * 1000)
  const { released, expired } = await requeueHeldMessages(tx, organizationId, cutoff)
  for (const id of released)
    await ctx.jobs.enqueue(tx, QUEUES.deliverOutbox, { id }, { singletonKey: `${id}:${now.getTime()}` })
  return { released: released.length, expired }
}
