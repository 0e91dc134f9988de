// The lifecycle events integrators receive: each becomes one delivery per subscribed endpoint of the
// request's organisation, queued in the publisher's transaction. Bodies carry ids and states only.
import type { WebhookEventType } from '@blueconsent/contract/integrations'
import { AUTHORIZATION } from '@blueconsent/contract/shared'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import type { DomainEventMap, DomainEvents } from '../../platform/events/domain-events.ts'
import { publishWebhookEvent } from './webhooks.service.ts'

type RequestRow = DomainEventMap['authorization_request.created']['request']

function announce(
  ctx: AppContext,
  tx: DbOrTx,
  type: WebhookEventType,
  request: RequestRow,
  at: Date,
  extra: { run_id?: string; access_ends_at?: string | null; medicare_access_ends_at?: string | null } = {},
): Promise<void> {
  return publishWebhookEvent(
    ctx,
    tx,
    type,
    {
      organization_id: request.organizationId,
      request_id: request.id,
      patient_id: request.patientId,
      status: request.status,
      ...extra,
    },
    at,
  )
}

export function subscribeWebhooks(events: DomainEvents<AppContext>): void {
  events.on('authorization_request.created', (ctx, tx, { request }) =>
    announce(ctx, tx, 'request.created', request, request.createdAt),
  )
  events.on('authorization_request.authorized', (ctx, tx, { request, at }) =>
    announce(ctx, tx, 'request.authorized', request, at),
  )
  events.on('authorization_request.denied', (ctx, tx, { request, at }) =>
    announce(ctx, tx, 'request.denied', request, at),
  )
  events.on('authorization_request.expired', (ctx, tx, { request, at }) =>
    announce(ctx, tx, 'request.expired', request, at),
  )
  events.on('authorization_request.revoked', (ctx, tx, { request, at }) =>
    announce(ctx, tx, 'request.revoked', request, at),
  )
  events.on('authorization_request.renewal_due', (ctx, tx, { request, at }) =>
    announce(ctx, tx, 'grant.expiring', request, at, {
      access_ends_at: request.expiresAt?.toISOString() ?? null,
    }),
  )
  // The 30- and 7-day marks before a 13-month Medicare grant ends (access_ends_at: when access really ends).
  events.on('authorization_request.grant_ending', async (ctx, tx, { request, endsAt, daysBefore, at }) => {
    if (announcedAsRenewalDue(request.expiresAt, endsAt, daysBefore)) return
    await announce(ctx, tx, 'grant.expiring', request, at, {
      access_ends_at: (request.expiresAt && request.expiresAt < endsAt
        ? request.expiresAt
        : endsAt
      ).toISOString(),
      medicare_access_ends_at: endsAt.toISOString(),
    })
  })
  events.on('ingestion.completed', (ctx, tx, { request, runId, at }) =>
    announce(ctx, tx, 'data.ready', request, at, { run_id: runId }),
  )
  events.on('ingestion.failed', (ctx, tx, { request, runId, at }) =>
    announce(ctx, tx, 'data.failed', request, at, { run_id: runId }),
  )
}

/**
 * When the portal's access ends exactly when the Medicare grant does, the staff renewal notice and the
 * grant's first reminder mark fall in the same sweep and say the same thing: integrators get it once.
 */
export function announcedAsRenewalDue(
  portalEndsAt: Date | null,
  medicareEndsAt: Date,
  daysBefore: number,
): boolean {
  return (
    daysBefore === AUTHORIZATION.renewalWindowDays && portalEndsAt?.getTime() === medicareEndsAt.getTime()
  )
}
