// Sending a delivery from its job, at least once: a delivery stays pending until an endpoint answers 2xx, so a
// worker killed mid-send leaves the job to run again with the same webhook-id (receivers drop repeats). A failed
// attempt schedules the next with exponential backoff until the delivery is a day old; an endpoint that has
// failed for a day is disabled and its organisation's admins are emailed through the outbox.
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import { postWebhook, type AttemptResult } from './webhook-sender.ts'
import { webhookHeaders } from './webhook-signature.ts'
import { resolveWebhookTarget, WebhookTargetRefused, type Resolver } from './webhook-target.ts'
import {
  deliveryWithEndpoint,
  disableEndpoint,
  noteEndpointFailure,
  organizationAdminEmails,
  updateDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts'
import { formatMoment } from '@blueconsent/contract/durations'

const SECOND_MS = 1000
const DAY_MS = 24 * 60 * 60 * SECOND_MS
/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = DAY_MS
const FIRST_RETRY_MS = 5 * SECOND_MS
const LONGEST_WAIT_MS = 8 * 60 * 60 * SECOND_MS

/** The wait after the n-th failed attempt: 5 s, 20 s, 80 s, … times four each time, at most eight hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, failedAttempts - 1), LONGEST_WAIT_MS)
}

export const webhookMessageId = (deliveryId: string): string => `msg_${deliveryId}`

export type DeliveryOptions = { resolve?: Resolver }

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function signingSecrets(ctx: AppContext, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [decrypt(ctx.keys, endpoint.secretEncrypted)]
  const previous = endpoint.previousSecretEncrypted
  const until = endpoint.previousSecretExpiresAt
  if (previous && until && until > now) secrets.push(decrypt(ctx.keys, previous))
  return secrets
}

async function attempt(
  ctx: AppContext,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  options: DeliveryOptions,
): Promise<AttemptResult> {
  const url = new URL(endpoint.url)
  try {
    const target = await resolveWebhookTarget(url, {
      allowLoopback: ctx.config.webhooksAllowLoopback ?? false,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    })
    const now = ctx.clock()
    const headers = webhookHeaders(
      signingSecrets(ctx, endpoint, now),
      webhookMessageId(delivery.id),
      now,
      delivery.body,
    )
    return await postWebhook(url, target, headers, delivery.body)
  } catch (error) {
    if (error instanceof WebhookTargetRefused) return { ok: false, status: null, error: error.message }
    throw error
  }
}

/** The job's work: one attempt of one delivery. Throws only for what a retry of the job may fix. */
export async function deliverWebhook(
  ctx: AppContext,
  deliveryId: string,
  options: DeliveryOptions = {},
): Promise<void> {
  const loaded = await deliveryWithEndpoint(ctx.db, deliveryId)
  if (!loaded || loaded.delivery.status !== 'pending') return
  const { delivery, endpoint } = loaded
  if (endpoint.status !== 'active') {
    await updateDelivery(ctx.db, delivery.id, {
      status: 'failed',
      nextAttemptAt: null,
      lastError: 'The endpoint is disabled.',
    })
    return
  }
  const result = await attempt(ctx, endpoint, delivery, options)
  const at = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    if (result.ok) await recordSuccess(tx, endpoint, delivery, result, at)
    else await recordFailure(ctx, tx, endpoint, delivery, result, at)
  })
}

async function recordSuccess(
  tx: DbOrTx,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  result: AttemptResult,
  at: Date,
): Promise<void> {
  await updateDelivery(tx, delivery.id, {
    status: 'delivered',
    attempts: delivery.attempts + 1,
    responseCode: result.status,
    lastError: null,
    lastAttemptAt: at,
    nextAttemptAt: null,
    deliveredAt: at,
  })
  if (endpoint.failingSince) await updateEndpoint(tx, endpoint.id, { failingSince: null })
}

async function recordFailure(
  ctx: AppContext,
  tx: DbOrTx,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  result: AttemptResult,
  at: Date,
): Promise<void> {
  const attempts = delivery.attempts + 1
  const next = new Date(at.getTime() + retryDelayMs(attempts))
  const retry = next.getTime() - delivery.createdAt.getTime() <= WEBHOOK_RETRY_WINDOW_MS
  await updateDelivery(tx, delivery.id, {
    status: retry ? 'pending' : 'failed',
    attempts,
    responseCode: result.status,
    lastError: result.error,
    lastAttemptAt: at,
    nextAttemptAt: retry ? next : null,
  })
  if (retry) await queueDeliveryJob(ctx, tx, delivery.id, next.getTime() - at.getTime())
  const failingSince = await noteEndpointFailure(tx, endpoint.id, at)
  if (at.getTime() - failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS)
    await disableFailingEndpoint(ctx, tx, endpoint, at)
}

export async function queueDeliveryJob(
  ctx: AppContext,
  tx: DbOrTx,
  deliveryId: string,
  delayMs = 0,
): Promise<void> {
  // A moment on the wall clock (pg-boss compares it with the database's now()); a number of seconds is
  // cast to a timestamp by pg-boss's insert, which PostgreSQL refuses.
  const options = delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}
  await ctx.jobs.enqueue(tx, QUEUES.deliverWebhook, { id: deliveryId }, options)
}

const DISABLED_REASON = 'Disabled after failing for 24 hours.'

async function disableFailingEndpoint(
  ctx: AppContext,
  tx: DbOrTx,
  endpoint: EndpointRow,
  at: Date,
): Promise<void> {
  if (!(await disableEndpoint(tx, endpoint.id, DISABLED_REASON))) return
  const settings = `${ctx.config.publicUrl}/app/integrations`
  for (const to of await organizationAdminEmails(tx, endpoint.organizationId)) {
    await queueEmail(ctx, tx, {
      template: 'webhook-endpoint-disabled',
      to,
      organizationId: endpoint.organizationId,
      subject: 'A BlueConsent webhook endpoint was disabled',
      text: [
        'Hello,',
        '',
        `Deliveries to your webhook endpoint ${endpoint.url} have failed for 24 hours (until ${formatMoment(at, 'en')}),`,
        'so BlueConsent stopped sending to it. Events from now on are not queued for it.',
        '',
        `Fix the receiver, then enable the endpoint again in Settings → Integrations: ${settings}`,
      ].join('\n'),
    })
  }
}
