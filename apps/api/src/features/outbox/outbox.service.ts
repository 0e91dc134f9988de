// Transactional outbox: every email and SMS is a row queued in the caller's transaction together with its
// delivery job, so a message is sent if and only if the state change that caused it commits.
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { QUEUES } from '../../jobs/queue.ts'
import { decrypt, encrypt } from '../../lib/crypto.ts'
import { deliverSms } from './sms-transport.ts'
import {
  findOutboxMessage,
  listRecentOutbox,
  insertOutboxMessage,
  markOutboxSent,
  recordOutboxFailure,
  type NewOutboxRow,
  type OutboxRow,
} from './outbox.repository.ts'

export type EmailDraft = { template: string; to: string; subject: string; text: string; html?: string }
type StoredBody = { text: string; html?: string }

export type SmsDraft = { template: string; to: string; body: string }

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

/** Idempotent: a message already sent is not sent again when its job is retried. */
export async function deliverOutboxMessage(ctx: AppContext, id: string): Promise<void> {
  const row = await findOutboxMessage(ctx.db, id)
  if (!row || row.status === 'sent') return
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
  const row = await findOutboxMessage(ctx.db, id)
  return row?.channel === 'sms' ? openOutboxMessage(ctx, row) : undefined
}
