// Transactional outbox (DESIGN.md §2): the message row and its delivery job commit with the state change.
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { QUEUES } from '../../jobs/queue.ts'
import { decrypt, encrypt } from '../../lib/crypto.ts'
import { deliverSms } from '../messaging/sms-transport.ts'
import {
  findOutboxMessage,
  insertOutboxMessage,
  markOutboxSent,
  recordOutboxFailure,
  type OutboxRow,
} from './outbox.repository.ts'

export type EmailDraft = { template: string; to: string; subject: string; text: string; html?: string }
type StoredBody = { text: string; html?: string }

export async function queueEmail(ctx: AppContext, tx: DbOrTx, draft: EmailDraft): Promise<string> {
  const body: StoredBody = { text: draft.text, ...(draft.html ? { html: draft.html } : {}) }
  const row = await insertOutboxMessage(tx, {
    channel: 'email',
    template: draft.template,
    toEncrypted: encrypt(ctx.keys, draft.to),
    subject: draft.subject,
    bodyEncrypted: encrypt(ctx.keys, JSON.stringify(body)),
    createdAt: ctx.clock(),
  })
  await ctx.jobs.enqueue(tx, QUEUES.deliverOutbox, { id: row.id }, { singletonKey: row.id })
  return row.id
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
      })
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    await recordOutboxFailure(ctx.db, id, row.attempts + 1, reason.slice(0, 500))
    throw error
  }
  await markOutboxSent(ctx.db, id, transport, ctx.clock())
}
