// Every message the lifecycle of a request calls for: the request itself (email with the link, or the SMS
// asking for YES), resends and reminders, the link once the patient opted in by text, the patient's
// receipts, the patient's reminders before a Medicare grant ends, the renewal notice to the staff member, and the notice that a held Medicare record was rejected. All queued in the publisher's transaction.
import { daysUntil } from '@blueconsent/contract/durations'
import type { AppContext } from '../../platform/context.ts'
import type { DomainEvents } from '../../platform/events/domain-events.ts'
import { PATIENT_STOPPED_SHARING, recordRequestEvent } from '../authorization-requests/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import { findRequesterCopy } from './messaging.repository.ts'
import { sendConsentInvite, sendGrantEndingReminder, sendPatientMessage } from './messaging.service.ts'
import {
  identityRejectedEmail,
  patientStoppedEmail,
  renewalNoticeEmail,
} from './templates/email-templates.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export function subscribeMessaging(events: DomainEvents<AppContext>): void {
  events.on('authorization_request.created', async (ctx, tx, { request, consentLink, durationDays }) => {
    await sendConsentInvite(ctx, tx, { request, link: consentLink, durationDays })
  })
  events.on('authorization_request.reminded', async (ctx, tx, event) => {
    await sendConsentInvite(ctx, tx, {
      request: event.request,
      link: event.consentLink,
      replacesEarlier: event.replacesEarlier,
      ...(event.scheduled ? { reminder: true, now: event.at } : {}),
    })
  })
  events.on('authorization_request.consented', async (ctx, tx, { request, consentLink }) => {
    await sendConsentInvite(ctx, tx, { request, link: consentLink })
  })
  events.on('authorization_request.authorized', async (ctx, tx, { request }) => {
    await sendPatientMessage(ctx, tx, { request, template: 'authorized_receipt' })
  })
  // A patient who texted STOP is not reached again (sendPatientMessage skips an opted-out number).
  events.on('authorization_request.denied', async (ctx, tx, { request }) => {
    await sendPatientMessage(ctx, tx, { request, template: 'denied_receipt' })
  })
  events.on('authorization_request.identity_rejected', async (ctx, tx, { request, at }) => {
    const requester = await findRequesterCopy(tx, request.requesterUserId)
    const mail = identityRejectedEmail({
      requestId: request.id,
      requestUrl: `${ctx.config.publicUrl}/app/authorization/new?tab=requests&request=${request.id}`,
    })
    const outboxId = await queueEmail(ctx, tx, {
      template: 'identity_rejected',
      to: requester.email,
      ...mail,
    })
    await recordRequestEvent(tx, {
      request,
      event: 'identity_rejected_notice_sent',
      actor: { kind: 'system' },
      at,
      details: { outbox_id: outboxId },
    })
  })
  // The patient ended access on their own page: the staff member who asked learns it at once.
  events.on('authorization_request.revoked', async (ctx, tx, { request, cause, at }) => {
    if (cause !== PATIENT_STOPPED_SHARING) return
    const requester = await findRequesterCopy(tx, request.requesterUserId)
    const mail = patientStoppedEmail({
      requestId: request.id,
      listUrl: `${ctx.config.publicUrl}/app/authorization/new?tab=requests&request=${request.id}`,
    })
    const outboxId = await queueEmail(ctx, tx, {
      template: 'patient_stopped_sharing',
      to: requester.email,
      ...mail,
    })
    await recordRequestEvent(tx, {
      request,
      event: 'requester_told_stopped',
      actor: { kind: 'system' },
      at,
      details: { outbox_id: outboxId },
    })
  })
  events.on('authorization_request.grant_ending', async (ctx, tx, { request, endsAt, at }) => {
    await sendGrantEndingReminder(ctx, tx, { request, endsAt, days: daysUntil(endsAt, at) })
  })
  events.on('authorization_request.renewal_due', async (ctx, tx, { request, at }) => {
    if (!request.expiresAt) return
    const requester = await findRequesterCopy(tx, request.requesterUserId)
    const mail = renewalNoticeEmail({
      requestId: request.id,
      expiresOn: request.expiresAt.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }),
      // The widget's My Requests tab, where renewal is offered under 30 days.
      renewUrl: `${ctx.config.publicUrl}/app/authorization/new?tab=requests&request=${request.id}`,
      days: Math.ceil((request.expiresAt.getTime() - at.getTime()) / DAY_MS),
    })
    const outboxId = await queueEmail(ctx, tx, {
      template: 'renewal_notice',
      to: requester.email,
      organizationId: request.organizationId,
      ...mail,
    })
    await recordRequestEvent(tx, {
      request,
      event: 'renewal_notice_sent',
      actor: { kind: 'system' },
      at,
      details: { outbox_id: outboxId },
    })
  })
}
