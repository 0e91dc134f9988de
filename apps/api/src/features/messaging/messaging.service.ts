// Every message to a patient goes through here: the right channel, the right language, the request's
// STOP state respected, an outbox row queued in the caller's transaction, and an event on the request.
import type { RequestFacts } from '@blueconsent/contract/authorization-requests'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import {
  findRequestedDurationDays,
  patientAccessUrl,
  recordRequestEvent,
} from '../authorization-requests/index.ts'
import { queueEmail, queueSms } from '../../platform/outbox/index.ts'
import { findRequesterCopy, findRequesterCopyAndWording, type RequesterCopy } from './messaging.repository.ts'
import { LINK_VALID_DAYS, statedMoment, type Language, type RequestCopyInput } from './templates/copy.ts'
import { BUILT_IN_TEMPLATES, type TemplateText } from './templates/editable-copy.ts'
import { consentRequestEmail, grantEndingEmail, receiptEmail } from './templates/email-templates.ts'
import { grantEndingSms, linkSms, optInSms, receiptSms, type ReceiptKind } from './templates/sms-templates.ts'

export async function copyInputFor(tx: DbOrTx, request: RequestFacts): Promise<RequestCopyInput> {
  return copyWith(tx, request, await findRequesterCopy(tx, request.requesterUserId))
}

/** The copy's facts from a requester already read; the length asked for is read only when not known. */
async function copyWith(
  tx: DbOrTx,
  request: RequestFacts,
  requester: RequesterCopy,
  knownDurationDays?: number | null,
): Promise<RequestCopyInput> {
  const provider = request.authorizationType === 'healthcare_provider'
  return {
    language: request.language as Language,
    requesterName: requester.name,
    organizationName: requester.organizationName,
    authorizationType: request.authorizationType,
    durationDays: !provider
      ? null
      : knownDurationDays !== undefined
        ? knownDurationDays
        : await findRequestedDurationDays(tx, request.id),
  }
}

/** The patient's contact, or null when they said STOP to texts for this request. */
function reachableContact(request: RequestFacts): string | null {
  if (request.contactMethod === 'phone' && request.smsConsent === 'opted_out') return null
  return request.contact
}

async function recordMessage(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestFacts,
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
  request: RequestFacts,
  template: string,
  content: { email: () => { subject: string; text: string; html: string }; sms: () => { body: string } },
): Promise<string | null> {
  const to = reachableContact(request)
  if (to === null) return null
  // Sent on the organisation's behalf: held while it is deactivated.
  const { organizationId } = request
  const outboxId =
    request.contactMethod === 'email'
      ? await queueEmail(ctx, tx, { template, to, organizationId, ...content.email() })
      : await queueSms(ctx, tx, { template, to, organizationId, body: content.sms().body })
  await recordMessage(ctx, tx, request, template, outboxId)
  return outboxId
}

const DAY_MS = 24 * 60 * 60 * 1000

/** When the request's link stops working, the moment every message and the consent page state. */
const linkExpiresAt = (request: Pick<RequestFacts, 'consentTokenExpiresAt' | 'expiresAt'>, now: Date): Date =>
  request.consentTokenExpiresAt ?? request.expiresAt ?? now

/**
 * Days the request's link has left, for wording saved before messages gave the date: rounded up, so a link
 * that works until December 4 at 9:24 reads '7 days' on November 27 whatever the second it was sent.
 */
export function linkDaysLeft(
  request: Pick<RequestFacts, 'consentTokenExpiresAt' | 'expiresAt'>,
  now: Date,
): number {
  const end = request.consentTokenExpiresAt ?? request.expiresAt
  if (!end) return LINK_VALID_DAYS
  return Math.max(1, Math.min(LINK_VALID_DAYS, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)))
}

/**
 * The requester's copy and the wording of the invite this request gets (the newest version an administrator
 * saved, else the built-in copy), read together. An email always uses the consent request template; a text
 * the opt-in or the link one.
 */
async function requesterAndWording(
  tx: DbOrTx,
  request: RequestFacts,
  smsKey: 'opt_in' | 'link',
): Promise<{ requester: RequesterCopy; wording: TemplateText }> {
  const key = request.contactMethod === 'email' ? 'consent_request' : smsKey
  const channel = request.contactMethod === 'email' ? 'email' : 'sms'
  const language = request.language as Language
  const found = await findRequesterCopyAndWording(tx, request.requesterUserId, { key, channel, language })
  return { requester: found.requester, wording: found.wording ?? BUILT_IN_TEMPLATES[key][language] }
}

export type InviteInput = {
  request: RequestFacts
  link: string | null
  reminder?: boolean
  /** The link is a fresh one (resend, reminder): the message says earlier links no longer work. */
  replacesEarlier?: boolean
  /** The sweep's clock. */
  now?: Date
  /** The length asked for, when the caller knows it (a new request); else read from the request's events. */
  durationDays?: number | null
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
  const { requester, wording } = await requesterAndWording(
    tx,
    input.request,
    input.link === null ? 'opt_in' : 'link',
  )
  const copy = await copyWith(tx, input.request, requester, input.durationDays)
  const reminder = input.reminder ?? false
  const template = `${reminder ? 'reminder' : 'request'}_${input.link === null ? 'opt_in' : 'link'}`
  const link = input.link
  const now = input.now ?? ctx.clock()
  const validDays = linkDaysLeft(input.request, now)
  const expiresAt = linkExpiresAt(input.request, now)
  const replacesEarlier = input.replacesEarlier ?? false
  return deliver(ctx, tx, input.request, template, {
    email: () => {
      if (link === null) throw new Error('an email request needs a link')
      return consentRequestEmail(
        { ...copy, link, linkExpiresAt: expiresAt, reminder, validDays, replacesEarlier },
        wording,
      )
    },
    sms: () =>
      link === null
        ? optInSms({ ...copy, reminder }, wording)
        : linkSms({ ...copy, link, linkExpiresAt: expiresAt, reminder, validDays, replacesEarlier }, wording),
  })
}

export type PatientMessageInput = { request: RequestFacts; template: ReceiptKind }

const validUntilText = (request: RequestFacts, language: Language): string | undefined =>
  request.expiresAt ? statedMoment(request.expiresAt, language) : undefined

/** Receipts after the patient answered at Medicare (called by the consent flow). */
export async function sendPatientMessage(
  ctx: AppContext,
  tx: DbOrTx,
  input: PatientMessageInput,
): Promise<string | null> {
  const copy = await copyInputFor(tx, input.request)
  const validUntil =
    input.template === 'authorized_receipt' ? validUntilText(input.request, copy.language) : undefined
  // The receipt of an approval carries the patient's own page: who has the data, and a way to stop it.
  const accessPageUrl =
    input.template === 'authorized_receipt' && input.request.expiresAt
      ? patientAccessUrl(ctx, input.request.id, input.request.expiresAt)
      : undefined
  const extra = {
    kind: input.template,
    ...(validUntil ? { validUntil } : {}),
    ...(accessPageUrl ? { accessPageUrl } : {}),
  }
  return deliver(ctx, tx, input.request, input.template, {
    email: () => receiptEmail({ ...copy, ...extra }),
    sms: () => receiptSms({ ...copy, ...extra }),
  })
}

/**
 * The patient's reminder that their 13-month Medicare grant ends in `days` days, in their language, on the
 * channel they were asked on. Sent on the organisation's behalf, so it is held while it is deactivated.
 */
export async function sendGrantEndingReminder(
  ctx: AppContext,
  tx: DbOrTx,
  input: { request: RequestFacts; endsAt: Date; days: number },
): Promise<string | null> {
  const copy = await copyInputFor(tx, input.request)
  const accessPageUrl = input.request.expiresAt
    ? patientAccessUrl(ctx, input.request.id, input.request.expiresAt)
    : undefined
  const content = {
    ...copy,
    endsAt: input.endsAt,
    days: input.days,
    ...(accessPageUrl ? { accessPageUrl } : {}),
  }
  return deliver(ctx, tx, input.request, 'grant_end_reminder', {
    email: () => grantEndingEmail(content),
    sms: () => grantEndingSms(content),
  })
}
