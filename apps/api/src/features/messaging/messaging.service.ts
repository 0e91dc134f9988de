// Every message to a patient goes through here: the right channel, the right language, the request's
// STOP state respected, an outbox row queued in the caller's transaction, and an event on the request.
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { decrypt } from '../../lib/crypto.ts'
import { recordRequestEvent, type RequestRow } from '../authorization-requests/index.ts'
import { queueEmail, queueSms } from '../outbox/index.ts'
import { findNewestTemplateVersion, findRequesterCopy } from './messaging.repository.ts'
import { LINK_VALID_DAYS, type Language, type RequestCopyInput } from './templates/copy.ts'
import { BUILT_IN_TEMPLATES, type TemplateText } from './templates/editable-copy.ts'
import { consentRequestEmail, receiptEmail } from './templates/email-templates.ts'
import { linkSms, optInSms, receiptSms, type ReceiptKind } from './templates/sms-templates.ts'

export async function copyInputFor(tx: DbOrTx, request: RequestRow): Promise<RequestCopyInput> {
  const requester = await findRequesterCopy(tx, request.requesterUserId)
  return {
    language: request.language as Language,
    requesterName: requester.name,
    organizationName: requester.organizationName,
    authorizationType: request.authorizationType,
  }
}

/** The patient's contact, or null when they said STOP to texts for this request. */
function reachableContact(ctx: AppContext, request: RequestRow): string | null {
  if (request.contactMethod === 'phone' && request.smsConsent === 'opted_out') return null
  return decrypt(ctx.keys, request.contactEncrypted)
}

async function recordMessage(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  template: string,
  outboxId: string,
): Promise<void> {
  await recordRequestEvent(tx, {
    request,
    event: 'message_queued',
    actor: { kind: 'system' },
    at: ctx.clock(),
    details: { template, channel: request.contactMethod === 'phone' ? 'sms' : 'email', outbox_id: outboxId },
  })
}

async function deliver(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  template: string,
  content: { email: () => { subject: string; text: string; html: string }; sms: () => { body: string } },
): Promise<string | null> {
  const to = reachableContact(ctx, request)
  if (to === null) return null
  const outboxId =
    request.contactMethod === 'email'
      ? await queueEmail(ctx, tx, { template, to, ...content.email() })
      : await queueSms(ctx, tx, { template, to, body: content.sms().body })
  await recordMessage(ctx, tx, request, template, outboxId)
  return outboxId
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days the request's link has left (7 for a new link; fewer in reminders), at least 1. */
export function linkDaysLeft(
  request: Pick<RequestRow, 'consentTokenExpiresAt' | 'expiresAt'>,
  now: Date,
): number {
  const end = request.consentTokenExpiresAt ?? request.expiresAt
  if (!end) return LINK_VALID_DAYS
  return Math.max(1, Math.min(LINK_VALID_DAYS, Math.floor((end.getTime() - now.getTime()) / DAY_MS)))
}

/**
 * The wording of the invite this request gets: the newest version an administrator saved, else the built-in
 * copy. An email always uses the consent request template; a text the opt-in or the link one.
 */
async function wordingFor(
  tx: DbOrTx,
  request: RequestRow,
  smsKey: 'opt_in' | 'link',
  language: Language,
): Promise<TemplateText> {
  const key = request.contactMethod === 'email' ? 'consent_request' : smsKey
  const channel = request.contactMethod === 'email' ? 'email' : 'sms'
  return (await findNewestTemplateVersion(tx, key, channel, language)) ?? BUILT_IN_TEMPLATES[key][language]
}

export type InviteInput = {
  request: RequestRow
  link: string | null
  reminder?: boolean
  /** The link is a fresh one (resend, reminder): the message says earlier links no longer work. */
  replacesEarlier?: boolean
  /** The sweep's clock. */
  now?: Date
}

/**
 * The request itself: the email with the link, the first SMS asking for YES (no link yet), or, once the
 * patient opted in, the SMS with the link.
 */
export async function sendConsentInvite(
  ctx: AppContext,
  tx: DbOrTx,
  input: InviteInput,
): Promise<string | null> {
  const copy = await copyInputFor(tx, input.request)
  const reminder = input.reminder ?? false
  const template = `${reminder ? 'reminder' : 'request'}_${input.link === null ? 'opt_in' : 'link'}`
  const link = input.link
  const validDays = linkDaysLeft(input.request, input.now ?? ctx.clock())
  const replacesEarlier = input.replacesEarlier ?? false
  const wording = await wordingFor(tx, input.request, link === null ? 'opt_in' : 'link', copy.language)
  return deliver(ctx, tx, input.request, template, {
    email: () => {
      if (link === null) throw new Error('an email request needs a link')
      return consentRequestEmail({ ...copy, link, reminder, validDays, replacesEarlier }, wording)
    },
    sms: () =>
      link === null
        ? optInSms({ ...copy, reminder }, wording)
        : linkSms({ ...copy, link, reminder, validDays, replacesEarlier }, wording),
  })
}

export type PatientMessageInput = { request: RequestRow; template: ReceiptKind }

const validUntilText = (request: RequestRow, language: Language): string | undefined =>
  request.expiresAt
    ? request.expiresAt.toLocaleDateString(language === 'es' ? 'es-US' : 'en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : undefined

/** Receipts after the patient answered at Medicare (called by the consent flow). */
export async function sendPatientMessage(
  ctx: AppContext,
  tx: DbOrTx,
  input: PatientMessageInput,
): Promise<string | null> {
  const copy = await copyInputFor(tx, input.request)
  const validUntil =
    input.template === 'authorized_receipt' ? validUntilText(input.request, copy.language) : undefined
  const extra = { kind: input.template, ...(validUntil ? { validUntil } : {}) }
  return deliver(ctx, tx, input.request, input.template, {
    email: () => receiptEmail({ ...copy, ...extra }),
    sms: () => receiptSms({ ...copy, ...extra }),
  })
}
