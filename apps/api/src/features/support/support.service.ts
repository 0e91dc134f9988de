// Support requests: stored with who sent them (a signed-in user and their organisation, or the public
// sender's address), emailed to the support address and acknowledged to the sender, all in one transaction
// through the outbox. Subject, message, name and address are encrypted; nothing a person typed goes into a
// log, an audit row or an email subject line (the outbox keeps subjects in the clear).
import { randomInt } from 'node:crypto'
import { SUPPORT_MESSAGES, isHoneypotFilled, type SupportResponse } from '@blueconsent/contract/support'
import { SUPPORT } from '@blueconsent/contract/constants'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { notAuthenticated } from '../../platform/errors.ts'
import { encrypt } from '../../platform/lib/crypto.ts'
import { writeAudit, writeAuditRow } from '../../platform/audit/index.ts'
import { organizationById, userById } from '../../platform/identity/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import {
  countWaitingSupportRequests,
  insertSupportRequest,
  type SupportRequestRow,
} from './support.repository.ts'
import { formatMoment } from '@blueconsent/contract/durations'

/** Eight characters without look-alikes: 31^8 ≈ 8.5 × 10^11 references. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const REFERENCE_LENGTH = 8
const REFERENCE_ATTEMPTS = 5

export function newSupportReference(): string {
  let code = ''
  for (let i = 0; i < REFERENCE_LENGTH; i += 1)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `SR-${code}`
}

export type SupportInput = { subject: string; message: string }
export type PublicSupportInput = SupportInput & {
  email?: string | undefined
  name?: string | undefined
  website?: string | undefined
}
/** Where a public request came from, for its audit row. */
export type PublicOrigin = { ip: string; httpRequestId: string }

type Sender = {
  /** Null for a public request without an address: nobody to acknowledge or answer by email. */
  email: string | null
  name: string | null
  userId: string | null
  organizationId: string | null
  /** Said in the email to support: the account behind the request, or that there is none. */
  description: string
}

const answer = (reference: string): SupportResponse => ({
  request_id: reference,
  detail: SUPPORT_MESSAGES.submitted,
})

async function store(
  ctx: AppContext,
  tx: DbOrTx,
  source: 'app' | 'public',
  sender: Sender,
  input: SupportInput,
): Promise<SupportRequestRow> {
  const values = {
    userId: sender.userId,
    organizationId: sender.organizationId,
    source,
    senderEmailEncrypted: sender.email === null ? null : encrypt(ctx.keys, sender.email),
    senderNameEncrypted: sender.name ? encrypt(ctx.keys, sender.name) : null,
    subjectEncrypted: encrypt(ctx.keys, input.subject),
    messageEncrypted: encrypt(ctx.keys, input.message),
    createdAt: ctx.clock(),
  }
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
    const row = await insertSupportRequest(tx, { ...values, reference: newSupportReference() })
    if (row) return row
  }
  throw new Error('could not draw a free support reference')
}

async function sendEmails(
  ctx: AppContext,
  tx: DbOrTx,
  row: SupportRequestRow,
  sender: Sender,
  input: SupportInput,
) {
  const address = sender.email ?? 'no email address given'
  const from = sender.name ? `${sender.name} <${address}>` : address
  await queueEmail(ctx, tx, {
    template: 'support-request',
    to: ctx.config.supportEmail,
    subject: `Support request ${row.reference}`,
    text: [
      `A support request was submitted through BlueConsent.`,
      '',
      `Request ID: ${row.reference}`,
      `From: ${from}`,
      `Sent: ${sender.description}`,
      `Received: ${formatMoment(row.createdAt, 'en')}`,
      '',
      `Subject: ${input.subject}`,
      '',
      'Message:',
      input.message,
      '',
      sender.email === null
        ? 'The sender left no email address: this request cannot be answered by email.'
        : `The sender was promised an answer at ${sender.email} within ${SUPPORT.replyHours} hours.`,
    ].join('\n'),
  })
  if (sender.email === null) return
  await queueEmail(ctx, tx, {
    template: 'support-acknowledgement',
    to: sender.email,
    subject: `We received your support request ${row.reference}`,
    text: [
      `Hello ${sender.name ?? 'there'},`,
      '',
      SUPPORT_MESSAGES.submitted,
      '',
      `Request ID: ${row.reference}`,
      '',
      SUPPORT_MESSAGES.replyPromise,
      'Please quote the request ID if you write to us about it.',
      '',
      'If you did not contact BlueConsent support, you can ignore this email.',
    ].join('\n'),
  })
}

const auditDetails = (row: SupportRequestRow) => ({ reference: row.reference, source: row.source })

/** A signed-in user's request: answered at their account's address. */
export async function submitSupportRequest(
  ctx: AppContext,
  source: Actor,
  input: SupportInput,
): Promise<SupportResponse> {
  return ctx.db.transaction(async (tx) => {
    const user = await userById(tx, source.principal.userId)
    if (!user) throw notAuthenticated()
    const organization = user.organizationId ? await organizationById(tx, user.organizationId) : undefined
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || null
    const sender: Sender = {
      email: user.email,
      name,
      userId: user.id,
      organizationId: user.organizationId,
      description: `signed in as ${user.role}${organization ? ` of ${organization.name}` : ''} (user ${user.id})`,
    }
    const row = await store(ctx, tx, 'app', sender, input)
    await sendEmails(ctx, tx, row, sender, input)
    await writeAudit(tx, source, {
      action: 'support.request_submitted',
      patientId: null,
      targetType: 'support_request',
      targetId: row.id,
      details: auditDetails(row),
      at: ctx.clock(),
    })
    return answer(row.reference)
  })
}

/**
 * The public contact form's request. A filled honeypot gets the same kind of answer (a fresh reference that
 * is never stored) and nothing else happens.
 */
export async function submitPublicSupportRequest(
  ctx: AppContext,
  origin: PublicOrigin,
  input: PublicSupportInput,
): Promise<SupportResponse> {
  if (isHoneypotFilled(input)) return answer(newSupportReference())
  return ctx.db.transaction(async (tx) => {
    const sender: Sender = {
      email: input.email ?? null,
      name: input.name ?? null,
      userId: null,
      organizationId: null,
      description: 'through the public contact form (not signed in)',
    }
    const row = await store(ctx, tx, 'public', sender, input)
    await sendEmails(ctx, tx, row, sender, input)
    await writeAuditRow(tx, {
      action: 'support.request_submitted',
      targetType: 'support_request',
      actorUserId: null,
      organizationId: null,
      requestId: row.id,
      patientId: null,
      ipAddress: origin.ip,
      httpRequestId: origin.httpRequestId,
      details: auditDetails(row),
      at: ctx.clock(),
    })
    return answer(row.reference)
  })
}

/** How many support requests wait for a first answer: one organisation's, or the platform's (null). */
export const waitingSupportRequests = (db: DbOrTx, organizationId: string | null): Promise<number> =>
  countWaitingSupportRequests(db, organizationId)
