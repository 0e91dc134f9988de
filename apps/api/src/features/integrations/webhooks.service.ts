// The rules for an organisation's webhook endpoints: its admins (only theirs; another organisation's endpoint
// answers 404) register, change, disable, delete and rotate them, read the delivery log and resend. Secrets are
// sealed at rest and shown once. Every change is audited.
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointList,
  type WebhookEndpointUpdate,
  type WebhookEventBody,
  type WebhookEventType,
  type WebhookSecret,
} from '@blueconsent/contract/integrations'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notFound } from '../../platform/errors.ts'
import { encrypt } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { newWebhookSecret } from './webhook-signature.ts'
import { queueDeliveryJob, webhookMessageId } from './webhooks.delivery.ts'
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  subscribedEndpoints,
  updateDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts'

/** How long the previous secret still signs after a rotation, so receivers can switch without losing events. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000
const DELIVERY_LOG_SIZE = 50

const iso = (date: Date | null): string | null => date?.toISOString() ?? null

const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEventType[],
  enabled: row.status === 'active',
  disabled_reason: row.disabledReason,
  previous_secret_expires_at: iso(row.previousSecretExpiresAt),
  failing_since: iso(row.failingSince),
  created_at: row.createdAt.toISOString(),
})

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  message_id: webhookMessageId(row.id),
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  response_code: row.responseCode,
  error: row.lastError,
  created_at: row.createdAt.toISOString(),
  last_attempt_at: iso(row.lastAttemptAt),
  next_attempt_at: iso(row.nextAttemptAt),
  delivered_at: iso(row.deliveredAt),
})

/** Webhooks belong to an organisation: a caller without one (a platform administrator) manages none. */
function organizationOf(source: Actor): string {
  const organizationId = source.principal.organizationId
  if (!organizationId) throw new AppError(403, 'permission_denied', WEBHOOK_MESSAGES.organizationRequired)
  return organizationId
}

/** Plain http reaches only this machine, and only where the configuration allows it. */
function checkScheme(ctx: AppContext, url: string): void {
  if (url.startsWith('http:') && !ctx.config.webhooksAllowLoopback)
    throw fieldError('url', WEBHOOK_MESSAGES.httpInProduction)
}

async function audit(
  tx: DbOrTx,
  source: Actor,
  action: string,
  endpoint: { id: string; url: string },
  at: Date,
): Promise<void> {
  await writeAudit(tx, source, {
    action,
    patientId: null,
    targetType: 'webhook_endpoint',
    targetId: endpoint.id,
    details: { url: endpoint.url },
    at,
  })
}

async function endpointInScope(ctx: AppContext, source: Actor, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(ctx.db, organizationOf(source), id)
  if (!row) throw notFound()
  return row
}

export async function listWebhookEndpoints(ctx: AppContext, source: Actor): Promise<WebhookEndpointList> {
  return { results: (await listEndpoints(ctx.db, organizationOf(source))).map(endpointView) }
}

export async function createWebhookEndpoint(
  ctx: AppContext,
  source: Actor,
  input: WebhookEndpointCreate,
): Promise<WebhookSecret> {
  const organizationId = organizationOf(source)
  checkScheme(ctx, input.url)
  const secret = newWebhookSecret()
  const now = ctx.clock()
  const id = await ctx.db.transaction(async (tx) => {
    if ((await countEndpoints(tx, organizationId)) >= WEBHOOK_LIMITS.endpointsPerOrganization)
      throw new AppError(409, 'conflict', WEBHOOK_MESSAGES.tooMany)
    const inserted = await insertEndpoint(tx, {
      organizationId,
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      secretEncrypted: encrypt(ctx.keys, secret),
      createdAt: now,
    })
    await audit(tx, source, 'integration.webhook_create', { id: inserted, url: input.url }, now)
    return inserted
  })
  return { id, secret }
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  source: Actor,
  id: string,
  input: WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  const endpoint = await endpointInScope(ctx, source, id)
  if (input.url !== undefined) checkScheme(ctx, input.url)
  const now = ctx.clock()
  const enabling = input.enabled === true && endpoint.status !== 'active'
  await ctx.db.transaction(async (tx) => {
    await updateEndpoint(tx, endpoint.id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled === false
        ? { status: 'disabled', disabledReason: 'Disabled by an administrator.' }
        : {}),
      ...(enabling ? { status: 'active', disabledReason: null, failingSince: null } : {}),
    })
    await audit(tx, source, 'integration.webhook_update', { id, url: input.url ?? endpoint.url }, now)
  })
  return endpointView((await findEndpoint(ctx.db, endpoint.organizationId, id)) ?? endpoint)
}

export async function deleteWebhookEndpoint(ctx: AppContext, source: Actor, id: string): Promise<void> {
  const endpoint = await endpointInScope(ctx, source, id)
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await deleteEndpoint(tx, endpoint.id)
    await audit(tx, source, 'integration.webhook_delete', endpoint, now)
  })
}

/** A new secret signs from now on; the one it replaces signs too for a day, then stops. */
export async function rotateWebhookSecret(
  ctx: AppContext,
  source: Actor,
  id: string,
): Promise<WebhookSecret> {
  const endpoint = await endpointInScope(ctx, source, id)
  const secret = newWebhookSecret()
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await updateEndpoint(tx, endpoint.id, {
      secretEncrypted: encrypt(ctx.keys, secret),
      previousSecretEncrypted: endpoint.secretEncrypted,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
    })
    await audit(tx, source, 'integration.webhook_secret_rotate', endpoint, now)
  })
  return { id: endpoint.id, secret }
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  source: Actor,
  id: string,
): Promise<WebhookDeliveryList> {
  const endpoint = await endpointInScope(ctx, source, id)
  return { results: (await listDeliveries(ctx.db, endpoint.id, DELIVERY_LOG_SIZE)).map(deliveryView) }
}

/** Sends a delivery again under its own webhook-id, whatever became of it, with a fresh day of retries. */
export async function resendWebhookDelivery(
  ctx: AppContext,
  source: Actor,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await endpointInScope(ctx, source, id)
  if (endpoint.status !== 'active') throw new AppError(409, 'conflict', WEBHOOK_MESSAGES.disabled)
  const delivery = await findDelivery(ctx.db, endpoint.id, deliveryId)
  if (!delivery) throw notFound()
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await updateDelivery(tx, delivery.id, { status: 'pending', createdAt: now, nextAttemptAt: now })
    await queueDeliveryJob(ctx, tx, delivery.id)
    await audit(tx, source, 'integration.webhook_resend', endpoint, now)
  })
  const updated = await findDelivery(ctx.db, endpoint.id, deliveryId)
  return deliveryView(updated ?? delivery)
}

/** A `webhook.test` event for one endpoint, whatever it subscribes to, so an admin can check the receiver. */
export async function sendWebhookTest(ctx: AppContext, source: Actor, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointInScope(ctx, source, id)
  if (endpoint.status !== 'active') throw new AppError(409, 'conflict', WEBHOOK_MESSAGES.disabled)
  const now = ctx.clock()
  const body: WebhookEventBody = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { organization_id: endpoint.organizationId },
  }
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const inserted = await queueDelivery(ctx, tx, endpoint, body, now)
    await audit(tx, source, 'integration.webhook_test', endpoint, now)
    return inserted
  })
  const delivery = await findDelivery(ctx.db, endpoint.id, deliveryId)
  if (!delivery) throw notFound()
  return deliveryView(delivery)
}

async function queueDelivery(
  ctx: AppContext,
  tx: DbOrTx,
  endpoint: { id: string; organizationId: string },
  body: WebhookEventBody,
  at: Date,
): Promise<string> {
  const deliveryId = await insertDelivery(tx, {
    endpointId: endpoint.id,
    organizationId: endpoint.organizationId,
    eventType: body.type,
    body: JSON.stringify(body),
    createdAt: at,
    nextAttemptAt: at,
  })
  await queueDeliveryJob(ctx, tx, deliveryId)
  return deliveryId
}

/** One delivery per subscribed endpoint of the organisation, queued in the caller's transaction. */
export async function publishWebhookEvent(
  ctx: AppContext,
  tx: DbOrTx,
  type: WebhookEventType,
  data: WebhookEventBody['data'],
  at: Date,
): Promise<void> {
  const endpoints = await subscribedEndpoints(tx, data.organization_id, type)
  if (endpoints.length === 0) return
  const body: WebhookEventBody = { type, timestamp: at.toISOString(), data }
  for (const endpoint of endpoints)
    await queueDelivery(ctx, tx, { id: endpoint.id, organizationId: data.organization_id }, body, at)
}
